/**
 * What the counter's camera read, and where it leads: the QR code of a customer's confirmation
 * holds the pickup code alone (src/components/islands/PickupConfirmation.tsx), so a read value is
 * either a pickup code, which the desk looks up among the member's shops, or something else (a
 * web address, a product's barcode), which is said at once. The look-up's answer decides what the
 * page does: open the reservation, or say in Italian why not and go on scanning. Another shop's
 * code gets the same answer as an unknown one (the server answers both 404), so a scan learns
 * nothing of the other shop. Pure, shared by the scanner's script and its table tests.
 */
import { PICKUP_CODE_PATTERN } from './code';
import { DESK_TEXTS } from './desk';

/** What a read value is. */
export type ScannedValue = { kind: 'code'; code: string } | { kind: 'other' };

/**
 * A read value as a pickup code (spaces and case aside), or 'other'. A QR code is read exactly,
 * so only a code the store could have drawn counts (typing is looser: pickupCodeOf).
 */
export function scannedValueOf(raw: string): ScannedValue {
	const code = raw.trim().toUpperCase();
	return PICKUP_CODE_PATTERN.test(code) ? { kind: 'code', code } : { kind: 'other' };
}

/** What the page does after a scan. */
export type ScanOutcome = { kind: 'open'; href: string } | { kind: 'say'; text: string };

/** The Italian messages of the scanner. */
export const SCAN_TEXTS = Object.freeze({
	notOurs:
		'Questo codice QR non è quello di una prenotazione: inquadra il codice sulla pagina di conferma del cliente.',
	signedOut: 'La sessione è scaduta: ricarica la pagina e accedi di nuovo.',
	failed: 'Non riesco a cercare la prenotazione adesso: riprova, o scrivi il codice nel campo.',
	denied:
		'Non hai consentito l’uso della fotocamera: scrivi il codice nel campo, oppure consenti la fotocamera nelle impostazioni del browser e riprova.',
	noCamera: 'Nessuna fotocamera disponibile su questo dispositivo: scrivi il codice nel campo.',
	cameraFailed:
		'La fotocamera non si è avviata: chiudi le altre app che la usano, o scrivi il codice nel campo.',
	noDecoder: 'Questo browser non riesce a leggere i codici QR: scrivi il codice nel campo.',
});

/**
 * Where the desk's look-up (`GET /api/gestione/prenotazioni?codice=…`: 200 with the
 * reservation's `href`, 404 for another shop's or an unknown code, 401 when signed out) leads
 * for `code`; `status` 0 when the request itself failed.
 */
export function scanOutcomeOf(code: string, status: number, body: unknown): ScanOutcome {
	const href =
		body && typeof body === 'object' && 'href' in body && typeof body.href === 'string'
			? body.href
			: null;
	if (status === 200 && href !== null && /^\/gestione\/prenotazioni\/\d+$/.test(href)) {
		return { kind: 'open', href };
	}
	if (status === 404) return { kind: 'say', text: DESK_TEXTS.codeNotFound(code) };
	if (status === 401 || status === 403) return { kind: 'say', text: SCAN_TEXTS.signedOut };
	return { kind: 'say', text: SCAN_TEXTS.failed };
}

/** The message of a camera that would not start, by the error's name (getUserMedia's). */
export function cameraErrorText(name: string | undefined): string {
	if (name === 'NotAllowedError' || name === 'SecurityError') return SCAN_TEXTS.denied;
	if (name === 'NotFoundError' || name === 'OverconstrainedError') return SCAN_TEXTS.noCamera;
	return SCAN_TEXTS.cameraFailed;
}
