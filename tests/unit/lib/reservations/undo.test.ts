import { describe, expect, it } from 'vitest';
import {
	readyEmailDueAt,
	secondsLeft,
	undoCheck,
	type LastStep,
} from '../../../../src/lib/reservations/undo';
import type { ReservationStatus } from '../../../../src/lib/reservations/status';

const READY_AT = '2026-11-27T09:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(READY_AT) + ms);
/** Giulia (id 7) marked it 'Pronta'. */
const GIULIA = 7;
const staffReady: LastStep = {
	actor: 'staff',
	staffId: GIULIA,
	from: 'held',
	to: 'ready',
	at: READY_AT,
};

describe('undoCheck', () => {
	const cases: [string, ReservationStatus, LastStep | null, number, number, string][] = [
		['just after Pronta', 'ready', staffReady, 0, 10_000, 'ok'],
		['a moment before the end', 'ready', staffReady, 9_999, 10_000, 'ok'],
		['at the end of the window', 'ready', staffReady, 10_000, 10_000, 'expired'],
		['after the window', 'ready', staffReady, 60_000, 10_000, 'expired'],
		['with no window', 'ready', staffReady, 0, 0, 'expired'],
		['a longer window', 'ready', staffReady, 59_000, 60_000, 'ok'],
		['not ready any more', 'collected', staffReady, 0, 10_000, 'state'],
		['held', 'held', staffReady, 0, 10_000, 'state'],
		['no history', 'ready', null, 0, 10_000, 'state'],
		[
			'the customer cancelled meanwhile',
			'ready',
			{ actor: 'customer', staffId: null, from: 'ready', to: 'cancelled', at: READY_AT },
			0,
			10_000,
			'state',
		],
		[
			'the latest step is not a Pronta',
			'ready',
			{ ...staffReady, from: 'ready', to: 'held' },
			0,
			10_000,
			'state',
		],
		['a broken time', 'ready', { ...staffReady, at: 'not a time' }, 0, 10_000, 'expired'],
		// Only who marked it can undo it, also within the window.
		['marked by a colleague', 'ready', { ...staffReady, staffId: 8 }, 0, 10_000, 'another-member'],
		[
			'marked by a colleague, window over',
			'ready',
			{ ...staffReady, staffId: 8 },
			60_000,
			10_000,
			'another-member',
		],
		[
			'marked by nobody known',
			'ready',
			{ ...staffReady, staffId: null },
			0,
			10_000,
			'another-member',
		],
	];
	it.each(cases)('%s', (_name, status, last, elapsed, windowMs, expected) => {
		const check = undoCheck(status, last, GIULIA, at(elapsed), windowMs);
		expect(check.ok ? 'ok' : check.why).toBe(expected);
		if (check.ok) expect(check.until.toISOString()).toBe(at(windowMs).toISOString());
	});
});

describe('readyEmailDueAt and secondsLeft', () => {
	it.each([
		[0, 10_000, 10_000],
		[5, 0, 5],
		[5, -3, 5],
	])('now +%d ms, window %d ms: due at +%d ms', (now, windowMs, due) => {
		expect(readyEmailDueAt(at(now), windowMs)).toBe(at(due).getTime());
	});

	it.each([
		[0, 10_000, 10],
		[1, 10_000, 10],
		[9_001, 10_000, 1],
		[10_000, 10_000, 0],
		[12_000, 10_000, 0],
	])('at +%d ms with the end at +%d ms: %d s left', (now, until, left) => {
		expect(secondsLeft(at(until), at(now))).toBe(left);
	});
});
