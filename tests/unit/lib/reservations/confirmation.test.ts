import { describe, expect, it } from 'vitest';
import type { EmailStatus } from '../../../../src/lib/messages/outcome';
import { TORINO_HOURS } from '../../../fixtures/shops';
import {
	confirmationHref,
	emailNote,
	hoursOn,
	readConfirmation,
	type EmailNote,
} from '../../../../src/lib/reservations/confirmation';

/** The confirmation page's address: the code, shop, day and the e-mail's note. */

const SHOPS = ['torino', 'aosta'];
const status = (change: Partial<EmailStatus>): EmailStatus => ({
	adminNotified: true,
	userConfirmationSent: false,
	simulationMode: false,
	...change,
});

describe('emailNote', () => {
	it.each<[Partial<EmailStatus>, EmailNote]>([
		[{ simulationMode: true }, 'simulazione'],
		[{ userConfirmationSent: true }, 'inviata'],
		[{ emailsPending: true }, 'in-arrivo'],
		[{}, 'non-inviata'],
	])('%j → %s', (change, note) => {
		expect(emailNote(status(change))).toBe(note);
	});
});

describe('confirmation address', () => {
	it('carries the customer link in the fragment, never in the query', () => {
		const token = 'Ab-_'.repeat(8);
		const href = confirmationHref(
			{ code: 'K7P2QX', emailStatus: status({}), link: `/prenotazione/${token}` },
			'aosta',
			'2026-11-28',
		);
		expect(href).toBe(
			`/lista-ritiro/confermata?codice=K7P2QX&negozio=aosta&giorno=2026-11-28&email=non-inviata#link=${token}`,
		);
		expect(href.split('#')[0]).not.toContain(token);
	});

	it('reads back what it wrote', () => {
		const href = confirmationHref(
			{ code: 'K7P2QX', emailStatus: status({ userConfirmationSent: true }) },
			'aosta',
			'2026-11-28',
		);
		expect(href).toBe(
			'/lista-ritiro/confermata?codice=K7P2QX&negozio=aosta&giorno=2026-11-28&email=inviata',
		);
		expect(readConfirmation(href.split('?')[1] ?? '', SHOPS)).toEqual({
			code: 'K7P2QX',
			shopId: 'aosta',
			day: '2026-11-28',
			email: 'inviata',
		});
	});

	it.each([
		['no code', '?negozio=torino'],
		['a code with markup', '?codice=%3Cb%3E'],
		['a code too long', `?codice=${'A'.repeat(40)}`],
	])('has no confirmation with %s', (_name, search) => {
		expect(readConfirmation(search, SHOPS)).toBeNull();
	});

	it('leaves out an unknown shop, a day that is not a date and an unknown note', () => {
		expect(readConfirmation('?codice=K7P2QX&negozio=roma&giorno=domani&email=x', SHOPS)).toEqual({
			code: 'K7P2QX',
			shopId: '',
			day: '',
			email: 'non-inviata',
		});
	});
});

describe('hoursOn', () => {
	it.each([
		['2026-11-27', '09:30–12:30, 15:30–19:30'],
		['2026-11-28', '09:30–12:30'],
		['2026-11-29', ''],
		['2026-02-30', ''],
		['domani', ''],
	])('%s: «%s»', (day, text) => {
		expect(hoursOn({ hours: TORINO_HOURS }, day)).toBe(text);
	});
});
