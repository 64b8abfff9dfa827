import { describe, expect, it } from 'vitest';
import { catalogueTrail, categoryPath, productPath } from '../../../../src/lib/catalogue/paths';
import { flagChips, productTabs } from '../../../../src/lib/catalogue/view';
import { productView, type ProductViewInput } from '../../../../src/lib/content/product-view';
import { srcsetWidths } from '../../../../src/lib/images/widths';
import { WHEY } from '../../../fixtures/products';

const input: ProductViewInput<string> = {
	...WHEY,
	data: { ...WHEY.data, ribbon: 'best-seller', offer: '-10%' },
};

describe('productView', () => {
	const view = productView(input);

	it.each([
		['url', view.url, '/prodotti/proteine/whey-80'],
		['category url', view.category.url, '/prodotti/proteine'],
		['lowest price', view.lowestPriceCents, 2990],
		['first flavour, first size in stock', view.initialVariantId, 'cioccolato-900-g'],
		[
			'variant labels',
			view.variants.map((v) => v.label),
			['Cioccolato – 900 g', 'Vaniglia – 2 kg'],
		],
		['badges in Italian', view.badges, ['Miglior Prezzo']],
		['ribbon', view.ribbon, 'Best Seller'],
		[
			'pictures then variant pictures',
			view.pictures.map((p) => p.src),
			['whey.jpg', 'vaniglia.jpg'],
		],
		['variant picture index', view.byVariant, { 'vaniglia-2-kg': 1 }],
		['badges as written in content', view.badgeIds, ['miglior-prezzo']],
		['own first photo to share', view.sharePhoto?.src, 'whey.jpg'],
		['main thumbnail', view.thumbnail, '/_astro/whey.webp'],
		['variant thumbnails', view.variantThumbnails, { 'vaniglia-2-kg': '/_astro/vaniglia.webp' }],
		['highlights', view.highlights, ['24 g di proteine per porzione']],
		['label', view.label?.regime, 'alimento'],
		['no specs', view.specs, null],
		['long description', view.longDescription, '<p>Proteine del siero.</p>'],
		['expert tip', view.tip, "<p>Dopo l'allenamento.</p>"],
	])('%s', (_, actual, expected) => {
		expect(actual).toEqual(expected);
	});

	it('a product with only «Foto in arrivo» shares no photo of its own', () => {
		expect(productView({ ...input, hasOwnPhotos: false }).sharePhoto).toBeNull();
	});

	it('a body without the tip: the whole body is the long description, no tip', () => {
		const plain = productView({ ...input, html: '<p>Solo descrizione.</p>' });
		expect([plain.longDescription, plain.tip]).toEqual(['<p>Solo descrizione.</p>', null]);
	});
});

describe('productTabs', () => {
	it.each([
		[
			{ hasNutrition: true, hasSpecs: false, hasLabel: true },
			['descrizione', 'valori', 'uso', 'ingredienti'],
		],
		[
			{ hasNutrition: true, hasSpecs: false, hasLabel: false },
			['descrizione', 'valori', 'uso', 'ingredienti'],
		],
		[{ hasNutrition: false, hasSpecs: true, hasLabel: false }, ['descrizione', 'tecniche']],
		[{ hasNutrition: false, hasSpecs: false, hasLabel: true }, ['descrizione', 'uso']],
		[{ hasNutrition: true, hasSpecs: true, hasLabel: false }, ['descrizione', 'tecniche', 'uso']],
		[{ hasNutrition: false, hasSpecs: false, hasLabel: false }, ['descrizione']],
	])('%o -> %o', (rules, ids) => {
		expect(productTabs(rules).map((tab) => tab.id)).toEqual(ids);
	});
});

describe('flagChips', () => {
	it.each([
		[{ offer: '-10%', isNew: true }, ['OFFERTA', 'NUOVO']],
		[{ offer: null, isNew: true }, ['NUOVO']],
		[{ offer: '-10%', isNew: false }, ['OFFERTA']],
		[{ offer: null, isNew: false }, []],
	])('%o -> %o', (view, texts) => {
		expect(flagChips(view).map((chip) => chip.text)).toEqual(texts);
	});
});

describe('paths and widths', () => {
	it.each([
		[categoryPath('proteine'), '/prodotti/proteine'],
		[productPath('proteine', 'whey-80'), '/prodotti/proteine/whey-80'],
	])('%s', (actual, expected) => {
		expect(actual).toBe(expected);
	});

	it('catalogueTrail starts at Home and Prodotti', () => {
		expect(catalogueTrail({ name: 'Proteine', path: '/prodotti/proteine' })).toEqual([
			{ name: 'Home', path: '/' },
			{ name: 'Prodotti', path: '/prodotti' },
			{ name: 'Proteine', path: '/prodotti/proteine' },
		]);
	});

	it.each([
		[[400, 640, 960], 1200, { widths: [400, 640, 960], largest: 960 }],
		[[400, 640, 960], 700, { widths: [400, 640], largest: 640 }],
		[[400, 640, 960], 300, { widths: [300], largest: 300 }],
	])('srcsetWidths(%o, %i)', (widths, source, expected) => {
		expect(srcsetWidths(widths, source)).toEqual(expected);
	});
});
