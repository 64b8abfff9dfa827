import { describe, expect, it, vi } from 'vitest';
import {
	ALL_PREFERENCES,
	decisionExpiry,
	DEFAULT_PREFERENCES,
	parsePreferences,
	preferencesFor,
	validDecision,
} from '../../../../src/lib/consent/consent';

const now = new Date('2026-11-21T12:00:00Z');
const stored = (decision: string, decidedAt: string) => JSON.stringify({ decision, decidedAt });

describe('validDecision', () => {
	it.each([
		['nothing stored', null, null],
		['broken JSON', '{"decision":', null],
		['an unknown decision', stored('maybe', '2026-11-01T00:00:00Z'), null],
		['a missing date', JSON.stringify({ decision: 'accepted' }), null],
		['a date in the future', stored('accepted', '2027-01-01T00:00:00Z'), null],
		['a decision of yesterday', stored('rejected', '2026-11-20T12:00:00Z'), 'rejected'],
		['a customized decision', stored('customized', '2026-10-01T00:00:00Z'), 'customized'],
		['five months and a bit ago', stored('accepted', '2026-06-01T00:00:00Z'), 'accepted'],
		['exactly six months ago', stored('accepted', '2026-05-21T12:00:00Z'), null],
		['seven months ago', stored('dismissed', '2026-04-21T12:00:00Z'), null],
	])('%s → %s', (_name, text, expected) => {
		expect(validDecision(text, now)?.decision ?? null).toBe(expected);
	});

	it('expires six months after the decision', () => {
		expect(decisionExpiry(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe(
			'2026-07-15T10:00:00.000Z',
		);
	});
});

describe('parsePreferences', () => {
	it.each([
		['nothing stored', null, DEFAULT_PREFERENCES],
		['all on', JSON.stringify(ALL_PREFERENCES), ALL_PREFERENCES],
		[
			'a partial object merged over the defaults',
			JSON.stringify({ analytics: true }),
			{ ...DEFAULT_PREFERENCES, analytics: true },
		],
		[
			'necessary forced on',
			JSON.stringify({ necessary: false, marketing: true }),
			{ ...DEFAULT_PREFERENCES, marketing: true },
		],
		[
			'wrong types ignored',
			JSON.stringify({ analytics: 'yes', functional: 1 }),
			DEFAULT_PREFERENCES,
		],
	])('%s', (_name, text, expected) => {
		expect(parsePreferences(text)).toEqual(expected);
	});

	it.each([
		['broken JSON', '{"analytics": tru'],
		['a list', '[true, false]'],
		['a number', '7'],
	])('warns and uses the defaults for %s', (_name, text) => {
		const warn = vi.fn();
		expect(parsePreferences(text, warn)).toEqual(DEFAULT_PREFERENCES);
		expect(warn).toHaveBeenCalledOnce();
	});
});

describe('preferencesFor', () => {
	it.each([
		['accepted', ALL_PREFERENCES],
		['rejected', DEFAULT_PREFERENCES],
		['dismissed', DEFAULT_PREFERENCES],
	] as const)('%s', (decision, expected) => {
		expect(preferencesFor(decision)).toEqual(expected);
	});
});
