import { describe, expect, it } from 'vitest';
import { formatAddress, telHref } from '../../src/lib/shops/address';

describe('formatAddress', () => {
	it('writes street, postcode, town and province', () => {
		expect(
			formatAddress({
				street: 'Corso Torino 85',
				postcode: '10090',
				town: 'Buttigliera Alta',
				province: 'TO',
			}),
		).toBe('Corso Torino 85, 10090 Buttigliera Alta (TO)');
	});
});

describe('telHref', () => {
	it.each([
		['+39 011 932 4455', 'tel:+390119324455'],
		['0165 123456', 'tel:0165123456'],
	])('%s → %s', (phone, expected) => {
		expect(telHref(phone)).toBe(expected);
	});
});
