import { describe, expect, it } from 'vitest';
import {
	catalogueEntry,
	groupedResource,
	productResource,
} from '../../../../src/lib/catalogue/api';
import { productView } from '../../../../src/lib/content/product-view';
import { WHEY } from '../../../fixtures/products';

const whey = productView(WHEY);

describe('static API shapes', () => {
	it('catalogue entry carries what favourites need', () => {
		expect(catalogueEntry(whey)).toEqual({
			id: 'whey-80',
			slug: 'whey-80',
			name: 'Whey 80',
			brand: 'Nordika Nutrition',
			categorySlug: 'proteine',
			categoryName: 'Proteine',
			description: 'Proteine del siero del latte.',
			minPriceCents: 2990,
			imageUrl: '/_astro/whey.webp',
			url: '/prodotti/proteine/whey-80',
			isNew: false,
		});
	});

	it('product resource lists variants, and no stock (it would be stale)', () => {
		const resource = productResource(whey);
		expect(resource.variants.map((variant) => variant.id)).toEqual([
			'cioccolato-900-g',
			'vaniglia-2-kg',
		]);
		for (const variant of resource.variants) {
			expect(Object.keys(variant)).not.toContain('stock');
			expect(Object.keys(variant)).not.toContain('inStock');
		}
		expect(resource.variants[1]).toMatchObject({
			priceCents: 5490,
			originalPriceCents: 6090,
			imageUrl: '/_astro/vaniglia.webp',
		});
	});

	it('grouped resource follows the old grouped-product shape', () => {
		expect(groupedResource(whey)).toMatchObject({
			id: 'whey-80',
			brand_name: 'Nordika Nutrition',
			variant_count: 2,
			variants: [
				{
					id: 'cioccolato-900-g',
					flavor: 'Cioccolato',
					quantity: '900 g',
					url: '/prodotti/proteine/whey-80?variante=cioccolato-900-g',
				},
				{ id: 'vaniglia-2-kg', flavor: 'Vaniglia', quantity: '2 kg' },
			],
		});
	});
});
