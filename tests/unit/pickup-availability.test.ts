import { describe, expect, it } from 'vitest';
import {
	blockingLines,
	blocksSending,
	currentPrice,
	freeStockUrl,
	indicativeTotal,
	lineStatus,
	productDataUrl,
	quantityChoices,
	readFreeStock,
	readProductStock,
	statusText,
	withFreeStock,
	type FreeStock,
	type LineStatus,
	type StockState,
} from '../../src/lib/pickup/availability';
import { lineKey, type PickupLine } from '../../src/lib/pickup/list';

/** Each line of the pickup list at the chosen shop, from /api/product/<id>.json. */

const SHOPS = ['torino', 'aosta'];
const NAMES = { torino: 'Sede Torino', aosta: 'Sede Aosta' };
const line = (quantity: number, variantId = 'cioccolato-2-kg'): PickupLine => ({
	productId: 'whey-concentrate-80',
	url: '/prodotti/proteine/whey-concentrate-80',
	name: 'Whey 80 Concentrate',
	brand: 'Nordika Nutrition',
	variantId,
	variantLabel: 'Cioccolato – 2 kg',
	imageUrl: '',
	priceCents: 5490,
	quantity,
});
const ready = (stock: Record<string, number>, priceCents = 5490): StockState => ({
	kind: 'ready',
	variants: { 'cioccolato-2-kg': { stock, priceCents } },
});

describe('readProductStock', () => {
	it('reads the variants’ stock and price, whole numbers only', () => {
		expect(
			readProductStock({
				variants: [
					{ id: 'a', stock: { torino: 4, aosta: -1, roma: 1.5 }, priceCents: 2990 },
					{ id: 'b', stock: null, priceCents: '29,90' },
					{ stock: { torino: 1 } },
					'x',
				],
			}),
		).toEqual({
			a: { stock: { torino: 4, aosta: 0 }, priceCents: 2990 },
			b: { stock: {}, priceCents: null },
		});
	});

	it.each([null, {}, { variants: {} }, 'testo'])('%j is not product data', (data) => {
		expect(readProductStock(data)).toBeNull();
	});

	it('asks for the product’s own file', () => {
		expect(productDataUrl('whey-concentrate-80')).toBe('/api/product/whey-concentrate-80.json');
	});
});

describe('lineStatus at Sede Torino', () => {
	it.each<[string, PickupLine, StockState | undefined, LineStatus]>([
		['data not asked yet', line(1), undefined, { kind: 'checking' }],
		['data on its way', line(1), { kind: 'loading' }, { kind: 'checking' }],
		['data unreachable', line(1), { kind: 'error' }, { kind: 'unknown' }],
		['product no longer sold', line(1), { kind: 'missing' }, { kind: 'gone' }],
		['variant no longer sold', line(1, 'altro'), ready({ torino: 3 }), { kind: 'gone' }],
		['enough', line(3), ready({ torino: 3, aosta: 0 }), { kind: 'ok', stock: 3 }],
		['too few', line(4), ready({ torino: 3, aosta: 9 }), { kind: 'short', stock: 3 }],
		[
			'none here, enough in Aosta',
			line(2),
			ready({ torino: 0, aosta: 2 }),
			{ kind: 'elsewhere', shopId: 'aosta', stock: 2 },
		],
		[
			'none here, some in Aosta',
			line(5),
			ready({ torino: 0, aosta: 2 }),
			{ kind: 'elsewhere', shopId: 'aosta', stock: 2 },
		],
		['none anywhere', line(1), ready({ torino: 0, aosta: 0 }), { kind: 'none' }],
		['a shop missing from the stock', line(1), ready({ aosta: 0 }), { kind: 'none' }],
	])('%s', (_name, item, state, expected) => {
		expect(lineStatus(item, state, 'torino', SHOPS)).toEqual(expected);
	});
});

describe('what a status means', () => {
	it.each<[LineStatus, boolean, number, string]>([
		[{ kind: 'checking' }, false, 10, 'Verifica della disponibilità…'],
		[
			{ kind: 'unknown' },
			false,
			10,
			'Disponibilità non verificabile ora: la controlla il negozio.',
		],
		[{ kind: 'gone' }, true, 1, 'Non è più in catalogo: rimuovilo dalla lista.'],
		[{ kind: 'ok', stock: 7 }, false, 7, 'Disponibile a Sede Torino (7 pezzi liberi)'],
		[{ kind: 'ok', stock: 1 }, false, 1, 'Disponibile a Sede Torino (1 pezzo libero)'],
		[
			{ kind: 'short', stock: 1 },
			true,
			1,
			'Ne è disponibile solo 1 a Sede Torino: riduci la quantità.',
		],
		[
			{ kind: 'short', stock: 3 },
			true,
			3,
			'Ne sono disponibili solo 3 a Sede Torino: riduci la quantità.',
		],
		[
			{ kind: 'elsewhere', shopId: 'aosta', stock: 2 },
			true,
			1,
			'Non disponibile a Sede Torino, disponibile a Sede Aosta.',
		],
		[{ kind: 'none' }, true, 1, 'Esaurito in tutti i negozi: rimuovilo dalla lista.'],
		[{ kind: 'ok', stock: 500 }, false, 99, 'Disponibile a Sede Torino (500 pezzi liberi)'],
	])('%j: blocks %s, offers up to %s, says «%s»', (status, blocks, choices, text) => {
		expect(blocksSending(status)).toBe(blocks);
		expect(quantityChoices(status)).toBe(choices);
		expect(statusText(status, 'torino', NAMES)).toBe(text);
	});

	it('lists the lines that keep the reservation from going, with their reason', () => {
		const lines = [line(1), line(2, 'vaniglia')];
		const statuses = new Map<string, LineStatus>([
			[lineKey(lines[0] as PickupLine), { kind: 'ok', stock: 3 }],
			[lineKey(lines[1] as PickupLine), { kind: 'none' }],
		]);
		expect(blockingLines(lines, statuses, 'torino', NAMES)).toEqual({
			'whey-concentrate-80/vaniglia': 'Esaurito in tutti i negozi: rimuovilo dalla lista.',
		});
	});
});

describe('prices and the indicative total', () => {
	it.each<[string, StockState | undefined, number | null]>([
		['today’s price when the data has it', ready({ torino: 1 }, 4990), 4990],
		['the stored price otherwise', { kind: 'error' }, 5490],
		['the stored price for a variant not in the data', { kind: 'missing' }, 5490],
	])('%s', (_name, state, expected) => {
		expect(currentPrice(line(1), state)).toBe(expected);
	});

	it('sums the known prices and says when one is missing', () => {
		const lines = [line(2), { ...line(1, 'vaniglia'), productId: 'altro', priceCents: null }];
		expect(indicativeTotal(lines, { 'whey-concentrate-80': ready({ torino: 3 }, 5000) })).toEqual({
			cents: 10000,
			partial: true,
		});
		expect(indicativeTotal([line(3)], {})).toEqual({ cents: 16470, partial: false });
	});
});

describe('the pieces still free at the chosen shop (GET /api/disponibilita)', () => {
	const READY: StockState = {
		kind: 'ready',
		variants: {
			'cioccolato-2-kg': { stock: { torino: 4, aosta: 2 }, priceCents: 5490 },
			'vaniglia-2-kg': { stock: { torino: 3, aosta: 0 }, priceCents: 5490 },
		},
	};

	it('asks for the shop and each product once, in a stable order', () => {
		expect(freeStockUrl('torino', ['whey', 'creatina', 'whey'])).toBe(
			'/api/disponibilita?negozio=torino&prodotto=creatina&prodotto=whey',
		);
	});

	it.each<[string, unknown, FreeStock | null]>([
		[
			'an answer for the shop',
			{
				negozio: 'torino',
				prodotti: { whey: { 'cioccolato-2-kg': 1, x: -3, y: 'tre' }, gone: null },
			},
			{ whey: { 'cioccolato-2-kg': 1, x: 0 } },
		],
		['another shop’s answer', { negozio: 'aosta', prodotti: {} }, null],
		['an error', { error: 'Indica un negozio esistente' }, null],
		['not an object', 'tre', null],
	])('reads %s', (_, data, expected) => {
		expect(readFreeStock(data, 'torino')).toEqual(expected);
	});

	it('replaces the chosen shop’s shelf stock with the pieces free, keeping the other shops', () => {
		const held = withFreeStock(READY, { 'cioccolato-2-kg': 1 }, 'torino');
		expect(held).toEqual({
			kind: 'ready',
			variants: {
				'cioccolato-2-kg': { stock: { torino: 1, aosta: 2 }, priceCents: 5490 },
				'vaniglia-2-kg': { stock: { torino: 3, aosta: 0 }, priceCents: 5490 },
			},
		});
		const line = { variantId: 'cioccolato-2-kg', quantity: 2 };
		expect(lineStatus(line, held, 'torino', ['torino', 'aosta'])).toEqual({
			kind: 'short',
			stock: 1,
		});
	});

	it('keeps the shelf stock when the server did not answer (offline, or not yet)', () => {
		expect(withFreeStock(READY, undefined, 'torino')).toBe(READY);
		expect(withFreeStock({ kind: 'error' }, { 'cioccolato-2-kg': 1 }, 'torino')).toEqual({
			kind: 'error',
		});
	});
});
