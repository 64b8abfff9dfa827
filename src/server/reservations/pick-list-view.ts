/**
 * What /gestione/preparazione renders, decided here rather than in the page: the day's pick list
 * of the member's shops (pick-list.ts), and what a tick posted to the page did. A tick goes
 * through the desk's one change of state (runDeskAction), so 'Pronta' here follows the same
 * rules, sends the same e-mail and can be undone the same way as on a reservation's page; a
 * change made sends the browser back to the list (POST, then GET: a reload sends nothing twice).
 */
import { ACTION_DONE, DESK_TEXTS } from '../../lib/reservations/desk';
import { pickActionOf, pickDoneOf, pickListHref } from '../../lib/reservations/pick-list';
import { secondsLeft } from '../../lib/reservations/undo';
import type { StaffMember } from '../staff';
import { readDeskFields, reservationIdOf, runDeskAction } from './desk-http';
import type { ReservationDeskService } from './desk-service';
import type { PickListService, PickListView } from './pick-list-store';
import type { PageAnswer } from './view';

/** The reservation a tick just changed, as the list's banner shows it. */
export interface PickDone {
	id: number;
	code: string;
	version: number;
	/** What the tick did, when it can no longer be undone. */
	text: string;
	/** While 'Pronta' can be undone: until when (ISO) and the whole seconds left; else null. */
	undo: { until: string; secondsLeft: number } | null;
}

/** The page of the pick list. */
export interface PickListPage {
	/** The list of the day asked for; null when the day is not a date or the service is missing. */
	list: PickListView | null;
	/** Why the day asked for cannot be shown (not a date), or null. */
	badDay: boolean;
	/** Shown instead of the list when the service is unavailable. */
	unavailable: string | null;
	/** Why the tick sent was refused, or null. */
	error: string | null;
	/** The reservation the tick just changed, or null. */
	done: PickDone | null;
}

/**
 * GET or POST /gestione/preparazione[?giorno=YYYY-MM-DD]: a POST ticks a code ('Pronta', or
 * 'Annulla' within the undo window), made by the member for their shops.
 */
export async function pickListPageView(
	service: (ReservationDeskService & PickListService) | undefined,
	staff: StaffMember,
	request: Request,
	url: URL,
	now: Date = new Date(),
): Promise<PageAnswer<PickListPage>> {
	let status = 200;
	let error: string | null = null;
	if (request.method === 'POST' && service) {
		const read = await readDeskFields(request);
		const asked = read.ok ? pickActionOf(read.fields) : null;
		const posted = read.ok ? read.fields['id'] : undefined;
		const id = reservationIdOf(typeof posted === 'string' ? posted : undefined);
		if (!read.ok) {
			error = read.error;
			status = read.httpStatus;
		} else if (!asked?.ok || id === null) {
			error = asked && !asked.ok ? asked.error : DESK_TEXTS.notFound;
			status = 400;
		} else {
			const outcome = runDeskAction(service, staff, id, asked.request, now);
			if (outcome.ok) {
				const done = { action: asked.request.action, id };
				return { kind: 'redirect', location: pickListHref(asked.day, done) };
			}
			error = outcome.error;
			status = outcome.httpStatus;
		}
	}
	const list = service ? service.pickList(staff.shops, url.searchParams.get('giorno')) : null;
	if (service && !list && status === 200) status = 400;
	const asked = error ? null : pickDoneOf(url.searchParams);
	const changed = asked && service ? service.staffReservation(asked.id, staff) : null;
	return {
		kind: 'page',
		status,
		view: {
			list,
			badDay: Boolean(service) && !list,
			unavailable: service ? null : DESK_TEXTS.unavailable,
			error,
			done:
				asked && changed
					? {
							id: changed.id,
							code: changed.code,
							version: changed.version,
							text: ACTION_DONE[asked.action],
							undo: changed.undoUntil
								? {
										until: changed.undoUntil,
										secondsLeft: secondsLeft(new Date(changed.undoUntil), now),
									}
								: null,
						}
					: null,
		},
	};
}
