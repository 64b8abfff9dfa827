import { describe, expect, it } from 'vitest';
import { largestShopStock } from '../../src/lib/catalogue/variants';
import { productView } from '../../src/lib/catalogue/view';
import { itemOf, onlyChoice, pickupChoices } from '../../src/lib/pickup/choices';
import { WHEY } from '../fixtures/products';

/** What the 'Aggiungi alla lista ritiro' buttons add, built from the product's view. */

const whey = productView(WHEY);
const single = (stock: Record<string, number>) =>
	productView({
		...WHEY,
		slug: 'shaker',
		data: { ...WHEY.data, name: 'Shaker', variants: [{ size: '700 ml', price: 990, stock }] },
	});

describe('largestShopStock', () => {
	it.each([
		[{ torino: 4, aosta: 2 }, 4],
		[{ torino: 0, aosta: 3 }, 3],
		[{ torino: 0 }, 0],
		[{}, 0],
		[{ torino: -2 }, 0],
	])('%j → %s', (stock, expected) => {
		expect(largestShopStock({ stock })).toBe(expected);
	});
});

describe('pickupChoices', () => {
	it('gives each variant its line data, its own picture or the product’s, and its limit', () => {
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
				limit: 0,
			},
			expect.objectContaining({
				variantId: 'vaniglia-2-kg',
				imageUrl: '/_astro/vaniglia.webp',
				limit: 2,
			}),
		]);
	});

	it('leaves the limit out of the line data', () => {
		const [first] = pickupChoices(whey);
		expect(first && 'limit' in itemOf(first)).toBe(false);
	});
});

describe('onlyChoice', () => {
	it.each([
		['several variants', whey, null],
		['one variant in stock', single({ torino: 0, aosta: 3 }), '700-ml'],
		['one variant sold out', single({ torino: 0, aosta: 0 }), null],
	])('%s', (_name, product, variantId) => {
		expect(onlyChoice(product)?.variantId ?? null).toBe(variantId);
	});
});
