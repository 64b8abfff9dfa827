import { describe, expect, it } from 'vitest';
import {
	hashToken,
	isTokenShaped,
	LINK_LIFETIME_MS,
	linkState,
	needsTouch,
	newToken,
	readCookie,
	secureCookies,
	sessionCookie,
	sessionCookieName,
	SESSION_IDLE_MS,
	SESSION_MAX_MS,
	sessionState,
	type LinkState,
	type SessionState,
} from '../../../../src/server/staff/rules';

const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('one-time links', () => {
	const cases: [string, { expiresAt: number; usedAt: number | null }, number, LinkState][] = [
		['just made', { expiresAt: T0 + LINK_LIFETIME_MS, usedAt: null }, T0, 'valid'],
		[
			'a second before the end',
			{ expiresAt: T0 + LINK_LIFETIME_MS, usedAt: null },
			T0 + LINK_LIFETIME_MS - 1000,
			'valid',
		],
		[
			'at 15 minutes',
			{ expiresAt: T0 + LINK_LIFETIME_MS, usedAt: null },
			T0 + LINK_LIFETIME_MS,
			'expired',
		],
		['a day later', { expiresAt: T0 + LINK_LIFETIME_MS, usedAt: null }, T0 + 24 * HOUR, 'expired'],
		[
			'used, still in time',
			{ expiresAt: T0 + LINK_LIFETIME_MS, usedAt: T0 + MINUTE },
			T0 + 2 * MINUTE,
			'used',
		],
		[
			'used and expired',
			{ expiresAt: T0 + LINK_LIFETIME_MS, usedAt: T0 + MINUTE },
			T0 + HOUR,
			'used',
		],
	];
	it.each(cases)('%s', (_name, link, now, expected) => {
		expect(linkState(link, now)).toBe(expected);
	});

	it('lasts 15 minutes', () => {
		expect(LINK_LIFETIME_MS).toBe(15 * MINUTE);
	});
});

describe('sessions', () => {
	const session = { lastUsedAt: T0, expiresAt: T0 + SESSION_MAX_MS };
	const cases: [string, { lastUsedAt: number; expiresAt: number }, number, SessionState][] = [
		['just opened', session, T0, 'valid'],
		['used 11 h 59 min ago', session, T0 + 12 * HOUR - MINUTE, 'valid'],
		['unused for a working day (12 h)', session, T0 + SESSION_IDLE_MS, 'idle'],
		[
			'used an hour ago, on its sixth day',
			{ lastUsedAt: T0 + 6 * 24 * HOUR, expiresAt: T0 + SESSION_MAX_MS },
			T0 + 6 * 24 * HOUR + HOUR,
			'valid',
		],
		[
			'used a minute ago, past its week',
			{ lastUsedAt: T0 + SESSION_MAX_MS - MINUTE, expiresAt: T0 + SESSION_MAX_MS },
			T0 + SESSION_MAX_MS,
			'expired',
		],
	];
	it.each(cases)('%s', (_name, stored, now, expected) => {
		expect(sessionState(stored, now)).toBe(expected);
	});

	it.each([
		[0, false],
		[MINUTE - 1, false],
		[MINUTE, true],
		[HOUR, true],
	])('after %i ms the last use is written again: %s', (elapsed, expected) => {
		expect(needsTouch(T0, T0 + elapsed)).toBe(expected);
	});
});

describe('tokens', () => {
	it('are 256 random bits, base64url, and stored as their SHA-256', () => {
		const tokens = new Set(Array.from({ length: 100 }, newToken));
		expect(tokens.size).toBe(100);
		for (const token of tokens) {
			expect(isTokenShaped(token)).toBe(true);
			expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
			expect(hashToken(token)).not.toContain(token);
		}
	});

	it.each([
		['empty', ''],
		['too short', 'abc'],
		['one character too many', `${newToken()}x`],
		['with a character outside base64url', `${newToken().slice(0, 42)}=`],
		['not a string', 42],
		['null', null],
	])('refuses a value %s', (_name, value) => {
		expect(isTokenShaped(value)).toBe(false);
	});
});

describe('the session cookie', () => {
	it.each([
		['https://www.vigorsport.it', true],
		['http://localhost:4660', true],
		['http://127.0.0.1:4660', true],
		['http://[::1]:4660', true],
		['http://192.168.1.20:4321', false],
		['http://negozio.local', false],
	])('at %s is Secure and __Host-: %s', (origin, secure) => {
		expect(secureCookies(origin)).toBe(secure);
		expect(sessionCookieName(secure)).toBe(secure ? '__Host-gestione' : 'gestione');
	});

	it.each([
		[
			'set, secure',
			'tok',
			true,
			'__Host-gestione=tok; Path=/; HttpOnly; SameSite=Strict; Max-Age=604800; Secure',
		],
		[
			'set, plain http',
			'tok',
			false,
			'gestione=tok; Path=/; HttpOnly; SameSite=Strict; Max-Age=604800',
		],
		[
			'cleared',
			null,
			true,
			'__Host-gestione=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure',
		],
	])('%s', (_name, token, secure, expected) => {
		expect(sessionCookie(token, secure)).toBe(expected);
		// __Host-: Secure, Path=/ and no Domain, or the browser refuses it.
		expect(sessionCookie(token, secure)).not.toMatch(/Domain/i);
	});

	it.each([
		['alone', '__Host-gestione=abc', 'abc'],
		['among others', 'a=1; __Host-gestione=abc; b=2', 'abc'],
		['a look-alike name only', 'x__Host-gestione=abc', null],
		['absent', 'a=1', null],
		['no header', null, null],
	])('is read %s', (_name, header, expected) => {
		expect(readCookie(header, '__Host-gestione')).toBe(expected);
	});
});
