import { describe, expect, it } from 'vitest';
import { directionsUrl, formatAddress } from '../../../../src/lib/shops/address';

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

describe('directionsUrl', () => {
	it.each([
		[
			{ street: 'Corso Torino 85', postcode: '10090', town: 'Buttigliera Alta', province: 'TO' },
			'https://www.google.com/maps/dir/?api=1&destination=Corso%20Torino%2085%2C%2010090%20Buttigliera%20Alta%20(TO)',
		],
		[
			{
				street: 'Corso Saint-Martin-de-Corléans 55',
				postcode: '11100',
				town: 'Aosta',
				province: 'AO',
			},
			'https://www.google.com/maps/dir/?api=1&destination=Corso%20Saint-Martin-de-Corl%C3%A9ans%2055%2C%2011100%20Aosta%20(AO)',
		],
	])('leads to %o in Google Maps', (address, expected) => {
		expect(directionsUrl(address)).toBe(expected);
	});
});
