import { describe, expect, it } from 'vitest';
import {
	availabilityOf,
	feedItemId,
	feedPrice,
	localInventoryTsv,
	localProductsTsv,
	MAX_ITEM_ID,
	pickupSla,
} from '../../../../src/lib/reports/google-feed';

/** Google's feeds for the shops' shelves: ids, availability, pickup, the files' shape. */
describe('Google feeds', () => {
	it.each([
		[0, 'out_of_stock'],
		[1, 'limited_availability'],
		[2, 'limited_availability'],
		[3, 'in_stock'],
		[40, 'in_stock'],
	] as const)('%i pieces: %s', (pieces, availability) => {
		expect(availabilityOf(pieces)).toBe(availability);
	});

	it('ids fit 50 characters, stay stable and never collide', () => {
		expect(feedItemId('glutammina', '300-g')).toBe('glutammina~300-g');
		const long = feedItemId('barretta-proteica-50', 'cioccolato-fondente-box-da-20-pezzi');
		const other = feedItemId('barretta-proteica-50', 'cioccolato-fondente-box-da-20-pezzo');
		expect(long.length).toBeLessThanOrEqual(MAX_ITEM_ID);
		expect(long).toBe(feedItemId('barretta-proteica-50', 'cioccolato-fondente-box-da-20-pezzi'));
		expect(long).not.toBe(other);
	});

	// Torino: 09:30–12:30 and 15:30–19:30 on weekdays, Saturday mornings, closed on Sunday.
	const torino = {
		hours: {
			lunedi: ['09:30-12:30', '15:30-19:30'],
			sabato: ['09:30-12:30'],
			domenica: [],
		},
	};

	it.each([
		['2026-11-23T07:00:00Z', 'same day'], // Monday 08:00: opens later today
		['2026-11-23T12:00:00Z', 'same day'], // Monday 13:00: opens again at 15:30
		['2026-11-23T18:29:00Z', 'same day'], // Monday 19:29: still open
		['2026-11-23T18:30:00Z', 'next day'], // Monday 19:30: closed for today
		['2026-11-28T12:00:00Z', 'next day'], // Saturday 13:00: closed after the morning
		['2026-11-29T09:00:00Z', 'next day'], // Sunday
		['2026-12-08T09:00:00Z', 'next day'], // a holiday on a Tuesday (no hours anyway)
	] as const)('at %s: %s', (at, sla) => {
		expect(pickupSla(torino, new Date(at))).toBe(sla);
	});

	it('writes the inventory feed with Google’s headings, one row per store and variant', () => {
		const text = localInventoryTsv([
			{
				storeCode: 'VS-TORINO',
				productId: 'glutammina',
				variantId: '300-g',
				available: 2,
				priceCents: 2490,
				sla: 'same day',
			},
			{
				storeCode: 'VS-AOSTA',
				productId: 'glutammina',
				variantId: '300-g',
				available: 0,
				priceCents: 2490,
				sla: 'next day',
			},
		]);
		expect(text).toBe(
			'store code\tid\tavailability\tquantity\tprice\tpickup method\tpickup sla\n' +
				'VS-TORINO\tglutammina~300-g\tlimited_availability\t2\t24.90 EUR\treserve\tsame day\n' +
				'VS-AOSTA\tglutammina~300-g\tout_of_stock\t0\t24.90 EUR\treserve\tnext day\n',
		);
		expect(feedPrice(5)).toBe('0.05 EUR');
	});

	it('writes the products feed; a tab or a line break never breaks a row; gtin only when known', () => {
		const item = {
			productId: 'glutammina',
			variantId: '300-g',
			title: 'L-Glutammina – 300 g',
			description: 'Riga uno\nriga\tdue',
			link: 'https://www.vigorsport.it/prodotti/x/glutammina?variante=300-g',
			imageLink: 'https://www.vigorsport.it/_astro/g.webp',
			brand: 'Nordika Nutrition',
			priceCents: 2490,
		};
		const [heading, row] = localProductsTsv([item]).split('\n');
		expect(heading).toBe(
			'id\ttitle\tdescription\tlink\timage link\tbrand\tprice\tcondition\tavailability\titem group id',
		);
		expect(row?.split('\t')).toEqual([
			'glutammina~300-g',
			'L-Glutammina – 300 g',
			'Riga uno riga due',
			item.link,
			item.imageLink,
			'Nordika Nutrition',
			'24.90 EUR',
			'new',
			'in_stock',
			'glutammina',
		]);
		const withGtin = localProductsTsv([{ ...item, gtin: '8001234567890' }]).split('\n');
		expect(withGtin[0]?.endsWith('\tgtin')).toBe(true);
		expect(withGtin[1]?.endsWith('\t8001234567890')).toBe(true);
	});
});
