/**
 * A month of a shop, written straight into the server's SQLite file, for the tests of
 * l'andamento: stock movements through the ledger's own function (so on hand stays the sum of
 * the ledger), and reservations with their lines and changes of state as the desk stores them.
 * Every figure the tests expect is worked out by hand in tests/server/report.test.ts from
 * what is written here.
 */
import Database from 'better-sqlite3';
import type { ReservationStatus, StatusActor } from '../../../src/lib/reservations/status';
import type { StockReason } from '../../../src/lib/stock/ledger';
import { adjustStock, setStockMinimum } from '../../../src/server/stock/store';

export const BCAA = { productId: 'bcaa-2-1-1', variantId: '200-compresse' } as const;
export const GLUTAMMINA = { productId: 'glutammina', variantId: '300-g' } as const;
export const CREATINA = { productId: 'creatina-monoidrato', variantId: '300-g' } as const;

/** The clock of the page's figures: Wednesday 25 November 2026, 12:00 in Rome. */
export const REPORT_NOW = '2026-11-25T11:00:00.000Z';

type Move = [
	shop: string,
	ref: { productId: string; variantId: string },
	reason: StockReason,
	pieces: number,
	at: string,
];

/** The ledger of the month (before, during and after 26 October – 22 November 2026). */
const MOVES: Move[] = [
	['torino', BCAA, 'initial_count', 10, '2026-10-20T09:00:00Z'],
	['torino', GLUTAMMINA, 'initial_count', 4, '2026-10-20T09:00:00Z'],
	['torino', CREATINA, 'initial_count', 50, '2026-10-20T09:00:00Z'],
	['aosta', BCAA, 'initial_count', 5, '2026-10-20T09:00:00Z'],
	['torino', BCAA, 'arrival', 20, '2026-10-28T09:00:00Z'],
	['torino', BCAA, 'counter_sale', 3, '2026-11-03T09:00:00Z'],
	['torino', GLUTAMMINA, 'counter_sale', 4, '2026-11-05T09:00:00Z'],
	['torino', BCAA, 'counter_sale', 5, '2026-11-10T09:00:00Z'],
	['aosta', BCAA, 'counter_sale', 2, '2026-11-11T09:00:00Z'],
	['torino', CREATINA, 'counter_sale', 1, '2026-11-12T09:00:00Z'],
	['torino', BCAA, 'counter_sale', 4, '2026-11-17T09:00:00Z'],
	['torino', BCAA, 'collection', 2, '2026-11-18T16:00:00Z'],
	['torino', GLUTAMMINA, 'arrival', 6, '2026-11-20T09:00:00Z'],
	['torino', GLUTAMMINA, 'counter_sale', 3, '2026-11-21T09:00:00Z'],
	['torino', BCAA, 'counter_sale', 1, '2026-11-24T09:00:00Z'],
];

interface SeedReservation {
	shop: string;
	createdAt: string;
	spam?: boolean;
	status: ReservationStatus;
	heldThrough?: string;
	items: { productId: string; variantId: string; quantity: number }[];
	events: [at: string, to: ReservationStatus, actor: StatusActor][];
}

const RESERVATIONS: SeedReservation[] = [
	{
		shop: 'torino',
		createdAt: '2026-11-02T09:00:00.000Z',
		status: 'collected',
		items: [{ ...CREATINA, quantity: 1 }],
		events: [
			['2026-11-02T10:00:00.000Z', 'ready', 'staff'],
			['2026-11-03T15:00:00.000Z', 'collected', 'staff'],
		],
	},
	{
		shop: 'torino',
		createdAt: '2026-11-09T09:00:00.000Z',
		status: 'not_collected',
		items: [{ ...BCAA, quantity: 1 }],
		events: [
			['2026-11-09T12:00:00.000Z', 'ready', 'staff'],
			['2026-11-13T23:05:00.000Z', 'not_collected', 'system'],
		],
	},
	{
		shop: 'torino',
		createdAt: '2026-11-10T09:00:00.000Z',
		status: 'collected',
		items: [{ ...BCAA, quantity: 1 }],
		events: [
			['2026-11-10T11:00:00.000Z', 'ready', 'staff'],
			['2026-11-11T10:00:00.000Z', 'collected', 'staff'],
		],
	},
	{
		shop: 'torino',
		createdAt: '2026-11-16T09:00:00.000Z',
		status: 'cancelled',
		items: [{ ...BCAA, quantity: 1 }],
		events: [['2026-11-16T10:00:00.000Z', 'cancelled', 'customer']],
	},
	{
		shop: 'torino',
		createdAt: '2026-11-17T09:00:00.000Z',
		status: 'cancelled',
		items: [{ ...BCAA, quantity: 1 }],
		events: [['2026-11-17T12:00:00.000Z', 'cancelled', 'staff']],
	},
	{
		shop: 'torino',
		createdAt: '2026-11-18T08:00:00.000Z',
		status: 'collected',
		items: [{ ...BCAA, quantity: 2 }],
		events: [
			['2026-11-18T12:00:00.000Z', 'ready', 'staff'],
			['2026-11-18T16:00:00.000Z', 'collected', 'staff'],
		],
	},
	// Spam: the shop never sees it, no figure counts it.
	{
		shop: 'torino',
		createdAt: '2026-11-18T09:00:00.000Z',
		spam: true,
		status: 'held',
		heldThrough: '2027-01-31',
		items: [{ ...BCAA, quantity: 3 }],
		events: [],
	},
	// After the range, still open: one piece held now.
	{
		shop: 'torino',
		createdAt: '2026-11-24T09:00:00.000Z',
		status: 'held',
		heldThrough: '2027-01-31',
		items: [{ ...BCAA, quantity: 1 }],
		events: [],
	},
	{
		shop: 'aosta',
		createdAt: '2026-11-12T09:00:00.000Z',
		status: 'collected',
		items: [{ ...BCAA, quantity: 1 }],
		events: [['2026-11-13T10:00:00.000Z', 'collected', 'staff']],
	},
];

/**
 * Writes the month into the database at `dbPath` (made by the server under test); the staff's
 * changes are those of the member `staffId`.
 */
export function seedMonth(dbPath: string, staffId: number): void {
	const db = new Database(dbPath);
	db.pragma('foreign_keys = ON');
	db.pragma('busy_timeout = 5000');
	try {
		for (const [shopId, ref, reason, pieces, at] of MOVES) {
			const result = adjustStock(db, {
				shopId,
				...ref,
				reason,
				pieces,
				actor:
					reason === 'collection' ? 'reservation' : reason === 'initial_count' ? 'system' : 'staff',
				...(reason === 'collection' ? { reservationId: 6 } : {}),
				...(reason === 'initial_count' || reason === 'collection'
					? {}
					: { staff: { id: staffId, name: 'Giulia' } }),
				at: new Date(at),
			});
			if (result.outcome !== 'recorded') throw new Error(`refused: ${JSON.stringify(result)}`);
		}
		setStockMinimum(db, { shopId: 'torino', ...BCAA }, 12);
		const addReservation = db.prepare(
			`INSERT INTO reservations (created_at, code, shop_id, shop_name, shop_address, shop_phone,
				shop_email, pickup_day, pickup_hours, hold_days, total_cents, name, email, phone,
				privacy_accepted, spam, delivery, status, held_through, version)
			 VALUES (?, ?, ?, ?, 'Via Roma 1', '+39 011 000 0000', ?, ?, '09:30-12:30', 3, 1000,
				'Cliente di prova', 'cliente@example.it', '+39 333 000 0000', 1, ?, 'simulation', ?, ?, ?)`,
		);
		const addItem = db.prepare(
			`INSERT INTO reservation_items (reservation_id, position, product_id, variant_id,
				product_name, variant_label, unit_price_cents, quantity)
			 VALUES (?, ?, ?, ?, 'Prodotto', 'Variante', 1000, ?)`,
		);
		const addEvent = db.prepare(
			`INSERT INTO reservation_events (reservation_id, at, actor, staff_id, staff_name,
				from_status, to_status, reason)
			 VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`,
		);
		db.transaction(() => {
			RESERVATIONS.forEach((reservation, index) => {
				const day = reservation.createdAt.slice(0, 10);
				const id = Number(
					addReservation.run(
						reservation.createdAt,
						`T${String(index).padStart(3, '0')}${reservation.shop.slice(0, 1).toUpperCase()}`,
						reservation.shop,
						reservation.shop === 'torino' ? 'Sede di Torino' : 'Sede di Aosta',
						`${reservation.shop}@vigorsport.it`,
						day,
						reservation.spam ? 1 : 0,
						reservation.status,
						reservation.heldThrough ?? day,
						1 + reservation.events.length,
					).lastInsertRowid,
				);
				reservation.items.forEach((item, position) =>
					addItem.run(id, position, item.productId, item.variantId, item.quantity),
				);
				let from: ReservationStatus = 'held';
				for (const [at, to, actor] of reservation.events) {
					const staff = actor === 'staff';
					addEvent.run(id, at, actor, staff ? staffId : null, staff ? 'Giulia' : null, from, to);
					from = to;
				}
			});
		})();
	} finally {
		db.close();
	}
}

/** The visible text of an HTML page, its tags gone and its spaces collapsed. */
export function pageText(html: string): string {
	return html
		.replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#39;|&#x27;/g, "'")
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ');
}
