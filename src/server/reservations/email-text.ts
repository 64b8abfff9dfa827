/**
 * The two e-mails of a pickup reservation (docs/reservations.md), in Italian, as plain text. Pure.
 *
 * - The shop's notification is read on a phone at the counter: the code first (in the subject
 *   too), then the day, the customer and the items, one short line each, and the indicative
 *   total. Reply-To is the customer.
 * - The customer's confirmation: the code, the shop with its address, phone and that day's
 *   opening hours, the items, the total to pay in the shop and how long the items are held.
 *   Everything in it comes from the build (names, prices, shop) and the server (code, day):
 *   nothing the customer typed, not even the name, so the form cannot be used to send
 *   someone else a text of its choosing from the shop's sender.
 */
import { formatDateTime } from '../../lib/format/date';
import { formatPrice } from '../../lib/format/price';
import type { ReservationLine } from '../../lib/reservations/items';
import { pickupDayLabel } from '../../lib/reservations/days';
import { CONFIRMATION_WITHHELD_NOTE, oneLine, type EmailText } from '../core/email-text';
import type { EmailDeclaration, EmailSettings } from '../core/kind';

/** A stored reservation, as the e-mails show it. */
export interface ReservationForEmail {
	id: number;
	code: string;
	createdAt: Date;
	shopName: string;
	shopAddress: string;
	shopPhone: string;
	shopEmail: string;
	/** "YYYY-MM-DD". */
	day: string;
	/** That day's opening hours as shown: "09:30–12:30, 15:30–19:30". */
	dayHours: string;
	holdDays: number;
	name: string;
	email: string;
	phone: string;
	lines: readonly ReservationLine[];
	totalCents: number;
	/** True when the customer's confirmation was not sent: the address had its day's share. */
	confirmationWithheld: boolean;
	/** The last day the pieces are held ("YYYY-MM-DD"), for the e-mails of its changes. */
	heldThrough?: string | undefined;
	/** Why it was cancelled, when it was (the shop's words, or the customer's). */
	cancelReason?: string | null | undefined;
	/**
	 * The customer's link to see and cancel the reservation (absolute), drawn by the outbox
	 * just before the confirmation is sent; absent elsewhere.
	 */
	customerLink?: string | undefined;
}

/** "2 × Whey Concentrate 80 – Cioccolato – 2 kg". */
export function lineName(line: ReservationLine): string {
	return `${line.quantity} × ${line.productName} – ${line.variantLabel}`;
}

/** "54,90 € cad. = 109,80 €", or "6,90 €" for one piece. */
export function linePrice(line: ReservationLine): string {
	const total = formatPrice(line.unitPriceCents * line.quantity);
	return line.quantity === 1 ? total : `${formatPrice(line.unitPriceCents)} cad. = ${total}`;
}

export function pieces(lines: readonly ReservationLine[]): string {
	const count = lines.reduce((sum, line) => sum + line.quantity, 0);
	return count === 1 ? '1 pezzo' : `${count} pezzi`;
}

function days(count: number): string {
	return count === 1 ? '1 giorno' : `${count} giorni`;
}

/** The shop's notification of a new reservation. */
export function shopNotification(reservation: ReservationForEmail): EmailText {
	const day = pickupDayLabel(reservation.day);
	return {
		subject: `Prenotazione ${reservation.code} · ritiro ${day} · ${oneLine(reservation.name, 40)}`,
		text: [
			`CODICE: ${reservation.code}`,
			'',
			`Ritiro: ${day}`,
			`Negozio: ${reservation.shopName}`,
			'',
			`Cliente: ${oneLine(reservation.name, 200)}`,
			`Telefono: ${oneLine(reservation.phone, 100)}`,
			`E-mail: ${reservation.email}`,
			'',
			`Prodotti (${pieces(reservation.lines)}):`,
			...reservation.lines.flatMap((line) => [`- ${lineName(line)}`, `  ${linePrice(line)}`]),
			'',
			`Totale indicativo: ${formatPrice(reservation.totalCents)}, da pagare in negozio.`,
			'',
			'--',
			`Prenotazione n. ${reservation.id} dal sito, ricevuta il ${formatDateTime(reservation.createdAt)}.`,
			reservation.confirmationWithheld
				? CONFIRMATION_WITHHELD_NOTE
				: `Al cliente abbiamo scritto che teniamo i prodotti per ${days(reservation.holdDays)} dal giorno del ritiro.`,
			`Per rispondere usa «Rispondi»: la risposta arriva a ${reservation.email}.`,
		].join('\n'),
	};
}

/** The customer's confirmation, with the code to show at the counter. */
export function customerConfirmation(
	reservation: ReservationForEmail,
	companyName: string,
): EmailText {
	const day = pickupDayLabel(reservation.day);
	return {
		subject: `Prenotazione ${reservation.code}: ritiro ${day} – ${companyName}`,
		text: [
			'Ciao,',
			'',
			'abbiamo ricevuto la tua prenotazione. In negozio mostra questo codice:',
			'',
			`    ${reservation.code}`,
			'',
			`Ritiro: ${day}, ${reservation.dayHours}`,
			`Negozio: ${reservation.shopName}`,
			`Indirizzo: ${reservation.shopAddress}`,
			`Telefono: ${reservation.shopPhone}`,
			'',
			'Prodotti:',
			...reservation.lines.map((line) => `- ${lineName(line)}: ${linePrice(line)}`),
			'',
			`Totale: ${formatPrice(reservation.totalCents)}, da pagare in negozio al ritiro.`,
			'',
			`Ti teniamo i prodotti per ${days(reservation.holdDays)} a partire da ${day}. Se non puoi passare, rispondi a questa e-mail o chiamaci.`,
			'',
			...(reservation.customerLink
				? [
						'Per vedere a che punto è la prenotazione, o per annullarla, apri questo link (è solo tuo: non inoltrarlo):',
						reservation.customerLink,
						'',
					]
				: []),
			'Se non hai prenotato tu, ignora questa e-mail.',
			'',
			'A presto,',
			`lo staff di ${companyName}`,
		].join('\n'),
	};
}

/**
 * A reservation's e-mails as the outbox and the reports know them
 * (src/server/core/kind.ts): the shop's notification answers to the customer, the
 * customer's confirmation to the shop chosen.
 */
export const RESERVATION_EMAILS = {
	admin: {
		label: 'Notifica al negozio',
		compose: (reservation: ReservationForEmail) => ({
			...shopNotification(reservation),
			replyTo: reservation.email,
		}),
	},
	confirmation: {
		label: 'Conferma al visitatore',
		compose: (reservation: ReservationForEmail, { companyName }: EmailSettings) => ({
			...customerConfirmation(reservation, companyName),
			replyTo: reservation.shopEmail,
		}),
	},
} satisfies Record<string, EmailDeclaration<ReservationForEmail>>;
