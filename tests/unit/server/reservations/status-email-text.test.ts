import { describe, expect, it } from 'vitest';
import {
	customerCancelledEmail,
	readyEmail,
	RESERVATION_STATUS_EMAILS,
	shopCancelledEmail,
} from '../../../../src/server/reservations/status-email-text';
import { reservationForEmail, WHEY_LINE } from '../../../fixtures/reservations';

const RESERVATION = reservationForEmail({
	holdDays: 2,
	lines: [WHEY_LINE],
	totalCents: 10980,
	heldThrough: '2026-11-29',
	cancelReason: 'Il gusto scelto è esaurito',
});

describe("the e-mails of a reservation's changes of state", () => {
	it('ready: the code, the shop, the day and until which day it is held', () => {
		const { subject, text } = readyEmail(RESERVATION, 'Vigor Sport');
		expect(subject).toBe('Prenotazione K7M2QX: pronta per il ritiro – Vigor Sport');
		expect(text).toContain('\n    K7M2QX\n');
		expect(text).toContain('Ritiro: venerdì 27 novembre, 09:30–12:30, 15:30–19:30');
		expect(text).toContain('Indirizzo: Corso Torino 85, 10090 Buttigliera Alta (TO)');
		expect(text).toContain('Ti teniamo i prodotti fino a domenica 29 novembre compreso');
		expect(text).toMatch(
			/- 2 × Whey Concentrate 80 – Cioccolato – 2 kg: 54,90\s€ cad\. = 109,80\s€/,
		);
		// Nothing the visitor typed.
		expect(text).not.toContain('Mario');
	});

	it("cancelled by the shop: the shop's reason, and how to reach the shop", () => {
		const { subject, text } = shopCancelledEmail(RESERVATION, 'Vigor Sport');
		expect(subject).toBe('Prenotazione K7M2QX annullata – Vigor Sport');
		expect(text).toContain('Motivo: Il gusto scelto è esaurito');
		expect(text).toContain('per il ritiro di venerdì 27 novembre presso Sede di Torino');
		expect(text).toContain('chiamaci al +39 011 932 4817');
		expect(text).not.toContain('Mario');
	});

	it('cancelled by the customer: the shop learns who, on one line each', () => {
		const { subject, text } = customerCancelledEmail({ ...RESERVATION, cancelReason: null });
		expect(subject).toBe(
			'Prenotazione K7M2QX ANNULLATA dal cliente · ritiro venerdì 27 novembre · Mario Rossi',
		);
		expect(text).toContain('Cliente: Mario Rossi');
		expect(text).not.toContain('Motivo');
	});

	it('answers go to the shop from the customer, to the customer from the shop', () => {
		const settings = { companyName: 'Vigor Sport', shopEmail: 'info@vigorsport.it' };
		expect(RESERVATION_STATUS_EMAILS.ready.compose(RESERVATION, settings).replyTo).toBe(
			'torino@vigorsport.it',
		);
		expect(RESERVATION_STATUS_EMAILS.cancelled.compose(RESERVATION, settings).replyTo).toBe(
			'torino@vigorsport.it',
		);
		expect(RESERVATION_STATUS_EMAILS.customer_cancelled.compose(RESERVATION).replyTo).toBe(
			'mario@example.it',
		);
	});
});
