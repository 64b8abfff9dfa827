/**
 * POST /api/gestione/messaggi over HTTP: the 'Gestito' mark of a contact message. A plain form
 * (the page works without JavaScript) gets a 303 back to the list, on the message, with what
 * happened; a JSON request gets JSON. Marked once: a second member marking the same message is
 * told who did it first, and nothing is overwritten.
 */
import { formatDateTime } from '../../lib/format/date';
import type { StaffMessagesService } from './staff-service';
import { staffJson } from '../staff';
import type { HandledMark, MarkingStaff } from './staff-store';
import { readBodyAtMost } from '../core/submission';

/** The list's address. */
export const MESSAGES_PATH = '/gestione/messaggi';

/** What the list says after a mark, by the `esito` of its address. */
export const MARK_NOTES = Object.freeze({
	gestito: 'Messaggio segnato come gestito.',
	'gia-gestito': 'Il messaggio era già stato segnato come gestito: sotto vedi da chi e quando.',
	'non-trovato':
		'Messaggio non trovato: forse è stato cancellato allo scadere dei tempi di conservazione.',
});

/** An outcome named in the list's address. */
export type MarkNote = keyof typeof MARK_NOTES;

/** "Gestito da Giulia il 26/11/2026, 10:32". */
export function handledText(handled: HandledMark): string {
	return `Gestito da ${handled.staffName} il ${formatDateTime(new Date(handled.at))}`;
}

const TOO_LARGE = 'Richiesta troppo lunga: indica solo il messaggio da segnare.';

const BAD_ID = 'Messaggio non indicato: ricarica la pagina dei messaggi e riprova.';

/** Longest body of a mark: an id, as a form or JSON. */
const MAX_BODY_BYTES = 1024;

/** The message id of the request's body, null when there is none, or 'too-large'. */
async function messageIdOf(request: Request, json: boolean): Promise<number | null | 'too-large'> {
	const read = await readBodyAtMost(request, MAX_BODY_BYTES);
	if (!read.ok) return read.why === 'too-large' ? 'too-large' : null;
	const text = new TextDecoder().decode(read.bytes);
	let raw: unknown = null;
	if (json) {
		try {
			raw = (JSON.parse(text) as Record<string, unknown> | null)?.['id'] ?? null;
		} catch {
			return null;
		}
	} else raw = new URLSearchParams(text).get('id');
	const id = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
	return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function backTo(note: MarkNote, id: number | null): Response {
	return new Response(null, {
		status: 303,
		headers: {
			Location: `${MESSAGES_PATH}?esito=${note}${id === null ? '' : `#messaggio-${id}`}`,
		},
	});
}

/** Handles the POST of a signed-in member of staff. */
export async function markFromRequest(
	request: Request,
	staff: MarkingStaff,
	service: StaffMessagesService | undefined,
): Promise<Response> {
	if (!service) {
		return staffJson(503, { error: 'Servizio non disponibile: riprova tra qualche minuto.' });
	}
	const json = (request.headers.get('content-type') ?? '').includes('application/json');
	const id = await messageIdOf(request, json);
	if (id === 'too-large') return staffJson(413, { error: TOO_LARGE });
	if (id === null) return json ? staffJson(422, { error: BAD_ID }) : backTo('non-trovato', null);
	const result = service.markMessageHandled(id, { id: staff.id, name: staff.name });
	switch (result.outcome) {
		case 'marked':
			return json ? staffJson(200, { ok: true, handled: result.handled }) : backTo('gestito', id);
		case 'already':
			return json
				? staffJson(409, { error: `${handledText(result.handled)}.`, handled: result.handled })
				: backTo('gia-gestito', id);
		case 'not-found':
			return json
				? staffJson(404, { error: MARK_NOTES['non-trovato'] })
				: backTo('non-trovato', id);
	}
}
