import { describe, expect, it } from 'vitest';
import {
	customerLinkPath,
	isCustomerToken,
	linkFragment,
	tokenOfFragment,
	tokenOfLink,
	tokenOfPath,
} from '../../../../src/lib/reservations/customer-link';
import {
	CANCEL_REFUSALS,
	canCancel,
	changedMeanwhile,
	statusWording,
} from '../../../../src/lib/reservations/customer-page';
import {
	RESERVATION_STATUSES,
	type ReservationStatus,
} from '../../../../src/lib/reservations/status';
import {
	hashCustomerToken,
	newCustomerToken,
} from '../../../../src/server/reservations/customer-token';
import { customerLinkOrigin } from '../../../../src/server/core/origin';
import { isCrossSite } from '../../../../src/server/core/submission';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012_-9';

describe('customer link tokens', () => {
	it.each<[string, unknown, boolean]>([
		['32 base64url characters', TOKEN, true],
		['31 characters', TOKEN.slice(1), false],
		['33 characters', `${TOKEN}A`, false],
		['a character outside base64url', `${TOKEN.slice(1)}+`, false],
		['padding', `${TOKEN.slice(1)}=`, false],
		['not a string', 42, false],
	])('%s → %s', (_name, value, expected) => {
		expect(isCustomerToken(value)).toBe(expected);
	});

	it('draws 192 random bits as 32 base64url characters, never twice the same', () => {
		const drawn = new Set(Array.from({ length: 200 }, () => newCustomerToken()));
		expect(drawn.size).toBe(200);
		for (const token of drawn) expect(isCustomerToken(token)).toBe(true);
	});

	it('stores a SHA-256 in hex, not the token', () => {
		expect(hashCustomerToken('abc')).toBe(
			'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
		);
	});
});

describe('customer link paths', () => {
	it.each<[string, string | null]>([
		[`/prenotazione/${TOKEN}`, TOKEN],
		[`/prenotazione/${TOKEN}/`, null],
		['/prenotazione/', null],
		[`/prenotazioni/${TOKEN}`, null],
		[`/prenotazione/${TOKEN.slice(2)}`, null],
	])('%s → %s', (path, expected) => {
		expect(tokenOfPath(path)).toBe(expected);
	});

	it('reads back the path and the fragment it writes', () => {
		expect(tokenOfLink(customerLinkPath(TOKEN))).toBe(TOKEN);
		expect(tokenOfLink(`https://x.example${customerLinkPath(TOKEN)}`)).toBeNull();
		expect(linkFragment(TOKEN)).toBe(`#link=${TOKEN}`);
		expect(tokenOfFragment(linkFragment(TOKEN))).toBe(TOKEN);
		expect(tokenOfFragment('')).toBeNull();
		expect(tokenOfFragment('#link=corto')).toBeNull();
	});

	it.each<[Record<string, string>, string]>([
		[{}, 'https://www.vigorsport.it'],
		[{ SITE_URL: 'https://anteprima.example/percorso' }, 'https://anteprima.example'],
		[
			{ PUBLIC_ORIGIN: 'http://localhost:4700', SITE_URL: 'https://x.example' },
			'http://localhost:4700',
		],
		[{ PUBLIC_ORIGIN: 'non un indirizzo', SITE_URL: 'https://x.example' }, 'https://x.example'],
		[{ PUBLIC_ORIGIN: 'ftp://x.example' }, 'https://www.vigorsport.it'],
	])('the e-mail link origin of %j is %s', (env, expected) => {
		expect(customerLinkOrigin(env)).toBe(expected);
	});
});

describe('the customer page', () => {
	it.each<[ReservationStatus, boolean]>([
		['held', true],
		['ready', true],
		['collected', false],
		['cancelled', false],
		['not_collected', false],
	])('%s: can cancel %s, with an Italian label and a reason when not', (status, allowed) => {
		expect(canCancel(status)).toBe(allowed);
		expect(statusWording(status).label).not.toBe('');
		expect(CANCEL_REFUSALS[status] === '').toBe(allowed);
	});

	it('words every state in its own way, and names the new state of a change', () => {
		const labels = RESERVATION_STATUSES.map((status) => statusWording(status).label);
		expect(new Set(labels).size).toBe(RESERVATION_STATUSES.length);
		expect(changedMeanwhile('ready')).toContain('«Pronta per il ritiro»');
	});
});

describe('a form of a page without referrer (Origin: null)', () => {
	const post = (headers: Record<string, string>) =>
		new Request('http://localhost:4700/prenotazione/x', { method: 'POST', headers });
	it.each<[string, Record<string, string>, boolean]>([
		['null from the same origin', { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }, false],
		['null from another site', { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }, true],
		['null from a sibling subdomain', { Origin: 'null', 'Sec-Fetch-Site': 'same-site' }, true],
		['null with nothing else', { Origin: 'null' }, true],
		['the server’s own origin', { Origin: 'http://localhost:4700' }, false],
		['another origin', { Origin: 'https://altro.example' }, true],
	])('%s: cross-site %s', (_name, headers, expected) => {
		expect(isCrossSite(post(headers), null)).toBe(expected);
	});
});
