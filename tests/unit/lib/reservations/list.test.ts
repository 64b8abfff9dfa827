import { describe, expect, it } from 'vitest';
import {
	addedDescription,
	addItem,
	clampQuantity,
	lineKey,
	MAX_LINE_QUANTITY,
	MAX_LINES,
	parsePickupList,
	pieceCount,
	piecesText,
	removeLine,
	setQuantity,
	toPickupLine,
	type PickupItemData,
	type PickupLine,
} from '../../../../src/lib/reservations/list';

/** The pickup list's rules: add, quantities, remove, count, and stored data read back. */

const WHEY: PickupItemData = {
	productId: 'whey-concentrate-80',
	url: '/prodotti/proteine/whey-concentrate-80',
	name: 'Whey 80 Concentrate',
	brand: 'Nordika Nutrition',
	variantId: 'cioccolato-2-kg',
	variantLabel: 'Cioccolato – 2 kg',
	imageUrl: '/_astro/whey.webp',
	priceCents: 5490,
};
const VANILLA: PickupItemData = { ...WHEY, variantId: 'vaniglia-900-g', priceCents: 2990 };
const line = (item: PickupItemData, quantity: number): PickupLine => ({ ...item, quantity });

describe('clampQuantity', () => {
	it.each([
		[1, MAX_LINE_QUANTITY, 1],
		[3.7, MAX_LINE_QUANTITY, 3],
		[0, MAX_LINE_QUANTITY, 1],
		[-4, MAX_LINE_QUANTITY, 1],
		[Number.NaN, MAX_LINE_QUANTITY, 1],
		[500, MAX_LINE_QUANTITY, MAX_LINE_QUANTITY],
		[5, 3, 3],
		[5, 0, 1],
	])('%s with at most %s → %s', (value, max, expected) => {
		expect(clampQuantity(value, max)).toBe(expected);
	});
});

describe('addItem', () => {
	it.each([
		{
			name: 'a new variant is a new line',
			lines: [line(WHEY, 1)],
			item: VANILLA,
			quantity: 2,
			limit: 10,
			expected: { lines: [line(WHEY, 1), line(VANILLA, 2)], quantity: 2, capped: false },
		},
		{
			name: 'the same variant again adds to its line',
			lines: [line(WHEY, 1), line(VANILLA, 2)],
			item: WHEY,
			quantity: 3,
			limit: 10,
			expected: { lines: [line(WHEY, 4), line(VANILLA, 2)], quantity: 4, capped: false },
		},
		{
			name: 'a line stops at the limit, and says so',
			lines: [line(WHEY, 3)],
			item: WHEY,
			quantity: 5,
			limit: 4,
			expected: { lines: [line(WHEY, 4)], quantity: 4, capped: true },
		},
		{
			name: 'a quantity that is not a whole number of at least 1 adds one piece',
			lines: [],
			item: WHEY,
			quantity: 0,
			limit: 4,
			expected: { lines: [line(WHEY, 1)], quantity: 1, capped: false },
		},
	])('$name', ({ lines, item, quantity, limit, expected }) => {
		expect(addItem(lines, item, quantity, limit)).toEqual({ ok: true, ...expected });
	});

	it('refuses more pieces once the line holds the limit', () => {
		expect(addItem([line(WHEY, 4)], WHEY, 1, 4)).toEqual({ ok: false, error: 'atLimit' });
	});

	it('refuses a new line in a full list, but adds to a line it has', () => {
		const full = Array.from({ length: MAX_LINES }, (_, index) =>
			line({ ...WHEY, variantId: `v-${index}` }, 1),
		);
		expect(addItem(full, VANILLA, 1)).toEqual({ ok: false, error: 'full' });
		expect(addItem(full, { ...WHEY, variantId: 'v-3' }, 1)).toMatchObject({
			ok: true,
			quantity: 2,
		});
	});

	it('never changes the list it is given', () => {
		const lines = Object.freeze([Object.freeze(line(WHEY, 1))]);
		addItem(lines, WHEY, 2);
		expect(lines).toEqual([line(WHEY, 1)]);
	});
});

describe('setQuantity, removeLine, pieceCount', () => {
	const lines = [line(WHEY, 2), line(VANILLA, 1)];

	it.each([
		[lineKey(WHEY), 5, [5, 1]],
		[lineKey(VANILLA), 0, [2, 1]],
		[lineKey(VANILLA), 1000, [2, MAX_LINE_QUANTITY]],
		['altro/prodotto', 3, [2, 1]],
	])('%s set to %s → %j', (key, quantity, expected) => {
		expect(setQuantity(lines, key, quantity).map((item) => item.quantity)).toEqual(expected);
	});

	it('removes one line by its key', () => {
		expect(removeLine(lines, lineKey(WHEY))).toEqual([line(VANILLA, 1)]);
		expect(removeLine(lines, 'altro/prodotto')).toEqual(lines);
	});

	it.each([
		[[], 0, '0 prodotti'],
		[[line(WHEY, 1)], 1, '1 prodotto'],
		[lines, 3, '3 prodotti'],
	])('%j holds %s pieces', (list, count, text) => {
		expect(pieceCount(list)).toBe(count);
		expect(piecesText(count)).toBe(text);
	});
});

describe('addedDescription', () => {
	it.each([
		[WHEY, 1, false, 'Whey 80 Concentrate, Cioccolato – 2 kg: 1 nella lista.'],
		[
			WHEY,
			4,
			true,
			'Whey 80 Concentrate, Cioccolato – 2 kg: 4 nella lista. Nessun negozio ne ha di più.',
		],
		[{ ...WHEY, variantLabel: '' }, 2, false, 'Whey 80 Concentrate: 2 nella lista.'],
	])('%#: %s', (item, quantity, capped, text) => {
		expect(addedDescription(item, quantity, capped)).toBe(text);
	});
});

describe('parsePickupList', () => {
	it.each([
		['nothing stored', null],
		['an empty text', ''],
		['broken JSON', '{"rotto": tru'],
		['an object', '{"productId":"a"}'],
		['a number', '42'],
		['null', 'null'],
	])('%s is an empty list', (_name, text) => {
		expect(parsePickupList(text)).toEqual([]);
	});

	it('reads back what it stored', () => {
		const lines = [line(WHEY, 2), line(VANILLA, 1)];
		expect(parsePickupList(JSON.stringify(lines))).toEqual(lines);
	});

	it('drops bad lines, keeps a variant once and reads at most MAX_LINES lines', () => {
		const stored = [
			line(WHEY, 2),
			{ ...line(WHEY, 5), name: 'Doppione' },
			'testo',
			null,
			{ ...line(VANILLA, 1), productId: '../admin' },
			...Array.from({ length: MAX_LINES + 5 }, (_, index) =>
				line({ ...VANILLA, variantId: `v-${index}` }, 1),
			),
		];
		const lines = parsePickupList(JSON.stringify(stored));
		expect(lines).toHaveLength(MAX_LINES);
		expect(lines[0]).toEqual(line(WHEY, 2));
		expect(lines[1]?.variantId).toBe('v-0');
	});
});

describe('toPickupLine', () => {
	const good = line(WHEY, 2);

	it.each([
		['no product id', { ...good, productId: undefined }],
		['a product id that is not path-safe', { ...good, productId: 'a/b' }],
		['no variant id', { ...good, variantId: 7 }],
		['no name', { ...good, name: '   ' }],
		['a quantity of 0', { ...good, quantity: 0 }],
		['a quantity in text', { ...good, quantity: '2' }],
		['a quantity that is not a number', { ...good, quantity: Number.NaN }],
		['an array', [good]],
	])('drops a line with %s', (_name, value) => {
		expect(toPickupLine(value)).toBeNull();
	});

	it.each([
		['a javascript: address', { url: 'javascript:alert(1)' }, { url: '' }],
		['another site’s address', { url: '//esempio.it/x' }, { url: '' }],
		['an image on another site', { imageUrl: 'https://esempio.it/a.png' }, { imageUrl: '' }],
		['a brand that is not text', { brand: { a: 1 } }, { brand: '' }],
		['a negative price', { priceCents: -5 }, { priceCents: null }],
		['a price in euros with decimals', { priceCents: 54.9 }, { priceCents: null }],
		['a quantity over the maximum', { quantity: 1e9 }, { quantity: MAX_LINE_QUANTITY }],
		['a quantity with decimals', { quantity: 2.5 }, { quantity: 2 }],
		['a very long name', { name: 'x'.repeat(500) }, { name: `${'x'.repeat(199)}…` }],
	])('repairs %s', (_name, change, expected) => {
		expect(toPickupLine({ ...good, ...change })).toEqual({ ...good, ...expected });
	});

	it('keeps no field it does not know', () => {
		expect(toPickupLine({ ...good, extra: '<script>' })).toEqual(good);
	});
});
