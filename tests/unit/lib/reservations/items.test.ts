import { describe, expect, it } from 'vitest';
import {
	checkPickupItems,
	MAX_PICKUP_LINES,
	PICKUP_LIST_ERRORS,
	pickupItemErrors,
	pickupProductIds,
} from '../../../../src/lib/reservations/items';
import { isCatalogueId, toPickupProduct } from '../../../../src/lib/reservations/product';
import { lookupProduct, PICKUP_PRODUCTS } from '../../../fixtures/pickup';
import { SHAKER_LINE, WHEY_LINE } from '../../../fixtures/reservations';

const WHEY = 'whey-concentrate-80';
const CHOC = 'Whey Concentrate 80 – Cioccolato – 2 kg';
const line = (productId: string, variantId: string, quantity: unknown) => ({
	productId,
	variantId,
	quantity,
});

describe('checkPickupItems: refusals, each naming its line', () => {
	it.each([
		{
			name: 'a product not in the catalogue',
			items: [line('proteina-sparita', '1-kg', 1)],
			error: pickupItemErrors.unknownProduct('proteina-sparita'),
		},
		{
			name: 'a variant the product no longer has',
			items: [line(WHEY, 'fragola-5-kg', 1)],
			error:
				"«Whey Concentrate 80»: la variante scelta non è più in vendita; scegline un'altra dalla pagina del prodotto.",
		},
		{
			name: 'quantity 0',
			items: [line(WHEY, 'cioccolato-2-kg', 0)],
			error: `«${CHOC}»: la quantità deve essere un numero intero di almeno 1 pezzo.`,
		},
		{
			name: 'quantity 1.5',
			items: [line(WHEY, 'cioccolato-2-kg', 1.5)],
			error: pickupItemErrors.quantity(CHOC),
		},
		{
			name: 'quantity as text',
			items: [line(WHEY, 'cioccolato-2-kg', '2')],
			error: pickupItemErrors.quantity(CHOC),
		},
		{
			name: 'quantity missing',
			items: [{ productId: WHEY, variantId: 'cioccolato-2-kg' }],
			error: pickupItemErrors.quantity(CHOC),
		},
		{
			name: 'a line that is not an object',
			items: ['whey'],
			error: pickupItemErrors.invalid,
		},
		{
			name: 'an id that could be a path',
			items: [line('../../etc/passwd', '1-kg', 1)],
			error: pickupItemErrors.invalid,
		},
	])('$name', ({ items, error }) => {
		const result = checkPickupItems(items, lookupProduct);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.listError).toBeUndefined();
		expect(result.items).toEqual([
			{
				index: 0,
				productId: typeof items[0] === 'object' ? items[0].productId : '',
				variantId: typeof items[0] === 'object' ? items[0].variantId : '',
				error,
			},
		]);
	});

	it.each([
		{ name: 'no items', items: [], error: PICKUP_LIST_ERRORS.empty },
		{
			name: 'items not a list',
			items: { 0: line(WHEY, 'cioccolato-2-kg', 1) },
			error: PICKUP_LIST_ERRORS.empty,
		},
		{ name: 'items missing', items: undefined, error: PICKUP_LIST_ERRORS.empty },
		{
			name: `more than ${MAX_PICKUP_LINES} lines`,
			items: Array.from({ length: MAX_PICKUP_LINES + 1 }, () => line(WHEY, 'cioccolato-2-kg', 1)),
			error: PICKUP_LIST_ERRORS.tooMany,
		},
	])('the whole list: $name', ({ items, error }) => {
		expect(checkPickupItems(items, lookupProduct)).toEqual({
			ok: false,
			listError: error,
			items: [],
		});
	});

	it('reports every bad line, in the order sent', () => {
		const result = checkPickupItems(
			[line(WHEY, 'cioccolato-2-kg', 1), line('sparito', 'x', 1), line(WHEY, 'vaniglia-2-kg', 0)],
			lookupProduct,
		);
		expect(result.ok ? [] : result.items.map((item) => item.index)).toEqual([1, 2]);
	});

	it('leaves the pieces to the ledger: many pieces pass the item checks', () => {
		// Whether the shop has them is checked under the write lock that stores the reservation.
		const result = checkPickupItems([line(WHEY, 'cioccolato-2-kg', 99)], lookupProduct);
		expect(result.ok).toBe(true);
	});
});

describe('checkPickupItems: accepted lines', () => {
	it('takes names and prices from the catalogue, never from the request', () => {
		const result = checkPickupItems(
			[
				{ ...line(WHEY, 'cioccolato-2-kg', 2), priceCents: 1, name: 'Gratis' },
				line('shaker-700', '700-ml', 1),
			],
			lookupProduct,
		);
		expect(result).toEqual({
			ok: true,
			totalCents: 2 * 5490 + 690,
			indexes: [0, 1],
			// The build's names and prices, as stored and written in the e-mails.
			lines: [WHEY_LINE, SHAKER_LINE],
		});
	});

	it('merges two lines of the same variant into one, at the first line', () => {
		const twice = [line(WHEY, 'cioccolato-2-kg', 1), line(WHEY, 'cioccolato-2-kg', 2)];
		const merged = checkPickupItems(twice, lookupProduct);
		expect(merged.ok && merged.lines.map((item) => item.quantity)).toEqual([3]);
		expect(merged.ok && merged.indexes).toEqual([0]);
	});

	it(`accepts ${MAX_PICKUP_LINES} lines`, () => {
		const items = Array.from({ length: MAX_PICKUP_LINES }, () => line('shaker-700', '700-ml', 1));
		expect(checkPickupItems(items, lookupProduct).ok).toBe(true);
	});
});

describe('pickupProductIds', () => {
	it('lists the distinct well-formed ids of the lines it will check', () => {
		expect(
			pickupProductIds([
				line(WHEY, 'a', 1),
				line(WHEY, 'b', 1),
				line('../x', 'a', 1),
				{ productId: 7 },
				null,
				line('shaker-700', '700-ml', 1),
			]),
		).toEqual([WHEY, 'shaker-700']);
		expect(pickupProductIds('whey')).toEqual([]);
	});
});

describe('toPickupProduct and isCatalogueId', () => {
	it('reads the fields a reservation needs from a product resource', () => {
		const resource = {
			...PICKUP_PRODUCTS[0],
			variants: PICKUP_PRODUCTS[0]?.variants.map((v) => ({ ...v, imageUrl: null })),
		};
		expect(toPickupProduct(resource)).toEqual(PICKUP_PRODUCTS[0]);
	});

	it('reads no stock from the build: a product resource has none to give', () => {
		const resource = {
			...PICKUP_PRODUCTS[0],
			variants: PICKUP_PRODUCTS[0]?.variants.map((v) => ({ ...v, stock: { torino: 9 } })),
		};
		const product = toPickupProduct(resource);
		expect(product?.variants[0]).not.toHaveProperty('stock');
	});

	it.each([
		['not an object', 'whey'],
		['no variants', { id: 'x', name: 'X' }],
		[
			'a price as text',
			{
				id: 'x',
				name: 'X',
				variants: [{ id: 'a', flavour: null, size: '1', priceCents: '5' }],
			},
		],
		[
			'a negative price',
			{ id: 'x', name: 'X', variants: [{ id: 'a', flavour: null, size: '1', priceCents: -5 }] },
		],
		['an id with a slash', { id: 'x/y', name: 'X', variants: [] }],
	])('refuses %s', (_name, value) => {
		expect(toPickupProduct(value)).toBeNull();
	});

	it.each([
		['whey-concentrate-80', true],
		['700-ml', true],
		['Whey', false],
		['a--b', false],
		['-a', false],
		['a/b', false],
		['..', false],
		['x'.repeat(121), false],
		[7, false],
	])('%s is an id: %s', (value, expected) => {
		expect(isCatalogueId(value)).toBe(expected);
	});
});
