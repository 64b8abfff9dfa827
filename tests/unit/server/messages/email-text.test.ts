import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../../src/lib/format/date';
import { adminNotification, visitorConfirmation } from '../../../../src/server/messages/email-text';
import { oneLine } from '../../../../src/server/core/email-text';

const MESSAGE = {
	id: 42,
	name: 'Mario Rossi',
	email: 'mario@example.it',
	phone: '+39 011 123 4567',
	message: 'Vorrei prenotare: Whey Concentrate 80\nVariante: Biscotto – 2 kg',
	// 14:05 in Rome (UTC+1 in winter).
	createdAt: new Date('2026-03-03T13:05:00Z'),
	confirmationWithheld: false,
};

describe('e-mail texts', () => {
	it('write dates in Italian, in Rome’s time zone', () => {
		expect(formatDateTime(MESSAGE.createdAt)).toBe('3 marzo 2026 alle 14:05');
		expect(formatDateTime(new Date('2026-07-31T22:30:00Z'))).toBe('1 agosto 2026 alle 00:30');
	});

	it('notify the shop of everything the visitor wrote', () => {
		const { subject, text } = adminNotification(MESSAGE);
		expect(subject).toBe('Nuovo messaggio dal sito: Mario Rossi');
		expect(text).toContain('n. 42, ricevuto il 3 marzo 2026 alle 14:05');
		expect(text).toContain('Nome: Mario Rossi');
		expect(text).toContain('E-mail: mario@example.it');
		expect(text).toContain('Telefono: +39 011 123 4567');
		expect(text).toContain(`Messaggio:\n${MESSAGE.message}`);
		expect(text).toContain('Rispondi');
	});

	it('confirm to the visitor without repeating the message', () => {
		const { subject, text } = visitorConfirmation(MESSAGE, 'Vigor Sport');
		expect(subject).toBe('Abbiamo ricevuto il tuo messaggio – Vigor Sport');
		// Nothing the visitor typed, not even the name: the address may be someone else's.
		expect(text).toMatch(/^Ciao,\n/);
		expect(text).not.toContain('Mario');
		expect(text).toContain('ti risponderemo al più presto');
		expect(text).toContain('Se non ci hai scritto tu, ignora questa e-mail');
		expect(text).not.toContain('Whey');
	});

	it('tell the shop when the visitor’s confirmation was not sent', () => {
		expect(adminNotification(MESSAGE).text).not.toContain('Conferma NON inviata');
		const { text } = adminNotification({ ...MESSAGE, confirmationWithheld: true });
		expect(text).toContain(
			'Conferma NON inviata al mittente: questo indirizzo ha già ricevuto il numero massimo di conferme nelle ultime 24 ore',
		);
	});

	it.each([
		['Mario\r\nBcc: altro@example.it', 60, 'Mario Bcc: altro@example.it'],
		['  Mario \t Rossi  ', 60, 'Mario Rossi'],
		['Abcdefghij', 5, 'Abcd…'],
		['😀😀😀', 2, '😀…'],
	])('oneLine(%j, %i) -> %j', (text, max, expected) => {
		expect(oneLine(text, max)).toBe(expected);
	});

	it('keep a visitor’s line breaks out of the subject', () => {
		expect(adminNotification({ ...MESSAGE, name: 'Mario\nRossi' }).subject).toBe(
			'Nuovo messaggio dal sito: Mario Rossi',
		);
	});
});
