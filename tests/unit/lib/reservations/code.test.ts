import { describe, expect, it } from 'vitest';
import {
	cryptoRandomIndex,
	PICKUP_CODE_ALPHABET,
	PICKUP_CODE_LENGTH,
	pickupCode,
} from '../../../../src/lib/reservations/code';
import { isPickupCode } from '../../../helpers/pickup-code';

describe('pickupCode', () => {
	it('has no character people misread: 0, O, 1, I, L, U', () => {
		expect(PICKUP_CODE_ALPHABET).toHaveLength(30);
		expect(PICKUP_CODE_ALPHABET).not.toMatch(/[01ILOU]/);
		expect(new Set(PICKUP_CODE_ALPHABET).size).toBe(PICKUP_CODE_ALPHABET.length);
	});

	it.each([
		[[0, 0, 0, 0, 0, 0], '222222'],
		[[29, 29, 29, 29, 29, 29], 'ZZZZZZ'],
		[[8, 9, 10, 11, 12, 13], 'ABCDEF'],
	])('draws %j as %s', (draws, code) => {
		let at = 0;
		expect(pickupCode(() => draws[at++] ?? 0)).toBe(code);
	});

	it('draws six characters of the alphabet from crypto randomness', () => {
		const codes = Array.from({ length: 500 }, () => pickupCode());
		for (const code of codes) {
			expect(code).toHaveLength(PICKUP_CODE_LENGTH);
			expect(isPickupCode(code)).toBe(true);
		}
		// 500 codes out of 729 million: a repeat would mean the randomness is broken.
		expect(new Set(codes).size).toBe(codes.length);
	});

	it('draws every index of the alphabet, never one beyond', () => {
		const seen = new Set<number>();
		for (let i = 0; i < 3000; i++) seen.add(cryptoRandomIndex(30));
		expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
	});

	it.each([
		['ABC234', true],
		['abc234', false],
		['ABC23', false],
		['ABC2340', false],
		['ABC0OI', false],
		[123456, false],
	])('%s is a pickup code: %s', (value, expected) => {
		expect(isPickupCode(value)).toBe(expected);
	});
});
