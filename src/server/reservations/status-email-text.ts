/**
 * The e-mails of a reservation's changes of state (src/lib/reservations/status.ts), in Italian, as
 * plain text. Pure.
 *
 * - Ready: the customer learns the products are ready, with the code to show, the shop, and
 *   until which day they are held (after it they go back on the shelf).
 * - Cancelled by the shop: the customer learns it was cancelled and why, in the words of the
 *   member of staff who cancelled it (staff type them, not the visitor).
 * - Cancelled by the customer (from their link): the shop learns the pieces are free again.
 * None of the customer's e-mails carry what the visitor typed, as the confirmation does not.
 */
import { formatPrice } from '../../lib/format/price';
import { pickupDayLabel } from '../../lib/reservations/days';
import { oneLine, type EmailText } from '../core/email-text';
import type { EmailDeclaration, EmailSettings } from '../core/kind';
import { lineName, linePrice, pieces, type ReservationForEmail } from './email-text';

/** The shop's block: name, address, phone. */
function shopLines(reservation: ReservationForEmail): string[] {
	return [
		`Negozio: ${reservation.shopName}`,
		`Indirizzo: ${reservation.shopAddress}`,
		`Telefono: ${reservation.shopPhone}`,
	];
}

/** The products and the total to pay. */
function productLines(reservation: ReservationForEmail): string[] {
	return [
		'Prodotti:',
		...reservation.lines.map((line) => `- ${lineName(line)}: ${linePrice(line)}`),
		'',
		`Totale: ${formatPrice(reservation.totalCents)}, da pagare in negozio al ritiro.`,
	];
}

/** The last held day, "sabato 28 novembre"; the pickup day's when not known. */
function heldUntil(reservation: ReservationForEmail): string {
	return pickupDayLabel(reservation.heldThrough ?? reservation.day);
}

/** The customer's e-mail: the reservation is ready, held until a day. */
export function readyEmail(reservation: ReservationForEmail, companyName: string): EmailText {
	const until = heldUntil(reservation);
	return {
		subject: `Prenotazione ${reservation.code}: pronta per il ritiro – ${companyName}`,
		text: [
			'Ciao,',
			'',
			'la tua prenotazione è pronta: puoi ritirarla in negozio mostrando questo codice:',
			'',
			`    ${reservation.code}`,
			'',
			`Ritiro: ${pickupDayLabel(reservation.day)}, ${reservation.dayHours}`,
			...shopLines(reservation),
			'',
			`Ti teniamo i prodotti fino a ${until} compreso, nell'orario del negozio; dopo tornano in vendita.`,
			'',
			...productLines(reservation),
			'',
			'Se non puoi passare, rispondi a questa e-mail o chiamaci.',
			'',
			'A presto,',
			`lo staff di ${companyName}`,
		].join('\n'),
	};
}

/** The customer's e-mail: the shop cancelled the reservation, and why. */
export function shopCancelledEmail(
	reservation: ReservationForEmail,
	companyName: string,
): EmailText {
	const reason = reservation.cancelReason?.trim() || 'non indicato';
	return {
		subject: `Prenotazione ${reservation.code} annullata – ${companyName}`,
		text: [
			'Ciao,',
			'',
			`ci dispiace: abbiamo annullato la tua prenotazione ${reservation.code} per il ritiro di ${pickupDayLabel(reservation.day)} presso ${reservation.shopName}.`,
			'',
			`Motivo: ${reason}`,
			'',
			'Prodotti della prenotazione:',
			...reservation.lines.map((line) => `- ${lineName(line)}`),
			'',
			`Per qualsiasi domanda rispondi a questa e-mail o chiamaci al ${reservation.shopPhone}.`,
			'',
			'A presto,',
			`lo staff di ${companyName}`,
		].join('\n'),
	};
}

/** The shop's e-mail: the customer cancelled the reservation from their link. */
export function customerCancelledEmail(reservation: ReservationForEmail): EmailText {
	const day = pickupDayLabel(reservation.day);
	const reason = reservation.cancelReason?.trim();
	return {
		subject: `Prenotazione ${reservation.code} ANNULLATA dal cliente · ritiro ${day} · ${oneLine(reservation.name, 40)}`,
		text: [
			`CODICE: ${reservation.code}`,
			'',
			'Il cliente ha annullato la prenotazione dal link della conferma: non va preparata, e i pezzi sono di nuovo disponibili.',
			'',
			`Ritiro previsto: ${day}`,
			`Negozio: ${reservation.shopName}`,
			'',
			`Cliente: ${oneLine(reservation.name, 200)}`,
			`Telefono: ${oneLine(reservation.phone, 100)}`,
			`E-mail: ${reservation.email}`,
			...(reason ? ['', `Motivo indicato dal cliente: ${oneLine(reason, 500)}`] : []),
			'',
			`Prodotti (${pieces(reservation.lines)}):`,
			...reservation.lines.map((line) => `- ${lineName(line)}`),
			'',
			'--',
			`Prenotazione n. ${reservation.id} dal sito. Per rispondere usa «Rispondi»: la risposta arriva a ${reservation.email}.`,
		].join('\n'),
	};
}

/**
 * The e-mails of a reservation's changes of state, as its owner declares them to the outbox
 * (src/server/core/kind.ts): the customer's answer to the shop, the shop's to the customer.
 */
export const RESERVATION_STATUS_EMAILS = {
	ready: {
		label: 'Avviso «pronta» al cliente',
		compose: (reservation: ReservationForEmail, { companyName }: EmailSettings) => ({
			...readyEmail(reservation, companyName),
			replyTo: reservation.shopEmail,
		}),
	},
	cancelled: {
		label: 'Annullamento del negozio al cliente',
		compose: (reservation: ReservationForEmail, { companyName }: EmailSettings) => ({
			...shopCancelledEmail(reservation, companyName),
			replyTo: reservation.shopEmail,
		}),
	},
	customer_cancelled: {
		label: 'Annullamento del cliente al negozio',
		compose: (reservation: ReservationForEmail) => ({
			...customerCancelledEmail(reservation),
			replyTo: reservation.email,
		}),
	},
} satisfies Record<string, EmailDeclaration<ReservationForEmail>>;

/** The kinds of the e-mails of a reservation's changes of state. */
export type ReservationChangeEmailKind = keyof typeof RESERVATION_STATUS_EMAILS;
