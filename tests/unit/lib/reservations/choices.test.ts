import { describe, expect, it } from 'vitest';
import type { VariantLive } from '../../../../src/lib/catalogue/live-stock';
import { productView } from '../../../../src/lib/content/product-view';
import { onlyChoice, pickupChoices, pickupLimit } from '../../../../src/lib/reservations/choices';
import { MAX_LINE_QUANTITY } from '../../../../src/lib/reservations/list';
import { WHEY } from '../../../fixtures/products';

/** What the 'Aggiungi alla lista ritiro' buttons add, built from the product's view. */

const whey = productView(WHEY);
const shaker = productView({
	...WHEY,
	slug: 'shaker',
	data: { ...WHEY.data, name: 'Shaker', variants: [{ size: '700 ml', price: 990 }] },
});

describe('pickupChoices', () => {
	it('gives each variant its line data and its own picture or the product’s, and no stock', () => {
		expect(pickupChoices(whey)).toEqual([
			{
				productId: 'whey-80',
				url: '/prodotti/proteine/whey-80',
				name: 'Whey 80',
				brand: 'Nordika Nutrition',
				variantId: 'cioccolato-900-g',
				variantLabel: 'Cioccolato – 900 g',
				imageUrl: '/_astro/whey.webp',
				priceCents: 2990,
			},
			expect.objectContaining({ variantId: 'vaniglia-2-kg', imageUrl: '/_astro/vaniglia.webp' }),
		]);
	});
});

describe('onlyChoice', () => {
	it.each([
		['several variants', whey, null],
		['one variant', shaker, '700-ml'],
	])('%s', (_name, product, variantId) => {
		expect(onlyChoice(product)?.variantId ?? null).toBe(variantId);
	});
});

describe('pickupLimit: the most one shop has now, by the live figure', () => {
	it.each<[string, VariantLive, number]>([
		['the larger shop', { kind: 'ready', pieces: { torino: 4, aosta: 2 } }, 4],
		['one shop only', { kind: 'ready', pieces: { torino: 0, aosta: 3 } }, 3],
		['none anywhere', { kind: 'ready', pieces: { torino: 0, aosta: 0 } }, 0],
		['no shop named', { kind: 'ready', pieces: {} }, 0],
		['no longer sold', { kind: 'gone' }, 0],
		['not known yet: the list’s cap', { kind: 'loading' }, MAX_LINE_QUANTITY],
		['not verifiable now: the list’s cap', { kind: 'unavailable' }, MAX_LINE_QUANTITY],
	])('%s', (_name, live, expected) => {
		expect(pickupLimit(live)).toBe(expected);
	});
});
