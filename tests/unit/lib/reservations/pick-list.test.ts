import { describe, expect, it } from 'vitest';
import {
	nextOpenDays,
	pickActionOf,
	pickDayOf,
	pickDoneOf,
	pickList,
	pickListHref,
	type PickItem,
	type PickReservation,
} from '../../../../src/lib/reservations/pick-list';
import type { ReservationStatus } from '../../../../src/lib/reservations/status';
import type { ShopCalendar } from '../../../../src/lib/shops/calendar';

const WHEY_CHOC: PickItem = {
	productId: 'whey',
	variantId: 'cioccolato-1kg',
	productName: 'Whey Isolate',
	variantLabel: 'Cioccolato · 1 kg',
	quantity: 1,
};
const WHEY_VAN: PickItem = {
	...WHEY_CHOC,
	variantId: 'vaniglia-1kg',
	variantLabel: 'Vaniglia · 1 kg',
};
const BAR: PickItem = {
	productId: 'barretta',
	variantId: 'unica',
	productName: 'Barretta proteica',
	variantLabel: 'Confezione da 12',
	quantity: 1,
};

let nextId = 1;
function reservation(
	code: string,
	status: ReservationStatus,
	items: [PickItem, number][],
	shopId = 'torino',
): PickReservation {
	return {
		id: nextId++,
		code,
		shopId,
		shopName: shopId === 'torino' ? 'Buttigliera Alta' : 'Aosta',
		name: `Cliente ${code}`,
		status,
		version: 1,
		items: items.map(([item, quantity]) => ({ ...item, quantity })),
	};
}

describe('pickList', () => {
	const cases: {
		name: string;
		reservations: PickReservation[];
		lines: [string, number, string[]][];
		total: number;
		ticks: string[];
	}[] = [
		{ name: 'no reservations', reservations: [], lines: [], total: 0, ticks: [] },
		{
			name: 'one reservation of two lines',
			reservations: [
				reservation('AAAAAA', 'held', [
					[WHEY_CHOC, 2],
					[BAR, 1],
				]),
			],
			lines: [
				['Barretta proteica|Confezione da 12', 1, ['AAAAAA']],
				['Whey Isolate|Cioccolato · 1 kg', 2, ['AAAAAA ×2']],
			],
			total: 3,
			ticks: ['AAAAAA'],
		},
		{
			name: 'the same variant in two reservations adds up; variants stay apart',
			reservations: [
				reservation('BBBBBB', 'held', [[WHEY_CHOC, 1]]),
				reservation('AAAAAA', 'held', [
					[WHEY_CHOC, 3],
					[WHEY_VAN, 1],
				]),
			],
			lines: [
				['Whey Isolate|Cioccolato · 1 kg', 4, ['AAAAAA ×3', 'BBBBBB']],
				['Whey Isolate|Vaniglia · 1 kg', 1, ['AAAAAA']],
			],
			total: 5,
			ticks: ['AAAAAA', 'BBBBBB'],
		},
		{
			name: 'ready ones are already bagged: ticked, not counted',
			reservations: [
				reservation('AAAAAA', 'ready', [[WHEY_CHOC, 2]]),
				reservation('BBBBBB', 'held', [[WHEY_CHOC, 1]]),
			],
			lines: [['Whey Isolate|Cioccolato · 1 kg', 1, ['BBBBBB']]],
			total: 1,
			ticks: ['BBBBBB', 'AAAAAA ✓'],
		},
		{
			name: 'final states need nothing and are not listed',
			reservations: [
				reservation('AAAAAA', 'collected', [[WHEY_CHOC, 2]]),
				reservation('BBBBBB', 'cancelled', [[BAR, 1]]),
				reservation('CCCCCC', 'not_collected', [[BAR, 1]]),
			],
			lines: [],
			total: 0,
			ticks: [],
		},
		{
			name: 'a variant twice in one reservation is one code',
			reservations: [
				reservation('AAAAAA', 'held', [
					[BAR, 1],
					[BAR, 2],
				]),
			],
			lines: [['Barretta proteica|Confezione da 12', 3, ['AAAAAA ×3']]],
			total: 3,
			ticks: ['AAAAAA'],
		},
	];
	it.each(cases)('$name', ({ reservations, lines, total, ticks }) => {
		const [shop] = pickList(reservations);
		expect(
			(shop?.lines ?? []).map((line) => [
				`${line.productName}|${line.variantLabel}`,
				line.pieces,
				line.codes.map((code) =>
					code.quantity > 1 ? `${code.code} ×${code.quantity}` : code.code,
				),
			]),
		).toEqual(lines);
		expect(shop?.totalPieces ?? 0).toBe(total);
		expect((shop?.ticks ?? []).map((tick) => `${tick.code}${tick.ready ? ' ✓' : ''}`)).toEqual(
			ticks,
		);
	});

	it("keeps each shop's shelves apart, and its total is the sum of its open reservations", () => {
		const day = [
			reservation('AAAAAA', 'held', [[WHEY_CHOC, 2]], 'torino'),
			reservation(
				'BBBBBB',
				'held',
				[
					[WHEY_CHOC, 1],
					[BAR, 4],
				],
				'aosta',
			),
			reservation('CCCCCC', 'held', [[BAR, 1]], 'torino'),
		];
		const shops = pickList(day);
		expect(shops.map((shop) => [shop.shopId, shop.totalPieces, shop.toPrepare])).toEqual([
			['torino', 3, 2],
			['aosta', 5, 1],
		]);
		for (const shop of shops) {
			const expected = day
				.filter((r) => r.shopId === shop.shopId && r.status === 'held')
				.flatMap((r) => r.items)
				.reduce((sum, item) => sum + item.quantity, 0);
			expect(shop.lines.reduce((sum, line) => sum + line.pieces, 0)).toBe(expected);
			expect(shop.totalPieces).toBe(expected);
		}
	});
});

describe('the day and the next open days', () => {
	it.each([
		[null, '2026-11-27'],
		['', '2026-11-27'],
		['2026-12-01', '2026-12-01'],
		[' 2026-12-01 ', '2026-12-01'],
		['2026-02-30', null],
		['domani', null],
		['2026-1-5', null],
	])('?giorno=%j → %j', (raw, day) => {
		expect(pickDayOf(raw, '2026-11-27')).toBe(day);
	});

	// Friday 27 November 2026; 8 December (Immacolata) is a national holiday.
	const weekdays: ShopCalendar = {
		hours: {
			lunedi: ['09:00-19:00'],
			martedi: ['09:00-19:00'],
			mercoledi: ['09:00-19:00'],
			giovedi: ['09:00-19:00'],
			venerdi: ['09:00-19:00'],
		},
	};
	const saturdays: ShopCalendar = { hours: { sabato: ['09:00-12:30'] } };
	it.each([
		['weekdays only', [weekdays], '2026-11-27', ['2026-11-30', '2026-12-01', '2026-12-02']],
		[
			'a shop open on Saturday too',
			[weekdays, saturdays],
			'2026-11-27',
			['2026-11-28', '2026-11-30', '2026-12-01'],
		],
		[
			'over a national holiday',
			[weekdays],
			'2026-12-07',
			['2026-12-09', '2026-12-10', '2026-12-11'],
		],
		[
			'a closure of its own',
			[{ ...weekdays, closures: [{ from: '2026-11-30', to: '2026-12-01', note: 'Inventario' }] }],
			'2026-11-27',
			['2026-12-02', '2026-12-03', '2026-12-04'],
		],
		['a shop that never opens', [{ hours: {} }], '2026-11-27', []],
	])('%s', (_name, shops, day, expected) => {
		expect(nextOpenDays(shops, day)).toEqual(expected);
	});
});

describe("the page's forms and addresses", () => {
	it.each([
		[{ azione: 'pronta', versione: '3', giorno: '2026-11-27' }, 'pronta v3 2026-11-27'],
		[{ azione: 'annulla-pronta', versione: '4', giorno: '' }, 'annulla-pronta v4 today'],
		[{ azione: 'pronta', versione: '2', giorno: 'ieri' }, 'pronta v2 today'],
		[
			{ azione: 'ritirata', versione: '2' },
			'Da qui si può solo segnare una prenotazione come pronta.',
		],
		[
			{ azione: 'annulla', versione: '2', motivo: 'x' },
			'Da qui si può solo segnare una prenotazione come pronta.',
		],
		[{ azione: 'pronta' }, 'Manca la versione della prenotazione: ricarica la pagina e riprova.'],
	])('%j → %s', (fields, expected) => {
		const asked = pickActionOf(fields);
		expect(
			asked.ok
				? `${asked.request.action} v${asked.request.version} ${asked.day ?? 'today'}`
				: asked.error,
		).toBe(expected);
	});

	it.each([
		[null, undefined, '/gestione/preparazione'],
		['2026-11-30', undefined, '/gestione/preparazione?giorno=2026-11-30'],
		[null, { action: 'pronta' as const, id: 7 }, '/gestione/preparazione?fatto=pronta&id=7'],
	])('%j after %j → %s', (day, done, href) => {
		expect(pickListHref(day, done)).toBe(href);
		const back = new URL(href, 'http://localhost').searchParams;
		expect(pickDoneOf(back)).toEqual(done ?? null);
	});

	it.each(['fatto=ritirata&id=1', 'fatto=pronta&id=0', 'fatto=pronta&id=abc', 'fatto=pronta'])(
		'?%s is no change to show',
		(query) => {
			expect(pickDoneOf(new URLSearchParams(query))).toBeNull();
		},
	);
});
