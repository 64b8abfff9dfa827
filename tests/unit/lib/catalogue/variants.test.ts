import { describe, expect, it } from 'vitest';
import {
	firstChoice,
	flavourColour,
	flavoursOf,
	initialVariant,
	lowestPrice,
	selectFlavour,
	selectSize,
	sizeLabel,
	toVariantView,
	variantId,
	type VariantView,
} from '../../../../src/lib/catalogue/variants';

const v = (flavour: string | null, size: string, priceCents: number): VariantView => ({
	id: variantId(flavour, size),
	flavour,
	size,
	priceCents,
	originalPriceCents: null,
});

const whey = [
	v('Cioccolato', '900 g', 3990),
	v('Cioccolato', '2 kg', 7490),
	v('Vaniglia', '900 g', 3990),
	v('Vaniglia', '2 kg', 7290),
	v('Fragola', '900 g', 3890),
];
const shaker = [v(null, '500 ml', 790), v(null, '700 ml', 990)];
/** What the live figure says no shop has. */
const soldOut = new Set(['cioccolato-900-g', 'vaniglia-2-kg', 'fragola-900-g']);
const canChoose = (variant: VariantView) => !soldOut.has(variant.id);

describe('toVariantView', () => {
	it('keeps cents and derives the id', () => {
		expect(
			toVariantView({
				flavour: 'Vaniglia',
				size: '2 kg',
				price: 7290,
				originalPrice: 7990,
			}),
		).toEqual({
			id: 'vaniglia-2-kg',
			flavour: 'Vaniglia',
			size: '2 kg',
			priceCents: 7290,
			originalPriceCents: 7990,
		});
	});

	it('has no flavour and no original price when the content has none', () => {
		expect(toVariantView({ size: 'M', price: 2490 })).toMatchObject({
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

describe('selection', () => {
	it('lists flavours in content order', () => {
		expect(flavoursOf(whey)).toEqual(['Cioccolato', 'Vaniglia', 'Fragola']);
		expect(flavoursOf(shaker)).toEqual([]);
	});

	it.each<[string, string | null | undefined, string | undefined]>([
		['first flavour, first size (the build knows no stock)', undefined, 'cioccolato-900-g'],
		['the requested variant', 'vaniglia-2-kg', 'vaniglia-2-kg'],
		['the default for an unknown id', 'menta-1-kg', 'cioccolato-900-g'],
	])('opens on %s', (_name, requested, expected) => {
		expect(initialVariant(whey, requested)?.id).toBe(expected);
	});

	it('opens a product without flavours on its first size', () => {
		expect(initialVariant(shaker)?.id).toBe('500-ml');
	});

	it.each([
		['Vaniglia', 'vaniglia-900-g', 'vaniglia-900-g'],
		['Cioccolato', 'cioccolato-2-kg', 'cioccolato-900-g'],
		['Fragola', 'fragola-900-g', 'fragola-900-g'],
	])(
		'changing flavour to %s resets to %s by the live figure, to its first size without it',
		(flavour, live, unknown) => {
			expect(selectFlavour(whey, flavour, canChoose)?.id).toBe(live);
			expect(selectFlavour(whey, flavour)?.id).toBe(unknown);
		},
	);

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
