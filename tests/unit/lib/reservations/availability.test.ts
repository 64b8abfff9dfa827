import { describe, expect, it } from 'vitest';
import type { VariantLive } from '../../../../src/lib/catalogue/live-stock';
import {
	blockingLines,
	blocksSending,
	currentPrice,
	indicativeTotal,
	lineStatus,
	offersAlert,
	productDataUrl,
	quantityChoices,
	readProductPrices,
	statusText,
	type LineStatus,
	type ProductState,
} from '../../../../src/lib/reservations/availability';
import { lineKey, type PickupLine } from '../../../../src/lib/reservations/list';

/**
 * Each line of the pickup list at the chosen shop, by the live figure of every shop
 * (GET /api/disponibilita), with today's prices from /api/product/<id>.json.
 */

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
const ready = (pieces: Record<string, number>): VariantLive => ({ kind: 'ready', pieces });
const priced = (priceCents: number): ProductState => ({
	kind: 'ready',
	variants: { 'cioccolato-2-kg': { priceCents } },
});

describe('readProductPrices', () => {
	it('reads the variants’ prices, whole cents only, and nothing of stock', () => {
		expect(
			readProductPrices({
				variants: [
					{ id: 'a', stock: { torino: 4 }, priceCents: 2990 },
					{ id: 'b', priceCents: '29,90' },
					{ priceCents: 100 },
					'x',
				],
			}),
		).toEqual({ a: { priceCents: 2990 }, b: { priceCents: null } });
	});

	it.each([null, {}, { variants: {} }, 'testo'])('%j is not product data', (data) => {
		expect(readProductPrices(data)).toBeNull();
	});

	it('asks for the product’s own file', () => {
		expect(productDataUrl('whey-concentrate-80')).toBe('/api/product/whey-concentrate-80.json');
	});
});

describe('lineStatus at Sede Torino', () => {
	it.each<[string, PickupLine, VariantLive, LineStatus]>([
		['the figure on its way', line(1), { kind: 'loading' }, { kind: 'checking' }],
		[
			'offline or the server down: no old figure',
			line(1),
			{ kind: 'unavailable' },
			{ kind: 'unknown' },
		],
		['no longer sold', line(1), { kind: 'gone' }, { kind: 'gone' }],
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
	])('%s', (_name, item, live, expected) => {
		expect(lineStatus(item, live, 'torino', SHOPS)).toEqual(expected);
	});

	it('reads a shop id from the browser’s storage as a shop, never as an inherited name', () => {
		const live = ready({ torino: 0, aosta: 2 });
		expect(lineStatus(line(1), live, 'constructor', ['constructor', 'aosta'])).toEqual({
			kind: 'elsewhere',
			shopId: 'aosta',
			stock: 2,
		});
		expect(statusText({ kind: 'ok', stock: 1 }, 'toString', NAMES)).not.toMatch(/function/);
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

	it.each<[LineStatus, boolean]>([
		[{ kind: 'checking' }, false],
		[{ kind: 'unknown' }, false],
		[{ kind: 'gone' }, false],
		[{ kind: 'ok', stock: 7 }, false],
		[{ kind: 'short', stock: 1 }, false],
		[{ kind: 'elsewhere', shopId: 'aosta', stock: 2 }, true],
		[{ kind: 'none' }, true],
	])("%j offers 'Avvisami' for the shop: %s", (status, offers) => {
		expect(offersAlert(status)).toBe(offers);
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
	it.each<[string, ProductState | undefined, number | null]>([
		['today’s price when the data has it', priced(4990), 4990],
		['the stored price otherwise', { kind: 'error' }, 5490],
		['the stored price for a variant not in the data', { kind: 'missing' }, 5490],
	])('%s', (_name, state, expected) => {
		expect(currentPrice(line(1), state)).toBe(expected);
	});

	it('never reads an inherited name of a stored line as a product or a variant', () => {
		expect(currentPrice(line(1, 'constructor'), priced(4990))).toBe(5490);
		const stored = { ...line(1), productId: 'valueOf' };
		expect(indicativeTotal([stored], {})).toEqual({ cents: 5490, partial: false });
	});

	it('sums the known prices and says when one is missing', () => {
		const lines = [line(2), { ...line(1, 'vaniglia'), productId: 'altro', priceCents: null }];
		expect(indicativeTotal(lines, { 'whey-concentrate-80': priced(5000) })).toEqual({
			cents: 10000,
			partial: true,
		});
		expect(indicativeTotal([line(3)], {})).toEqual({ cents: 16470, partial: false });
	});
});
