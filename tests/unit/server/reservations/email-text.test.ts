import { describe, expect, it } from 'vitest';
import {
	customerConfirmation,
	shopNotification,
} from '../../../../src/server/reservations/email-text';
import { reservationForEmail } from '../../../fixtures/reservations';

// Made at 11:00 in Rome.
const RESERVATION = reservationForEmail();

/** The euro amounts as Intl writes them, with a no-break space. */
const eur = (amount: string) => `${amount}\u00a0€`;

describe('the shop’s notification, read on a phone at the counter', () => {
	const { subject, text } = shopNotification(RESERVATION);

	it('starts with the code, in the subject too, then the day and the customer', () => {
		expect(subject).toBe('Prenotazione K7M2QX · ritiro venerdì 27 novembre · Mario Rossi');
		expect(text.split('\n').slice(0, 10)).toEqual([
			'CODICE: K7M2QX',
			'',
			'Ritiro: venerdì 27 novembre',
			'Negozio: Sede di Torino',
			'',
			'Cliente: Mario Rossi',
			'Telefono: +39 011 123 4567',
			'E-mail: mario@example.it',
			'',
			'Prodotti (3 pezzi):',
		]);
	});

	it('lists the items with quantities and prices, and the indicative total', () => {
		expect(text).toContain(
			`- 2 × Whey Concentrate 80 – Cioccolato – 2 kg\n  ${eur('54,90')} cad. = ${eur('109,80')}`,
		);
		expect(text).toContain(`- 1 × Shaker 700 – 700 ml\n  ${eur('6,90')}`);
		expect(text).toContain(`Totale indicativo: ${eur('116,70')}, da pagare in negozio.`);
		expect(text).toContain('Prenotazione n. 12 dal sito, ricevuta il 26 novembre 2026 alle 11:00.');
		expect(text).toContain('teniamo i prodotti per 3 giorni dal giorno del ritiro');
	});

	it('keeps lines short enough for a phone', () => {
		for (const line of text.split('\n').slice(0, 16)) expect(line.length).toBeLessThanOrEqual(60);
	});
});

describe('the customer’s confirmation', () => {
	const { subject, text } = customerConfirmation(RESERVATION, 'Vigor Sport');

	it('gives the code, the shop, its address, the day and that day’s hours', () => {
		expect(subject).toBe('Prenotazione K7M2QX: ritiro venerdì 27 novembre – Vigor Sport');
		// Nothing the customer typed, not even the name: the address may be someone else's.
		expect(text).toMatch(/^Ciao,\n/);
		expect(text).not.toContain('Mario');
		expect(text).toContain('\n    K7M2QX\n');
		expect(text).toContain('Ritiro: venerdì 27 novembre, 09:30–12:30, 15:30–19:30');
		expect(text).toContain('Negozio: Sede di Torino');
		expect(text).toContain('Indirizzo: Corso Torino 85, 10090 Buttigliera Alta (TO)');
		expect(text).toContain('Telefono: +39 011 932 4817');
	});

	it('lists the items, the total to pay in the shop and how long they are held', () => {
		expect(text).toContain(
			`- 2 × Whey Concentrate 80 – Cioccolato – 2 kg: ${eur('54,90')} cad. = ${eur('109,80')}`,
		);
		expect(text).toContain(`Totale: ${eur('116,70')}, da pagare in negozio al ritiro.`);
		expect(text).toContain('Ti teniamo i prodotti per 3 giorni a partire da venerdì 27 novembre.');
		expect(text).toContain('lo staff di Vigor Sport');
		expect(customerConfirmation({ ...RESERVATION, holdDays: 1 }, 'X').text).toContain(
			'per 1 giorno a partire',
		);
	});
});
