import { describe, expect, it } from 'vitest';
import {
	availabilityUrl,
	cardLive,
	isSoldOut,
	largestShopPieces,
	liveSpot,
	MAX_AVAILABILITY_PRODUCTS,
	readAvailability,
	reserveHref,
	totalPieces,
	variantLive,
	type LiveProducts,
	type LiveStock,
	type SpotKind,
	type VariantLive,
} from '../../../../src/lib/catalogue/live-stock';
import { byShop } from '../../../../src/server/reservations/availability-http';

/** The live figure of stock: the request, the answer, and what each place of a page says. */

const READY: LiveStock = {
	kind: 'ready',
	products: {
		whey: { 'cioccolato-2-kg': { torino: 5, aosta: 0 }, 'vaniglia-2-kg': { torino: 0, aosta: 0 } },
		shaker: { '700-ml': { torino: 0, aosta: 1 } },
		sparito: null,
	},
};

describe('the request', () => {
	it('asks every shop for each product once, in a stable order', () => {
		expect(availabilityUrl(['whey', 'creatina', 'whey'])).toBe(
			'/api/disponibilita?prodotto=creatina&prodotto=whey',
		);
	});

	it('asks nothing without products, and at most a whole category page', () => {
		expect(availabilityUrl([])).toBeNull();
		const many = Array.from({ length: MAX_AVAILABILITY_PRODUCTS + 5 }, (_, i) => `p${1000 + i}`);
		const url = new URL(availabilityUrl(many) ?? '', 'https://x');
		expect(url.searchParams.getAll('prodotto')).toHaveLength(MAX_AVAILABILITY_PRODUCTS);
	});
});

describe('readAvailability', () => {
	it.each<[string, unknown, LiveProducts | null]>([
		[
			'every shop’s pieces, whole numbers only, below 0 as 0',
			{
				negozi: ['torino', 'aosta'],
				prodotti: {
					whey: { a: { torino: 4, aosta: -1, roma: 1.5, x: '3' }, b: null },
					sparito: null,
					strano: 'tre',
				},
			},
			{ whey: { a: { torino: 4, aosta: 0 }, b: {} }, sparito: null },
		],
		['one shop’s answer (an earlier shape)', { negozio: 'torino', prodotti: {} }, null],
		['an error', { error: 'La disponibilità aggiornata non è disponibile ora' }, null],
		['not an object', 'tre', null],
		['nothing', null, null],
	])('%s', (_name, data, expected) => {
		expect(readAvailability(data)).toEqual(expected);
	});

	it('reads what the server answers (its merge of one answer per shop)', () => {
		const answer = {
			negozi: ['torino', 'aosta'],
			prodotti: byShop(
				['whey', 'sparito'],
				[
					{ shopId: 'torino', availability: { whey: { a: 5, b: 0 }, sparito: null } },
					{ shopId: 'aosta', availability: { whey: { a: 0, b: 2 }, sparito: null } },
				],
			),
		};
		expect(readAvailability(JSON.parse(JSON.stringify(answer)))).toEqual({
			whey: { a: { torino: 5, aosta: 0 }, b: { torino: 0, aosta: 2 } },
			sparito: null,
		});
	});
});

describe('variantLive and cardLive', () => {
	it.each<[string, LiveStock, string, string, VariantLive]>([
		['on its way', { kind: 'loading' }, 'whey', 'cioccolato-2-kg', { kind: 'loading' }],
		['offline or server down', { kind: 'unavailable' }, 'whey', 'x', { kind: 'unavailable' }],
		[
			'the figure',
			READY,
			'whey',
			'cioccolato-2-kg',
			{ kind: 'ready', pieces: { torino: 5, aosta: 0 } },
		],
		['a variant no longer sold', READY, 'whey', 'fragola', { kind: 'gone' }],
		['a product no longer sold', READY, 'sparito', 'x', { kind: 'gone' }],
		['a product not asked yet', READY, 'creatina', 'x', { kind: 'loading' }],
		// Slugs may spell an inherited name: never read as a product or a variant.
		['a product named like an inherited name', READY, 'constructor', 'x', { kind: 'loading' }],
		['a variant named like an inherited name', READY, 'whey', 'constructor', { kind: 'gone' }],
	])('%s', (_name, stock, product, variant, expected) => {
		expect(variantLive(stock, product, variant)).toEqual(expected);
	});

	it('sums a card’s variants per shop', () => {
		expect(cardLive(READY, 'whey')).toEqual({ kind: 'ready', pieces: { torino: 5, aosta: 0 } });
		expect(cardLive(READY, 'sparito')).toEqual({ kind: 'gone' });
		expect(cardLive({ kind: 'unavailable' }, 'whey')).toEqual({ kind: 'unavailable' });
		expect(cardLive(READY, 'constructor')).toEqual({ kind: 'loading' });
	});

	it.each<[VariantLive, number | null, number | null, boolean]>([
		[{ kind: 'ready', pieces: { torino: 5, aosta: 2 } }, 7, 5, false],
		[{ kind: 'ready', pieces: { torino: 0, aosta: 0 } }, 0, 0, true],
		[{ kind: 'gone' }, 0, 0, true],
		[{ kind: 'loading' }, null, null, false],
		[{ kind: 'unavailable' }, null, null, false],
	])('%j: %s in all, %s at most in one shop, sold out %s', (live, total, largest, soldOut) => {
		expect(totalPieces(live)).toBe(total);
		expect(largestShopPieces(live)).toBe(largest);
		expect(isSoldOut(live)).toBe(soldOut);
	});
});

describe('what each place says', () => {
	const five: VariantLive = { kind: 'ready', pieces: { torino: 5, aosta: 1 } };
	const none: VariantLive = { kind: 'ready', pieces: { torino: 0, aosta: 0 } };
	it.each<[SpotKind, VariantLive, string, string, string]>([
		['shop', { kind: 'loading' }, 'torino', 'verifica…', 'unknown'],
		['shop', { kind: 'unavailable' }, 'torino', 'non verificabile', 'unknown'],
		['shop', five, 'torino', '5 disponibili', 'in'],
		['shop', five, 'aosta', '1 disponibile', 'in'],
		['shop', { kind: 'ready', pieces: { torino: 5 } }, 'aosta', 'non disponibile', 'out'],
		['shop-row', five, 'torino', '5 disponibili', 'in'],
		['shop-row', none, 'aosta', 'Non disponibile', 'out'],
		['shop-row', { kind: 'unavailable' }, 'aosta', 'Non verificabile', 'unknown'],
		['total', five, '', '6 pezzi', 'in'],
		['total', { kind: 'ready', pieces: { torino: 1 } }, '', '1 pezzo', 'in'],
		['total', none, '', '0 pezzi', 'out'],
		['total', { kind: 'unavailable' }, '', '—', 'unknown'],
		['note', five, '', 'Pezzi liberi adesso, tolti quelli già prenotati.', 'in'],
		['note', { kind: 'gone' }, '', 'Questa variante non è più in vendita.', 'out'],
		[
			'note',
			{ kind: 'unavailable' },
			'',
			'Non possiamo verificare la disponibilità ora: chiedi al negozio o riprova più tardi.',
			'unknown',
		],
		['note', { kind: 'loading' }, '', 'Verifica della disponibilità in corso…', 'unknown'],
		['state', five, '', 'Disponibile', 'in'],
		['state', none, '', 'Esaurito', 'out'],
		['state', { kind: 'gone' }, '', 'Esaurito', 'out'],
		['state', { kind: 'unavailable' }, '', 'Da verificare', 'unknown'],
		['card', five, '', 'Disponibile in negozio', 'in'],
		['card', none, '', 'Esaurito nei negozi', 'out'],
		['card', { kind: 'unavailable' }, '', 'Disponibilità non verificabile ora', 'unknown'],
		['card', { kind: 'loading' }, '', 'Verifica disponibilità…', 'unknown'],
		// The main link says what the table says, and claims nothing before the figure.
		['reserve', five, '', 'Prenota in negozio', 'in'],
		['reserve', { kind: 'ready', pieces: { torino: 0, aosta: 1 } }, '', 'Prenota in negozio', 'in'],
		['reserve', none, '', 'Chiedi disponibilità', 'out'],
		['reserve', { kind: 'gone' }, '', 'Chiedi disponibilità', 'out'],
		['reserve', { kind: 'unavailable' }, '', 'Chiedi disponibilità', 'unknown'],
		['reserve', { kind: 'loading' }, '', 'Contatta il negozio', 'unknown'],
	])('%s, %j at %s: «%s» (%s)', (kind, live, shop, text, tone) => {
		expect(liveSpot(kind, live, shop)).toEqual({ text, tone });
	});

	it.each<[string, VariantLive, string]>([
		['the first shop that has it', { kind: 'ready', pieces: { torino: 0, aosta: 2 } }, 'aosta'],
		['the first shop when both have it', five, 'torino'],
		['the first shop when none has it', none, 'torino'],
		['the first shop while not known', { kind: 'loading' }, 'torino'],
		['the first shop when it cannot be known', { kind: 'unavailable' }, 'torino'],
	])('the main link names %s', (_name, live, shop) => {
		expect(reserveHref(live, 'whey', 'cioccolato-2-kg', ['torino', 'aosta'])).toBe(
			`/contatti?prodotto=whey&variante=cioccolato-2-kg&negozio=${shop}#modulo`,
		);
	});
});
