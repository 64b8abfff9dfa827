/**
 * The staff desk's actions on a reservation, in Italian: what a form or the JSON API sends
 * ('pronta', 'ritirata', 'annulla', with the version the page showed and, to cancel, a reason),
 * and the words of every answer, including the conflict that names who changed it meanwhile and
 * when. Pure, shared by the pages (plain forms) and the API routes, so both say the same.
 */
import { canChange, STATUS_LABELS, MAX_REASON_LENGTH, type ReservationStatus } from './status';

/**
 * An action as a form or the API names it; 'annulla-pronta' undoes the latest 'Pronta' within
 * its window (src/lib/reservations/undo.ts).
 */
export type DeskAction = 'pronta' | 'ritirata' | 'annulla' | 'annulla-pronta';

/** The state each action moves a reservation to. */
export const ACTION_TARGETS: Readonly<Record<DeskAction, ReservationStatus>> = Object.freeze({
	pronta: 'ready',
	ritirata: 'collected',
	annulla: 'cancelled',
	'annulla-pronta': 'held',
});

/** The button of each action. */
export const ACTION_LABELS: Readonly<Record<DeskAction, string>> = Object.freeze({
	pronta: 'Pronta per il ritiro',
	ritirata: 'Ritirata',
	annulla: 'Annulla',
	'annulla-pronta': 'Annulla',
});

/** What each action, once made, says at the top of the page. */
export const ACTION_DONE: Readonly<Record<DeskAction, string>> = Object.freeze({
	pronta: 'Segnata come pronta: al cliente parte un’e-mail con il giorno fino a cui la teniamo.',
	ritirata: 'Segnata come ritirata.',
	annulla: 'Prenotazione annullata: al cliente parte un’e-mail con il motivo.',
	'annulla-pronta':
		'Annullato: la prenotazione è di nuovo Da preparare e al cliente non parte nessuna e-mail.',
});

/** The actions offered from a state, in the order of the page: the moves staff may make. */
export function actionsFrom(status: ReservationStatus): DeskAction[] {
	return (Object.keys(ACTION_TARGETS) as DeskAction[]).filter((action) =>
		canChange(status, ACTION_TARGETS[action], 'staff'),
	);
}

/** An action asked for, checked for form (not yet against the reservation). */
export interface DeskRequest {
	action: DeskAction;
	/** The version the page showed. */
	version: number;
	reason: string | null;
}

/** The Italian texts of the desk's answers. */
export const DESK_TEXTS = Object.freeze({
	notFound: 'Prenotazione non trovata.',
	badAction: 'Azione non valida: scegli Pronta per il ritiro, Ritirata o Annulla.',
	undoExpired:
		'Troppo tardi per annullare: l’e-mail al cliente è già partita. La prenotazione resta Pronta per il ritiro.',
	undoNotPossible:
		'Non c’è niente da annullare: si può annullare solo «Pronta per il ritiro» appena segnata.',
	undoNotYours: (markedBy: string | null) =>
		`Solo chi l’ha segnata Pronta per il ritiro${markedBy ? ` (${markedBy})` : ''} può annullarla: la prenotazione resta Pronta per il ritiro.`,
	badVersion: 'Manca la versione della prenotazione: ricarica la pagina e riprova.',
	badId: 'Prenotazione non trovata: l’indirizzo non è quello di una prenotazione.',
	reasonRequired: 'Scrivi il motivo dell’annullamento: lo riceve il cliente.',
	reasonTooLong: `Il motivo è troppo lungo: al massimo ${MAX_REASON_LENGTH} caratteri.`,
	unsupportedType:
		'Formato non supportato: invia un modulo (application/x-www-form-urlencoded) o JSON.',
	badJson: 'Il contenuto non è un oggetto JSON valido.',
	codeNotFound: (code: string) =>
		`Nessuna prenotazione dei tuoi negozi con il codice ${code}. Controlla il codice e riprova.`,
	badCode: 'Scrivi il codice di ritiro: 6 caratteri, lettere e numeri.',
	unavailable: 'Prenotazioni non disponibili in questo momento: riprova tra qualche minuto.',
});

/** A field of a form or JSON body as text, or null. */
function text(value: unknown): string | null {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return null;
}

/** Checks what a form or JSON body sent: the action, the version, the reason. */
export function parseDeskRequest(
	fields: Readonly<Record<string, unknown>>,
): { ok: true; request: DeskRequest } | { ok: false; error: string } {
	const action = text(fields['azione']);
	if (
		action !== 'pronta' &&
		action !== 'ritirata' &&
		action !== 'annulla' &&
		action !== 'annulla-pronta'
	) {
		return { ok: false, error: DESK_TEXTS.badAction };
	}
	const versionText = text(fields['versione']) ?? '';
	const version = /^\d{1,9}$/.test(versionText) ? Number(versionText) : NaN;
	if (!Number.isSafeInteger(version) || version < 1) {
		return { ok: false, error: DESK_TEXTS.badVersion };
	}
	const reason = text(fields['motivo']);
	return { ok: true, request: { action, version, reason: reason?.trim() || null } };
}

/** "10:32" today in Rome, else "26/11 alle 10:32". */
export function atTime(at: Date, now: Date): string {
	const zone = { timeZone: 'Europe/Rome' } as const;
	const day = (date: Date) =>
		new Intl.DateTimeFormat('en-CA', { ...zone, dateStyle: 'short' }).format(date);
	const time = new Intl.DateTimeFormat('it-IT', {
		...zone,
		hour: '2-digit',
		minute: '2-digit',
	}).format(at);
	if (day(at) === day(now)) return time;
	const date = new Intl.DateTimeFormat('it-IT', { ...zone, day: '2-digit', month: '2-digit' });
	return `${date.format(at)} alle ${time}`;
}

/** A change that someone else made meanwhile, as the conflict names it. */
export interface ChangeSeen {
	actor: 'staff' | 'customer' | 'system';
	staffName: string | null;
	to: ReservationStatus;
	/** ISO time. */
	at: string;
}

/**
 * The conflict's message: who changed it meanwhile, to what and when, and what to do
 * ("Nel frattempo Giulia l'ha segnata come Ritirata alle 10:32. Ricarica la pagina.").
 */
export function conflictMessage(last: ChangeSeen | null, now: Date): string {
	const reload = 'Ricarica la pagina per vederla com’è ora.';
	if (!last) return `Nel frattempo la prenotazione è cambiata. ${reload}`;
	const when = atTime(new Date(last.at), now);
	const label = STATUS_LABELS[last.to];
	const at = when.includes(' alle ') ? `il ${when}` : `alle ${when}`;
	if (last.actor === 'customer') return `Nel frattempo il cliente l’ha annullata ${at}. ${reload}`;
	if (last.actor === 'system') {
		return `Nel frattempo è diventata ${label} ${at}: il tempo di ritiro è finito. ${reload}`;
	}
	return `Nel frattempo ${last.staffName ?? 'un collega'} l’ha segnata come ${label} ${at}. ${reload}`;
}

/** The refusal of an action the state does not allow. */
export function notAllowedMessage(status: ReservationStatus, action: DeskAction): string {
	return `La prenotazione è ${STATUS_LABELS[status]}: «${ACTION_LABELS[action]}» non si può più fare.`;
}
