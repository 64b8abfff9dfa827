/**
 * The text `npm run prenotazioni` prints for the shop: every stored pickup reservation, newest
 * first, with its code, shop, day, items, customer, what happened to its two e-mails and the
 * address it came from.
 * Everything that came from outside (the customer's name, e-mail and phone, a mail server's
 * error) goes through `escapeForTerminal`, as in the messages' report. Pure.
 */
import { formatDateTime } from '../../lib/format/date';
import { formatPrice } from '../../lib/format/price';
import { escapeForTerminal as safe } from '../../lib/format/terminal';
import { pickupDayLabel } from '../../lib/reservations/days';
import {
	describeClientAddress,
	describeEmails,
	formatReport,
	type ReportWords,
} from '../core/report';
import { RESERVATION_EMAILS } from './email-text';
import type { StoredReservation } from './read-store';

/** One reservation: code, day and shop first, then the customer, the items and the e-mails. */
export function describeReservation(reservation: StoredReservation): string {
	const heading = [
		reservation.code,
		`ritiro ${pickupDayLabel(reservation.day)}`,
		reservation.shopName,
	].join(' · ');
	const customer = [
		`#${reservation.id}`,
		`ricevuta il ${formatDateTime(reservation.createdAt)}`,
		`${safe(reservation.name)} <${safe(reservation.email)}>`,
		`tel. ${safe(reservation.phone)}`,
	].join(' · ');
	return [
		reservation.spam ? `${heading} · SPAM` : heading,
		`  ${customer}`,
		...reservation.lines.map(
			(line) =>
				`  ${line.quantity} × ${line.productName} – ${line.variantLabel} (${formatPrice(line.unitPriceCents)} cad.)`,
		),
		`  Totale indicativo: ${formatPrice(reservation.totalCents)}`,
		...describeEmails(reservation, RESERVATION_EMAILS),
		...describeClientAddress(reservation),
	].join('\n');
}

const RESERVATION_WORDS: ReportWords = {
	none: 'Nessuna prenotazione salvata.',
	one: '1 prenotazione salvata',
	many: 'prenotazioni salvate',
	latest: (shown) => (shown === 1 ? 'la più recente' : `le ${shown} più recenti`),
	order: 'dalla più recente',
};

/** The whole report of reservations. */
export function formatReservationReport(
	reservations: readonly StoredReservation[],
	total: number,
): string {
	return formatReport(reservations, total, RESERVATION_WORDS, describeReservation);
}
