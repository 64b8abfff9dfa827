import { describe, expect, it } from 'vitest';
import { mapCategory } from '../../../../tools/import-legacy/category';
import {
	brandOf,
	legacyImageUrls,
	mapFlags,
	productSlug,
} from '../../../../tools/import-legacy/fields';
import {
	buildVariants,
	legacyEuros,
	parseAvailability,
	productPrices,
	shopOfStore,
	stockRows,
	type Stock,
} from '../../../../tools/import-legacy/variants';
import { asNumber, Notes } from '../../../../tools/import-legacy/values';
import { SITE_CATEGORIES } from '../../../fixtures/categories';

describe('prices of the old API', () => {
	it.each([
		['cents above 100', 2990, false, 29.9],
		['euros with decimals', 29.9, false, 29.9],
		['whole euros up to 100', 89, false, 89],
		['exactly 100 is euros', 100, false, 100],
		['101 is cents', 101, false, 1.01],
		['a *_cents field is always cents', 99, true, 0.99],
		['Italian text', '29,90 €', false, 29.9],
		['text in cents', '3490', false, 34.9],
		['thousands and decimals', '€ 1.299,00', false, 1299],
		['zero', 0, false, null],
		['negative', -5, false, null],
		['a word', 'trenta', false, null],
		['null', null, false, null],
		['an object', { value: 10 }, false, null],
	])('%s', (_name, value, cents, expected) => {
		expect(legacyEuros(value, cents)).toBe(expected);
	});

	it('reads numbers in every writing', () => {
		expect(asNumber('1,299.50')).toBe(1299.5);
		expect(asNumber('12')).toBe(12);
		expect(asNumber('n/d')).toBeUndefined();
		expect(asNumber(Number.NaN)).toBeUndefined();
	});

	it('collects every price spelling of a product, lowest first', () => {
		expect(
			productPrices({
				price: 3990,
				base_price: 3490,
				minPriceCents: 2990,
				sizes: [{ price: 2490 }, { price_cents: 1990 }, 'bad'],
			}),
		).toEqual([19.9, 24.9, 29.9, 34.9, 39.9]);
		expect(productPrices({ basePrice: 39.9 })).toEqual([39.9]);
		expect(productPrices({})).toEqual([]);
	});
});

describe('category', () => {
	it.each([
		[{ category_slug: 'proteine' }, 'proteine'],
		[{ categorySlug: 'alimenti-fit' }, 'alimenti-fit'],
		[{ category_name: 'Proteine' }, 'proteine'],
		[{ categoryName: 'Aminoacidi e Creatina' }, 'aminoacidi-e-creatina'],
		[{ category: { slug: 'supplementi' } }, 'supplementi'],
		[{ category: 'Dimagranti' }, 'dimagranti'],
		[{ category_slug: 'aminoacidi' }, 'aminoacidi-e-creatina'],
		[{ category_slug: 'vitamine-minerali-antiossidanti' }, 'supplementi'],
		[{ category_name: 'Vitamine, Minerali e Antiossidanti' }, 'supplementi'],
		[{ category_slug: 'pre-workout' }, 'dimagranti'],
		[{ category_slug: 'energetici' }, 'pre-workout-energetici'],
		[{ category_slug: 'accessori-e-merchandising' }, 'merchandising-e-cosmetici'],
		[{ category_id: 6 }, 'merchandising-e-cosmetici'],
		[{ category_slug: 'yoga', category_name: 'Proteine' }, 'proteine'],
	])('%j → %s', (record, expected) => {
		expect(mapCategory(record, SITE_CATEGORIES, new Notes()).slug).toBe(expected);
	});

	it('notes a legacy slug and refuses an unknown or missing one', () => {
		const notes = new Notes();
		mapCategory({ category_slug: 'energetici' }, SITE_CATEGORIES, notes);
		expect(notes.list[0]?.message).toContain('energetici');
		const unknown = mapCategory({ category_slug: 'yoga' }, SITE_CATEGORIES, new Notes());
		expect(unknown.slug).toBeNull();
		expect(unknown.slug === null && unknown.reason).toContain('«yoga»');
		expect(mapCategory({ category_id: 3 }, SITE_CATEGORIES, new Notes())).toMatchObject({
			slug: null,
			reason: 'categoria mancante',
		});
	});
});

describe('names, brand, slug, photos', () => {
	it.each([
		[{ brand_name: 'Grivola Nutrition' }, 'Grivola Nutrition'],
		[{ brandName: 'Stambecco Lab' }, 'Stambecco Lab'],
		[{ brand: 'Vettore Labs' }, 'Vettore Labs'],
		[{ brand: { name: 'Sorgente Vitale' } }, 'Sorgente Vitale'],
	])('brand from %j', (record, expected) => {
		expect(brandOf(record, new Notes())).toBe(expected);
	});

	it('falls back to the house brand and says so', () => {
		const notes = new Notes();
		expect(brandOf({ brand: ['x'] }, notes)).toBe('Vigor Sport');
		expect(notes.list[0]).toMatchObject({ kind: 'fallback', field: 'brand' });
	});

	it('keeps the old slug, else makes one from the name', () => {
		expect(productSlug({ slug: 'Whey 80 Cioccolato' }, 'x', new Notes())).toBe(
			'whey-80-cioccolato',
		);
		const notes = new Notes();
		expect(productSlug({}, 'Crema di Riso Proteica', notes)).toBe('crema-di-riso-proteica');
		expect(notes.list).toHaveLength(1);
	});

	it('collects the old photo addresses in every spelling', () => {
		expect(
			legacyImageUrls({
				image_url: 'https://a/1.jpg',
				primaryImage: { src: 'https://a/2.jpg' },
				images: [{ src: 'https://a/1.jpg' }, { url: 'https://a/3.jpg' }, 'https://a/4.jpg', 5],
			}),
		).toEqual(['https://a/1.jpg', 'https://a/2.jpg', 'https://a/3.jpg', 'https://a/4.jpg']);
	});
});

describe('availability per store id (1 = Torino, any other = Aosta)', () => {
	it('maps store ids to shops', () => {
		expect([1, '1', 2, 3, 0, undefined].map(shopOfStore)).toEqual([
			'torino',
			'torino',
			'aosta',
			'aosta',
			'aosta',
			'aosta',
		]);
	});

	it.each([
		[
			'list with quantities',
			[
				{ storeId: 1, isAvailable: true, stockQuantity: 6 },
				{ storeId: 2, isAvailable: true, stockQuantity: 3 },
			],
			{ torino: 6, aosta: 3 },
		],
		[
			'other stores add up in Aosta',
			[
				{ storeId: 2, isAvailable: true, stockQuantity: 1 },
				{ storeId: 3, isAvailable: true, stockQuantity: 2 },
			],
			{ torino: 0, aosta: 3 },
		],
		[
			'not available means 0 whatever the quantity',
			[{ storeId: 1, isAvailable: false, stockQuantity: 4 }],
			{ torino: 0, aosta: 0 },
		],
		[
			'snake_case spelling',
			[{ store_id: 1, is_available: true, stock_quantity: 12 }],
			{ torino: 12, aosta: 0 },
		],
		[
			'texts and negative quantities',
			[
				{ storeId: '1', isAvailable: 'true', stockQuantity: '4' },
				{ storeId: 2, stockQuantity: -3 },
			],
			{ torino: 4, aosta: 0 },
		],
		['a map by store id', { '1': 5, '2': 0 }, { torino: 5, aosta: 0 }],
		[
			'a JSON string',
			'[{"storeId":1,"isAvailable":true,"stockQuantity":7},{"storeId":2,"isAvailable":false}]',
			{ torino: 7, aosta: 0 },
		],
	])('%s', (_name, value, expected) => {
		expect(parseAvailability(value, new Notes())).toEqual(expected);
	});

	it.each([
		['missing', undefined, 'fallback'],
		['available without quantity (1 piece)', [{ storeId: 1, isAvailable: true }], 'fallback'],
		['free text', 'tutto esaurito', 'warning'],
		['truncated JSON', '[{"storeId": 1, "isAv', 'warning'],
		['an item without store', [{ stockQuantity: 3 }], 'warning'],
		['a number', 7, 'warning'],
	])('%s is noted, never thrown', (_name, value, kind) => {
		const notes = new Notes();
		expect(() => parseAvailability(value, notes)).not.toThrow();
		expect(notes.list.map((note) => note.kind)).toContain(kind);
	});
});

describe('variants', () => {
	const stock: Stock = { torino: 2, aosta: 1 };

	it('reads backend variants (flavor, size, price_cents, original_price_cents)', () => {
		const variants = buildVariants(
			{
				variants: [
					{ flavor: 'Cioccolato', size: '900 g', price_cents: 3490 },
					{ flavor: 'Cioccolato', size: '2 kg', price_cents: 6290, original_price_cents: 6990 },
				],
			},
			new Notes(),
		);
		expect(variants).toEqual([
			{ flavour: 'Cioccolato', size: '900 g', price: 34.9 },
			{ flavour: 'Cioccolato', size: '2 kg', price: 62.9, originalPrice: 69.9 },
		]);
		expect(Object.keys(variants[1] ?? {})).toEqual(['flavour', 'size', 'price', 'originalPrice']);
	});

	it('reads frontend variants (flavour, price in euros, originalPrice)', () => {
		expect(
			buildVariants(
				{ variants: [{ flavour: 'Nocciola', size: '500 g', price: 21.9, originalPrice: 24.9 }] },
				new Notes(),
			),
		).toEqual([{ flavour: 'Nocciola', size: '500 g', price: 21.9, originalPrice: 24.9 }]);
	});

	it('falls back to sizes, bare size texts and the product price', () => {
		const notes = new Notes();
		expect(
			buildVariants(
				{ price: '19,90 €', sizes: [{ size: '1 kg', price: 2790 }, '200 compresse'] },
				notes,
			),
		).toEqual([
			{ size: '1 kg', price: 27.9 },
			{ size: '200 compresse', price: 19.9 },
		]);
		expect(notes.list.map((note) => note.message).join()).toContain('senza prezzo');
	});

	it('makes one variant from the product price when nothing else exists', () => {
		const notes = new Notes();
		expect(buildVariants({ base_price: 2990, originalPrice: 3490 }, notes)).toEqual([
			{ size: 'Formato unico', price: 29.9, originalPrice: 34.9 },
		]);
		expect(notes.list[0]).toMatchObject({ kind: 'fallback', field: 'variants' });
	});

	it('gives no variant without any price', () => {
		expect(buildVariants({ sizes: ['1 kg'] }, new Notes())).toEqual([]);
		expect(buildVariants({}, new Notes())).toEqual([]);
	});

	it('drops repeats and wrong struck-through prices, completes missing flavours', () => {
		const notes = new Notes();
		const variants = buildVariants(
			{
				variants: [
					{ flavor: 'Nero', size: 'M', price_cents: 1990, original_price_cents: 1490 },
					{ flavor: 'Nero', size: 'M', price_cents: 1990 },
					{ size: 'L', price_cents: 1990 },
				],
			},
			notes,
		);
		expect(variants).toEqual([
			{ flavour: 'Nero', size: 'M', price: 19.9 },
			{ flavour: 'Gusto unico', size: 'L', price: 19.9 },
		]);
		expect(notes.list.filter((note) => note.kind === 'warning')).toHaveLength(2);
	});

	it('tolerates variants given as text or JSON text', () => {
		expect(buildVariants({ variants: 'non disponibile', price: 2990 }, new Notes())).toHaveLength(
			1,
		);
		expect(
			buildVariants({ variants: '[{"size":"500 g","price_cents":1500}]' }, new Notes()),
		).toEqual([{ size: '500 g', price: 15 }]);
	});

	it('writes the old per-product stock for each variant and shop, noting it must be split', () => {
		const notes = new Notes();
		const variants = buildVariants(
			{
				sizes: [
					{ size: '1 kg', price: 10 },
					{ size: '2 kg', price: 20 },
				],
			},
			notes,
		);
		expect(variants.every((variant) => !('stock' in variant))).toBe(true);
		expect(stockRows(variants, stock, notes)).toEqual([
			{ shopId: 'torino', variantId: '1-kg', pieces: 2 },
			{ shopId: 'aosta', variantId: '1-kg', pieces: 1 },
			{ shopId: 'torino', variantId: '2-kg', pieces: 2 },
			{ shopId: 'aosta', variantId: '2-kg', pieces: 1 },
		]);
		expect(notes.list.some((note) => note.field === 'stock')).toBe(true);
	});
});

describe('flags', () => {
	it('maps every badge flag, best seller, new and offer', () => {
		const notes = new Notes();
		expect(
			mapFlags(
				{
					bestPrice: true,
					immediateAvailability: 1,
					freeShipping: 'true',
					newArrival: true,
					fastDelivery: 'si',
					staffPick: true,
					localProduct: true,
					isBestSeller: true,
					is_new: true,
					has_special_offer: true,
					specialOfferText: '-10% sul formato da 2 kg',
				},
				notes,
			),
		).toEqual({
			badges: [
				'miglior-prezzo',
				'disponibile',
				'spedizione-gratuita',
				'nuovo',
				'consegna-24h',
				'consigliato',
				'valle-d-aosta',
			],
			ribbon: 'best-seller',
			offer: '-10% sul formato da 2 kg',
			isNew: true,
		});
		expect(notes.list.filter((note) => note.field === 'badges')).toHaveLength(2);
	});

	it.each([
		[{ isNew: true }, { badges: [], ribbon: 'novita', isNew: true }],
		[{ hasSpecialOffer: true }, { badges: [] }],
		[{ specialOfferText: 'Sconto' }, { badges: [] }],
		[{ hasSpecialOffer: 'no', isBestSeller: 0 }, { badges: [] }],
	])('%j', (record, expected) => {
		expect(mapFlags(record, new Notes())).toEqual(expected);
	});
});
