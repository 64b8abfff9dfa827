import { describe, expect, it } from 'vitest';
import {
	availabilityRows,
	firstChoice,
	flavourColour,
	flavoursOf,
	initialVariant,
	isAvailable,
	lowestPrice,
	selectFlavour,
	selectSize,
	sizeLabel,
	toVariantView,
	totalStock,
	variantId,
	type VariantView,
} from '../../src/lib/catalogue/variants';

const v = (
	flavour: string | null,
	size: string,
	priceCents: number,
	stock: Record<string, number>,
): VariantView => ({
	id: variantId(flavour, size),
	flavour,
	size,
	priceCents,
	originalPriceCents: null,
	stock,
});

const whey = [
	v('Cioccolato', '900 g', 3990, { torino: 0, aosta: 0 }),
	v('Cioccolato', '2 kg', 7490, { torino: 3, aosta: 1 }),
	v('Vaniglia', '900 g', 3990, { torino: 2, aosta: 0 }),
	v('Vaniglia', '2 kg', 7290, { torino: 0, aosta: 4 }),
	v('Fragola', '900 g', 3890, { torino: 0, aosta: 0 }),
];
const shaker = [v(null, '500 ml', 790, { torino: 10 }), v(null, '700 ml', 990, { aosta: 2 })];
const shops = [
	{ id: 'torino', shortName: 'Sede Torino' },
	{ id: 'aosta', shortName: 'Sede Aosta' },
];

describe('toVariantView', () => {
	it('keeps cents and derives the id', () => {
		expect(
			toVariantView({
				flavour: 'Vaniglia',
				size: '2 kg',
				price: 7290,
				originalPrice: 7990,
				stock: { aosta: 4 },
			}),
		).toEqual({
			id: 'vaniglia-2-kg',
			flavour: 'Vaniglia',
			size: '2 kg',
			priceCents: 7290,
			originalPriceCents: 7990,
			stock: { aosta: 4 },
		});
	});

	it('has no flavour and no original price when the content has none', () => {
		expect(toVariantView({ size: 'M', price: 2490, stock: {} })).toMatchObject({
			id: 'm',
			flavour: null,
			originalPriceCents: null,
		});
	});
});

describe('variantId', () => {
	it.each([
		['Cioccolato', '900 g', 'cioccolato-900-g'],
		['Caffè', '30 bustine', 'caffe-30-bustine'],
		[null, 'M', 'm'],
	])('%s %s → %s', (flavour, size, expected) => {
		expect(variantId(flavour, size)).toBe(expected);
	});
});

describe('stock', () => {
	it.each([
		[{ torino: 3, aosta: 1 }, 4, true],
		[{ torino: 0, aosta: 0 }, 0, false],
		[{}, 0, false],
		[{ torino: -2, aosta: 1 }, 1, true],
	])('%o totals %i', (stock, total, available) => {
		expect(totalStock({ stock })).toBe(total);
		expect(isAvailable({ stock })).toBe(available);
	});
});

describe('selection', () => {
	it('lists flavours in content order', () => {
		expect(flavoursOf(whey)).toEqual(['Cioccolato', 'Vaniglia', 'Fragola']);
		expect(flavoursOf(shaker)).toEqual([]);
	});

	it.each<[string, string | null | undefined, string | undefined]>([
		['first flavour, first size in stock', undefined, 'cioccolato-2-kg'],
		['the requested variant', 'vaniglia-2-kg', 'vaniglia-2-kg'],
		['an out-of-stock requested variant too', 'fragola-900-g', 'fragola-900-g'],
		['the default for an unknown id', 'menta-1-kg', 'cioccolato-2-kg'],
	])('opens on %s', (_name, requested, expected) => {
		expect(initialVariant(whey, requested)?.id).toBe(expected);
	});

	it('opens a product without flavours on its first size', () => {
		expect(initialVariant(shaker)?.id).toBe('500-ml');
	});

	it.each([
		['Vaniglia', 'vaniglia-900-g'],
		['Cioccolato', 'cioccolato-2-kg'],
		['Fragola', 'fragola-900-g'],
	])('changing flavour to %s resets to %s', (flavour, expected) => {
		expect(selectFlavour(whey, flavour)?.id).toBe(expected);
	});

	it('selects a size within the flavour', () => {
		expect(selectSize(whey, 'Vaniglia', '2 kg')?.priceCents).toBe(7290);
		expect(selectSize(whey, 'Vaniglia', '5 kg')).toBeNull();
	});

	it('has no first choice for an unknown flavour', () => {
		expect(firstChoice(whey, 'Menta')).toBeNull();
	});

	it.each([
		[whey, 'Formato'],
		[shaker, 'Quantità'],
		[whey.filter((item) => item.flavour === 'Vaniglia'), 'Quantità'],
	] as const)('labels sizes %#', (variants, label) => {
		expect(sizeLabel(variants)).toBe(label);
	});
});

describe('availabilityRows', () => {
	it.each([
		[{ torino: 3, aosta: 1 }, ['3 disponibili', '1 disponibile'], '4 pezzi'],
		[{ torino: 0, aosta: 4 }, ['Non disponibile', '4 disponibili'], '4 pezzi'],
		[{ torino: 1 }, ['1 disponibile', 'Non disponibile'], '1 pezzo'],
		[{}, ['Non disponibile', 'Non disponibile'], '0 pezzi'],
	])('%o', (stock, texts, total) => {
		const result = availabilityRows({ stock }, shops);
		expect(result.rows.map((row) => row.text)).toEqual(texts);
		expect(result.rows.map((row) => row.shop)).toEqual(['Sede Torino', 'Sede Aosta']);
		expect(result.totalText).toBe(total);
	});
});

describe('lowestPrice', () => {
	it.each([
		[whey, 3890],
		[shaker, 790],
		[[], null],
	])('%#', (variants, expected) => {
		expect(lowestPrice(variants)).toBe(expected);
	});
});

describe('flavourColour', () => {
	it.each([
		['Cioccolato fondente', '#5b3a29'],
		['Vaniglia', '#f3e5ab'],
		['Frutti di bosco', '#6b3fa0'],
		['Limone', '#d9e650'],
		['Gusto misterioso', '#9ca3af'],
	])('%s → %s', (flavour, colour) => {
		expect(flavourColour(flavour)).toBe(colour);
	});
});
