/**
 * The staff desk over HTTP, with web-standard Request and Response: reading the body of an
 * action (a plain form from the page, or JSON from a script), running it for the signed-in
 * member of staff against the contact service, and answering it. The pages under /gestione and
 * the routes under /api/gestione/prenotazioni only wire these; the staff guard has already
 * found the member, and the middleware has checked the Origin and added no-store.
 *
 * Another shop's reservation is answered exactly as one that does not exist (404), so staff of
 * one shop cannot learn what another holds.
 */
import {
	ACTION_TARGETS,
	conflictMessage,
	DESK_TEXTS,
	notAllowedMessage,
	parseDeskRequest,
	type DeskRequest,
} from '../../lib/reservations/desk';
import { pickupCodeOf } from '../../lib/reservations/code';
import { groupByDay, type DeskDay } from '../../lib/reservations/desk-list';
import { STATUS_LABELS, type ReservationStatus } from '../../lib/reservations/status';
import { bodyKind, readBodyAtMost } from '../core/submission';
import { staffJson, type StaffMember } from '../staff';
import type { ReservationDeskService as ContactService } from './desk-service';
import type { StaffReservation } from './staff-store';

/** Largest body of an action: a reason of 500 characters and its encoding fit well. */
const MAX_BODY_BYTES = 8192;

/** The outcome of an action, for a page or the API. */
export type DeskOutcome =
	| { ok: true; status: ReservationStatus; version: number }
	| { ok: false; httpStatus: number; error: string };

/** A reservation id from the address, or null for anything but a positive whole number. */
export function reservationIdOf(param: string | undefined): number | null {
	if (!param || !/^[1-9]\d{0,14}$/.test(param)) return null;
	const id = Number(param);
	return Number.isSafeInteger(id) ? id : null;
}

/** Reads the fields of a form or JSON body; a refusal when it is neither, too large or broken. */
export async function readDeskFields(
	request: Request,
): Promise<
	{ ok: true; fields: Record<string, unknown> } | { ok: false; httpStatus: number; error: string }
> {
	const kind = bodyKind(request.headers.get('content-type'));
	if (!kind) return { ok: false, httpStatus: 415, error: DESK_TEXTS.unsupportedType };
	const read = await readBodyAtMost(request, MAX_BODY_BYTES);
	if (!read.ok && read.why === 'too-large') {
		return { ok: false, httpStatus: 413, error: 'La richiesta è troppo lunga.' };
	}
	if (!read.ok) return { ok: false, httpStatus: 400, error: DESK_TEXTS.badJson };
	let body: string;
	try {
		body = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
	} catch {
		return { ok: false, httpStatus: 400, error: DESK_TEXTS.badJson };
	}
	if (kind === 'form') return { ok: true, fields: Object.fromEntries(new URLSearchParams(body)) };
	try {
		const parsed: unknown = JSON.parse(body);
		if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
			return { ok: true, fields: parsed as Record<string, unknown> };
		}
	} catch {
		// Answered below.
	}
	return { ok: false, httpStatus: 400, error: DESK_TEXTS.badJson };
}

/** Runs a checked action for a member of staff. */
export function runDeskAction(
	service: ContactService,
	staff: StaffMember,
	reservationId: number,
	request: DeskRequest,
	now: Date = new Date(),
): DeskOutcome {
	const result = service.changeReservation({
		reservationId,
		to: ACTION_TARGETS[request.action],
		actor: 'staff',
		staff: { id: staff.id, name: staff.name },
		reason: request.reason,
		fromVersion: request.version,
		shopIds: staff.shops,
		undo: request.action === 'annulla-pronta',
	});
	switch (result.outcome) {
		case 'changed':
			return { ok: true, status: result.status, version: result.version };
		case 'not-found':
			return { ok: false, httpStatus: 404, error: DESK_TEXTS.notFound };
		case 'conflict':
			return { ok: false, httpStatus: 409, error: conflictMessage(result.last, now) };
		case 'not-allowed':
			if (result.why === 'undo-not-yours') {
				return { ok: false, httpStatus: 403, error: DESK_TEXTS.undoNotYours(result.markedBy) };
			}
			return {
				ok: false,
				httpStatus: 422,
				error:
					result.why === 'reason-required'
						? DESK_TEXTS.reasonRequired
						: result.why === 'reason-too-long'
							? DESK_TEXTS.reasonTooLong
							: result.why === 'undo-expired'
								? DESK_TEXTS.undoExpired
								: request.action === 'annulla-pronta'
									? DESK_TEXTS.undoNotPossible
									: notAllowedMessage(result.status, request.action),
			};
	}
}

/** Reads, checks and runs an action from a request body. */
export async function deskActionFromRequest(
	service: ContactService,
	staff: StaffMember,
	reservationId: number,
	request: Request,
): Promise<DeskOutcome & { asked?: DeskRequest }> {
	const read = await readDeskFields(request);
	if (!read.ok) return read;
	const parsed = parseDeskRequest(read.fields);
	if (!parsed.ok) return { ok: false, httpStatus: 400, error: parsed.error };
	return { ...runDeskAction(service, staff, reservationId, parsed.request), asked: parsed.request };
}

/** A reservation as the JSON API shows it. */
export function reservationJson(reservation: StaffReservation) {
	return { ...reservation, statusLabel: STATUS_LABELS[reservation.status] };
}

/** The list as the JSON API shows it: by day, with the number waiting. */
export function listJson(service: ContactService, staff: StaffMember, now: Date = new Date()) {
	const days: DeskDay[] = groupByDay(service.staffReservations(staff.shops), now);
	return { shops: staff.shops, waiting: days.reduce((sum, day) => sum + day.waiting, 0), days };
}

/** GET /api/gestione/prenotazioni[?codice=…]. */
export function listAnswer(
	service: ContactService | undefined,
	staff: StaffMember,
	url: URL,
): Response {
	if (!service) return staffJson(503, { error: DESK_TEXTS.unavailable });
	const code = url.searchParams.get('codice');
	if (code !== null) {
		const clean = pickupCodeOf(code);
		if (clean === null) return staffJson(400, { error: DESK_TEXTS.badCode });
		const id = service.staffReservationIdByCode(clean, staff.shops);
		if (id === null) return staffJson(404, { error: DESK_TEXTS.codeNotFound(clean) });
		return staffJson(200, { id, href: `/gestione/prenotazioni/${id}` });
	}
	return staffJson(200, listJson(service, staff));
}

/** GET /api/gestione/prenotazioni/<id>. */
export function detailAnswer(
	service: ContactService | undefined,
	staff: StaffMember,
	param: string | undefined,
): Response {
	if (!service) return staffJson(503, { error: DESK_TEXTS.unavailable });
	const id = reservationIdOf(param);
	const reservation = id === null ? null : service.staffReservation(id, staff);
	if (!reservation) return staffJson(404, { error: DESK_TEXTS.notFound });
	return staffJson(200, reservationJson(reservation));
}

/** POST /api/gestione/prenotazioni/<id>: an action, answered in JSON. */
export async function actionAnswer(
	service: ContactService | undefined,
	staff: StaffMember,
	param: string | undefined,
	request: Request,
): Promise<Response> {
	if (!service) return staffJson(503, { error: DESK_TEXTS.unavailable });
	const id = reservationIdOf(param);
	if (id === null) return staffJson(404, { error: DESK_TEXTS.notFound });
	const outcome = await deskActionFromRequest(service, staff, id, request);
	if (!outcome.ok) return staffJson(outcome.httpStatus, { error: outcome.error });
	return staffJson(200, {
		ok: true,
		id,
		status: outcome.status,
		statusLabel: STATUS_LABELS[outcome.status],
		version: outcome.version,
	});
}
