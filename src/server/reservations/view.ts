/**
 * What the staff's reservation pages render, decided here rather than in the pages: the
 * counter's list (/gestione, with the search by pickup code) and one reservation
 * (/gestione/prenotazioni/<id>, with its actions as plain forms posted to the page). Each
 * function takes the request as the page received it and returns either where to send the
 * browser (a 303) or the status and the view the page renders.
 *
 * Another shop's reservation is answered exactly as one that does not exist (404), so staff of
 * one shop cannot learn what another holds.
 */
import { formatPrice } from '../../lib/format/price';
import { ownValue } from '../../lib/own-key';
import { pickupDayLabel } from '../../lib/reservations/days';
import {
	ACTION_DONE,
	ACTION_LABELS,
	actionsFrom,
	atTime,
	DESK_TEXTS,
	type DeskAction,
} from '../../lib/reservations/desk';
import type { DeskDay } from '../../lib/reservations/desk-list';
import { pickupCodeOf } from '../../lib/reservations/code';
import { STATUS_LABELS, type StatusActor } from '../../lib/reservations/status';
import { secondsLeft } from '../../lib/reservations/undo';
import type { EmailState } from '../core/schema';
import type { StaffMember } from '../staff';
import { deskActionFromRequest, listJson, reservationIdOf } from './desk-http';
import type { DeskReservation, ReservationDeskService } from './desk-service';

/** Where to send the browser, or the page to render with its status. */
export type PageAnswer<View> =
	{ kind: 'redirect'; location: string } | { kind: 'page'; status: number; view: View };

/** "1 pezzo", "3 pezzi". */
export const piecesText = (count: number) => (count === 1 ? '1 pezzo' : `${count} pezzi`);

/** The counter's list. */
export interface DeskListPage {
	/** The pickup code searched for, as typed. */
	asked: string;
	/** Why the search found nothing, or null. */
	searchError: string | null;
	/** The list by day with the number waiting; null when the service is unavailable. */
	list: {
		waiting: number;
		days: (Omit<DeskDay, 'reservations'> & {
			reservations: (DeskDay['reservations'][number] & { summary: string })[];
		})[];
	} | null;
	/** Shown instead of the list when the service is unavailable. */
	unavailable: string | null;
}

/** GET /gestione[?codice=K7M2QX]: a code found goes to its reservation, else the list. */
export function deskListView(
	service: ReservationDeskService | undefined,
	staff: StaffMember,
	url: URL,
	now: Date = new Date(),
): PageAnswer<DeskListPage> {
	const asked = url.searchParams.get('codice');
	let status = 200;
	let searchError: string | null = null;
	if (asked !== null && service) {
		const code = pickupCodeOf(asked);
		if (code === null) {
			searchError = DESK_TEXTS.badCode;
			status = 400;
		} else {
			const id = service.staffReservationIdByCode(code, staff.shops);
			if (id !== null) return { kind: 'redirect', location: `/gestione/prenotazioni/${id}` };
			searchError = DESK_TEXTS.codeNotFound(code);
			status = 404;
		}
	}
	const list = service ? listJson(service, staff, now) : null;
	const withShop = staff.shops.length > 1;
	return {
		kind: 'page',
		status,
		view: {
			asked: asked ?? '',
			searchError,
			unavailable: service ? null : DESK_TEXTS.unavailable,
			list: list && {
				waiting: list.waiting,
				days: list.days.map((day) => ({
					...day,
					reservations: day.reservations.map((reservation) => ({
						...reservation,
						summary: `${piecesText(reservation.pieces)} · ${formatPrice(reservation.totalCents)}${withShop ? ` · ${reservation.shopName}` : ''}`,
					})),
				})),
			},
		},
	};
}

/** How the page names who made a change. */
const WHO: Readonly<Record<StatusActor, string | null>> = Object.freeze({
	staff: null,
	customer: 'Il cliente',
	system: 'Automatico',
});

/** How the page names the state of the customer's latest e-mail. */
const EMAIL_STATES: Readonly<Record<EmailState, string>> = Object.freeze({
	sent: 'inviata',
	pending: 'in coda, riprovo',
	sending: 'in invio',
	failed: 'non inviata',
	interrupted: 'esito incerto',
});

/** The customer's e-mails a change sends, whose state the page reports after it. */
const CHANGE_EMAILS: readonly string[] = ['ready', 'cancelled'];

/** One reservation as the page shows it. */
export interface ReservationView {
	id: number;
	code: string;
	status: DeskReservation['status'];
	version: number;
	/** "3 pezzi". */
	pieces: string;
	/** "39,80 €". */
	price: string;
	/** "Ritiro venerdì 27 novembre", with the shop's name for a member of several shops. */
	pickup: string;
	/**
	 * While staff's latest 'Pronta' can be undone (the customer's e-mail waits): until when (ISO)
	 * and the whole seconds left as the page is made; null otherwise.
	 */
	undo: { until: string; secondsLeft: number } | null;
	/** "venerdì 27 novembre, 9:00–12:30". */
	when: string;
	/** "Sede di Torino · tenuta fino a domenica 29 novembre compreso". */
	held: string;
	name: string;
	phone: string;
	email: string;
	/** "39,80 € (3 pezzi), da pagare al ritiro". */
	total: string;
	lines: { quantity: number; productName: string; variantLabel: string; price: string }[];
	/** The actions that are buttons (every allowed one but cancelling), with their label. */
	buttons: { action: DeskAction; label: string; confirm: string | null }[];
	/** Whether cancelling (with its reason) is offered. */
	cancellable: boolean;
	/** The history, the reservation's arrival first. */
	history: {
		at: string;
		when: string;
		who: string;
		from: string | null;
		to: string;
		reason: string | null;
	}[];
}

/** The page of one reservation. */
export interface ReservationPage {
	/** Null for a reservation of no shop of the member (or none at all). */
	reservation: ReservationView | null;
	/** Why there is no reservation to show: not found, or the service unavailable. */
	missing: string;
	/**
	 * What the action just made did (and the customer's e-mail state), or null; null too while
	 * 'Pronta' can be undone, when the page offers 'Annulla' with the time left instead.
	 */
	done: string | null;
	/** Why the action sent was refused, or null. */
	error: string | null;
	/** The reason typed before a refusal, kept in the form. */
	typedReason: string;
	/** Whether the cancel form starts open (a reason typed, or a reason missing). */
	cancelOpen: boolean;
}

function reservationView(
	reservation: DeskReservation,
	withShop: boolean,
	now: Date,
): ReservationView {
	const actions = actionsFrom(reservation.status);
	return {
		id: reservation.id,
		code: reservation.code,
		status: reservation.status,
		version: reservation.version,
		pieces: piecesText(reservation.pieces),
		price: formatPrice(reservation.totalCents),
		pickup: `Ritiro ${pickupDayLabel(reservation.day)}${withShop ? ` · ${reservation.shopName}` : ''}`,
		undo: reservation.undoUntil
			? {
					until: reservation.undoUntil,
					secondsLeft: secondsLeft(new Date(reservation.undoUntil), now),
				}
			: null,
		when: `${pickupDayLabel(reservation.day)}, ${reservation.dayHours}`,
		held: `${reservation.shopName} · tenuta fino a ${pickupDayLabel(reservation.heldThrough)} compreso`,
		name: reservation.name,
		phone: reservation.phone,
		email: reservation.email,
		total: `${formatPrice(reservation.totalCents)} (${piecesText(reservation.pieces)}), da pagare al ritiro`,
		lines: reservation.lines.map((line) => ({
			quantity: line.quantity,
			productName: line.productName,
			variantLabel: line.variantLabel,
			price: formatPrice(line.unitPriceCents * line.quantity),
		})),
		buttons: actions
			.filter((action) => action !== 'annulla')
			.map((action) => ({
				action,
				label: ACTION_LABELS[action],
				confirm:
					action === 'ritirata'
						? `Confermi che il cliente ha ritirato la prenotazione ${reservation.code}?`
						: null,
			})),
		cancellable: actions.includes('annulla'),
		history: [
			{
				at: reservation.createdAt,
				when: atTime(new Date(reservation.createdAt), now),
				who: 'Ricevuta dal sito',
				from: null,
				to: STATUS_LABELS.held,
				reason: null,
			},
			...reservation.events.map((event) => ({
				at: event.at,
				when: atTime(new Date(event.at), now),
				who: WHO[event.actor] ?? event.staffName ?? 'Staff',
				from: STATUS_LABELS[event.from],
				to: STATUS_LABELS[event.to],
				reason: event.reason,
			})),
		],
	};
}

/**
 * GET or POST /gestione/prenotazioni/<id>: a POST is an action, made by the member for their
 * shops; a change made sends the browser back here (POST, then GET: a reload sends nothing
 * twice), a refused one is shown with its message and status (409 when someone changed it
 * meanwhile).
 */
export async function reservationPageView(
	service: ReservationDeskService | undefined,
	staff: StaffMember,
	request: Request,
	param: string | undefined,
	url: URL,
	now: Date = new Date(),
): Promise<PageAnswer<ReservationPage>> {
	const id = reservationIdOf(param);
	let status = 200;
	let error: string | null = null;
	let typedReason = '';
	if (request.method === 'POST' && service && id !== null) {
		const outcome = await deskActionFromRequest(service, staff, id, request);
		if (outcome.ok && outcome.asked) {
			return {
				kind: 'redirect',
				location: `/gestione/prenotazioni/${id}?fatto=${outcome.asked.action}`,
			};
		}
		if (!outcome.ok) {
			error = outcome.error;
			typedReason = outcome.asked?.reason ?? '';
			status = outcome.httpStatus;
		}
	}
	const reservation = id !== null && service ? service.staffReservation(id, staff) : null;
	if (!reservation) status = 404;
	const asked = url.searchParams.get('fatto');
	const done = error ? null : (ownValue(ACTION_DONE, asked) ?? null);
	const customerEmail = reservation?.emails.find((email) => CHANGE_EMAILS.includes(email.kind));
	return {
		kind: 'page',
		status,
		view: {
			reservation: reservation && reservationView(reservation, staff.shops.length > 1, now),
			missing: service
				? 'Non c’è una prenotazione dei tuoi negozi a questo indirizzo.'
				: DESK_TEXTS.unavailable,
			done:
				done && !reservation?.undoUntil
					? customerEmail
						? `${done} E-mail al cliente: ${EMAIL_STATES[customerEmail.status]}.`
						: done
					: null,
			error,
			typedReason,
			cancelOpen: typedReason !== '' || error === DESK_TEXTS.reasonRequired,
		},
	};
}
