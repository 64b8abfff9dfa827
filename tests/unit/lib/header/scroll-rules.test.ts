import { describe, expect, it } from 'vitest';
import {
	directionThreshold,
	INITIAL_HEADER_STATE,
	isActiveLink,
	nextCompact,
	nextHeaderState,
	type HeaderState,
} from '../../../../src/lib/header/scroll-rules';

const free = { menuOpen: false, suppressed: false };

describe('directionThreshold', () => {
	it.each([
		[0, 20],
		[99, 20],
		[100, 25],
		[125, 25],
		[150, 25],
		[151, 20],
		[199, 20],
		[200, 10],
		[400, 10],
		[5000, 10],
	])('at %i px is %i px', (y, expected) => {
		expect(directionThreshold(y)).toBe(expected);
	});
});

describe('nextCompact', () => {
	it.each([
		// [was compact, y, expected]
		[false, 0, false],
		[false, 110, false],
		[false, 130, false],
		[false, 131, true],
		[true, 131, true],
		[true, 120, true],
		[true, 110, true],
		[true, 109, false],
		[false, 109, false],
		[true, 0, false],
	])('compact=%s at %i px gives %s', (compact, y, expected) => {
		expect(nextCompact(compact, y)).toBe(expected);
	});
});

describe('nextHeaderState', () => {
	const at = (anchorY: number, hidden = false, compact = anchorY > 130): HeaderState => ({
		anchorY,
		hidden,
		compact,
	});

	it.each<[string, HeaderState, number, Partial<typeof free>, Partial<HeaderState>]>([
		[
			'stays visible scrolling down up to 400 px',
			at(300),
			400,
			{},
			{ hidden: false, anchorY: 400 },
		],
		['hides scrolling down beyond 400 px', at(395), 410, {}, { hidden: true, anchorY: 410 }],
		[
			'ignores a downward move under the 10 px threshold',
			at(500),
			509,
			{},
			{ hidden: false, anchorY: 500 },
		],
		['hides after exactly 10 px downwards', at(500), 510, {}, { hidden: true, anchorY: 510 }],
		['reappears scrolling up by 10 px', at(800, true), 790, {}, { hidden: false, anchorY: 790 }],
		[
			'stays hidden on an upward move under 10 px',
			at(800, true),
			791,
			{},
			{ hidden: true, anchorY: 800 },
		],
		['is never hidden at or above 400 px', at(900, true), 400, {}, { hidden: false }],
		[
			'does not hide while the mobile menu is open',
			at(500),
			700,
			{ menuOpen: true },
			{ hidden: false, anchorY: 700 },
		],
		[
			'does not hide right after a nav click',
			at(500),
			700,
			{ suppressed: true },
			{ hidden: false, anchorY: 700 },
		],
		['needs 25 px to change direction between 100 and 150 px', at(100), 124, {}, { anchorY: 100 }],
		['changes direction after 25 px between 100 and 150 px', at(100), 125, {}, { anchorY: 125 }],
		['needs 20 px to change direction below 200 px', at(160), 179, {}, { anchorY: 160 }],
		['changes direction after 20 px below 200 px', at(160), 180, {}, { anchorY: 180 }],
		['turns compact above 130 px', at(0), 131, {}, { compact: true }],
		['keeps compact between 110 and 130 px', at(200, false, true), 115, {}, { compact: true }],
		['turns normal below 110 px', at(200, false, true), 109, {}, { compact: false }],
		[
			'treats overscroll above the top as 0',
			at(0),
			-40,
			{},
			{ hidden: false, compact: false, anchorY: 0 },
		],
	])('%s', (_name, state, y, flags, expected) => {
		expect(nextHeaderState(state, { y, ...free, ...flags })).toMatchObject(expected);
	});

	it('starts visible and normal at the top', () => {
		expect(INITIAL_HEADER_STATE).toEqual({ compact: false, hidden: false, anchorY: 0 });
	});

	it('hides on a long scroll down and returns on the way up', () => {
		let state = INITIAL_HEADER_STATE;
		for (const y of [50, 150, 300, 450, 600]) state = nextHeaderState(state, { y, ...free });
		expect(state).toEqual({ compact: true, hidden: true, anchorY: 600 });
		state = nextHeaderState(state, { y: 580, ...free });
		expect(state.hidden).toBe(false);
	});
});

describe('isActiveLink', () => {
	it.each([
		['/', '/', true],
		['/', '/prodotti', false],
		['/prodotti', '/prodotti', true],
		['/prodotti', '/prodotti/', true],
		['/prodotti', '/prodotti/proteine', true],
		['/prodotti', '/prodotti-altro', false],
		['/negozi', '/prodotti', false],
		['/contatti', '/contatti/', true],
	])('%s is active on %s: %s', (href, pathname, expected) => {
		expect(isActiveLink(href, pathname)).toBe(expected);
	});
});
