/**
 * The confirmation page /lista-ritiro/confermata (docs/reservations.md): the pickup code, shop and day
 * travel in its address, so a reload, a bookmark or the back button shows it again; what became
 * of the confirmation e-mail travels as one word. Pure.
 */
import type { EmailStatus } from '../messages/outcome';
import { hoursOn as calendarHoursOn, type ShopCalendar } from '../shops/calendar';
import { linkFragment, tokenOfLink } from './customer-link';
import type { PickupAccepted } from './types';

/** The page's address. */
export const CONFIRMATION_PATH = '/lista-ritiro/confermata';

/** What the page says of the visitor's e-mail. */
export type EmailNote = 'inviata' | 'in-arrivo' | 'simulazione' | 'non-inviata';

/** A confirmed reservation as the page shows it. */
export interface Confirmation {
	code: string;
	shopId: string;
	/** "YYYY-MM-DD". */
	day: string;
	email: EmailNote;
}

const CODE = /^[A-Za-z0-9-]{4,16}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const NOTES: readonly EmailNote[] = ['inviata', 'in-arrivo', 'simulazione', 'non-inviata'];

/** The note for the visitor's confirmation e-mail. */
export function emailNote(status: EmailStatus): EmailNote {
	if (status.simulationMode) return 'simulazione';
	if (status.userConfirmationSent) return 'inviata';
	return status.emailsPending ? 'in-arrivo' : 'non-inviata';
}

/** The sentence for each note. */
export const EMAIL_NOTES: Readonly<Record<EmailNote, string>> = Object.freeze({
	inviata: 'Ti abbiamo inviato un’e-mail con il riepilogo della prenotazione.',
	'in-arrivo': 'L’e-mail con il riepilogo della prenotazione arriverà a breve.',
	simulazione:
		'Prenotazione registrata in modalità simulazione: in questa modalità non vengono inviate e-mail.',
	'non-inviata':
		'Non siamo riusciti a inviarti l’e-mail di riepilogo, ma la prenotazione è registrata: mostra questo codice in negozio.',
});

/**
 * The address of the confirmation of an accepted reservation. The customer's link travels in
 * the fragment (`#link=<token>`): a browser never sends a fragment to a server, nor in a
 * Referer, and the service worker keeps pages by their address without query or fragment.
 */
export function confirmationHref(
	accepted: Pick<PickupAccepted, 'code' | 'emailStatus' | 'link'>,
	shopId: string,
	day: string,
): string {
	const params = new URLSearchParams({
		codice: accepted.code,
		negozio: shopId,
		giorno: day,
		email: emailNote(accepted.emailStatus),
	});
	const token = tokenOfLink(accepted.link);
	return `${CONFIRMATION_PATH}?${params.toString()}${token ? linkFragment(token) : ''}`;
}

/**
 * The confirmation in an address's query, or null when its code is missing or malformed. A
 * shop the site does not have, or a day that is not a date, is left empty (the code is what
 * the counter needs); an unknown note reads as none sent.
 */
export function readConfirmation(search: string, shopIds: readonly string[]): Confirmation | null {
	const params = new URLSearchParams(search);
	const code = params.get('codice') ?? '';
	if (!CODE.test(code)) return null;
	const shopId = params.get('negozio') ?? '';
	const day = params.get('giorno') ?? '';
	const email = params.get('email') as EmailNote | null;
	return {
		code,
		shopId: shopIds.includes(shopId) ? shopId : '',
		day: DAY.test(day) ? day : '',
		email: email && NOTES.includes(email) ? email : 'non-inviata',
	};
}

/**
 * The shop's hours on a "YYYY-MM-DD" day by its calendar (an extraordinary opening has its own),
 * as "09:30–12:30, 15:30–19:30" ('' when closed or not a real date).
 */
export function hoursOn(shop: ShopCalendar, day: string): string {
	return calendarHoursOn(shop, day)
		.map((range) => range.replace('-', '–'))
		.join(', ');
}
