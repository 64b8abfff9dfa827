import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPickupItems } from '../../../src/lib/reservations/items';
import type { PickupReservation } from '../../../src/lib/reservations/request';
import { STAFF_REASONS, type StockReason } from '../../../src/lib/stock/ledger';
import { REGISTRY } from '../../../src/server/services';
import { heldPieces, openHolds } from '../../../src/server/reservations/hold-store';
import { insertReservation } from '../../../src/server/reservations/store';
import { changeReservationStatus } from '../../../src/server/reservations/status-store';
import {
	adjustStock,
	ledgerMismatches,
	stockLevel,
	type StockRef,
} from '../../../src/server/stock/store';
import {
	recordCollectionUndone,
	reservationsMissingPieces,
} from '../../../src/server/stock/collections';
import { SubmissionStore } from '../../../src/server/core/store';
import { createStaffMember, createStaffSession, type StaffSession } from '../../helpers/staff';
import { lookupProduct, PICKUP_SHOPS } from '../../fixtures/pickup';
import { rawRequest, useSimulationServer } from '../helpers/contact';
import { postReservation, validReservation, WHEY } from '../helpers/pickup';
import { staffRequest } from '../helpers/staff';

/**
 * The ledger under random work and under races, on a real SQLite file: whatever mix of
 * movements, reservations, collections and cancellations, on hand is the sum of the ledger,
 * never below 0, and the pieces offered are never below 0.
 */

const T0 = Date.parse('2026-11-26T10:00:00Z');
const TORINO = PICKUP_SHOPS[0] as (typeof PICKUP_SHOPS)[number];
const STAFF = { id: 0, name: 'Giulia' };

/** A reservation of `quantity` pieces of a variant at Torino. */
function reservationOf(ref: StockRef, quantity: number): PickupReservation {
	const checked = checkPickupItems(
		[{ productId: 'whey-concentrate-80', variantId: 'cioccolato-2-kg', quantity }],
		lookupProduct,
	);
	if (!checked.ok) throw new Error('the fixture items must pass');
	return {
		shop: TORINO,
		day: '2026-11-27',
		lines: checked.lines.map((line) => ({ ...line, variantId: ref.variantId })),
		totalCents: checked.totalCents,
		indexes: checked.indexes,
		name: 'Mario Rossi',
		email: 'mario@example.it',
		phone: '+39 011 123 4567',
	};
}

type Step =
	| { kind: 'move'; reason: StockReason; pieces: number }
	| { kind: 'reserve'; quantity: number }
	| { kind: 'collect' | 'cancel'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
	fc.record({
		kind: fc.constant('move' as const),
		reason: fc.constantFrom(...STAFF_REASONS),
		pieces: fc.integer({ min: -5, max: 12 }),
	}),
	fc.record({ kind: fc.constant('reserve' as const), quantity: fc.integer({ min: 1, max: 4 }) }),
	fc.record({ kind: fc.constantFrom('collect' as const, 'cancel' as const), pick: fc.nat() }),
);

describe('random work on the ledger', () => {
	it('keeps on hand the sum of the ledger, never below 0, and available never below 0', () => {
		// One database; each run works on a variant of its own.
		const dir = mkdtempSync(join(tmpdir(), 'vigorsport-stock-random-'));
		const path = join(dir, 'messages.sqlite');
		const store = SubmissionStore.open(path, REGISTRY);
		STAFF.id = createStaffMember(path, { name: 'Giulia', shops: ['torino'] }).id;
		let run = 0;
		try {
			fc.assert(
				fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
					run += 1;
					const REF: StockRef = {
						shopId: 'torino',
						productId: 'whey-concentrate-80',
						variantId: `prova-${run}`,
					};
					{
						const { db } = store;
						const open: number[] = [];
						const now = new Date(T0);
						for (const item of steps) {
							let stored = false;
							if (item.kind === 'move') {
								adjustStock(db, { ...REF, ...item, actor: 'staff', staff: STAFF, at: now });
							} else if (item.kind === 'reserve') {
								const result = insertReservation(
									db,
									{
										reservation: reservationOf(REF, item.quantity),
										holdDays: 2,
										createdAt: now,
										spam: false,
										delivery: 'simulation',
										emails: [],
										confirmationsPerDay: 3,
									},
									'io',
								);
								stored = !('shortages' in result);
								if (!('shortages' in result)) open.push(result.id);
							} else if (open.length > 0) {
								const [id] = open.splice(item.pick % open.length, 1);
								const done = changeReservationStatus(db, {
									reservationId: id ?? 0,
									to: item.kind === 'collect' ? 'collected' : 'cancelled',
									actor: 'staff',
									staff: STAFF,
									reason: 'Prova',
									now,
								});
								expect(done.outcome).toBe('changed');
							}
							const { onHand } = stockLevel(db, REF);
							const held =
								heldPieces(db, 'torino', now).get(`${REF.productId}\n${REF.variantId}`) ?? 0;
							expect(onHand).toBeGreaterThanOrEqual(0);
							// Only a collection of pieces the ledger no longer had, or a count, leaves
							// reservations short; a new reservation is stored only when it takes no more
							// than is available (a refused one changes nothing, short or not).
							expect(ledgerMismatches(db)).toEqual([]);
							if (stored && held > onHand) {
								throw new Error(`a reservation made held ${held} exceed on hand ${onHand}`);
							}
						}
						// The desk's 'Pezzi mancanti' names exactly the pieces on hand cannot cover.
						const { onHand } = stockLevel(db, REF);
						const missing = reservationsMissingPieces(db, openHolds(db, ['torino'], now));
						const held =
							heldPieces(db, 'torino', now).get(`${REF.productId}\n${REF.variantId}`) ?? 0;
						const short = [...missing.values()]
							.flat()
							.filter((line) => line.variantId === REF.variantId)
							.reduce((sum, line) => sum + line.missing, 0);
						expect(short).toBe(Math.max(0, held - onHand));
					}
				}),
				{ numRuns: 40 },
			);
		} finally {
			store.close();
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('refuses to change or delete a movement: the ledger is append-only', () => {
		const dir = mkdtempSync(join(tmpdir(), 'vigorsport-stock-append-'));
		const store = SubmissionStore.open(join(dir, 'messages.sqlite'), REGISTRY);
		try {
			const ref = { shopId: 'torino', productId: 'whey-concentrate-80', variantId: 'x' };
			adjustStock(store.db, {
				...ref,
				reason: 'arrival',
				pieces: 3,
				actor: 'system',
				at: new Date(T0),
			});
			const db = new Database(join(dir, 'messages.sqlite'));
			expect(() => db.prepare('UPDATE stock_movements SET change = 99').run()).toThrow(
				/append-only/,
			);
			expect(() => db.prepare('DELETE FROM stock_movements').run()).toThrow(/append-only/);
			db.close();
		} finally {
			store.close();
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('races on one variant over HTTP', () => {
	const server = useSimulationServer();
	let giulia: StaffSession;
	let anna: StaffSession;

	beforeAll(() => {
		giulia = createStaffSession(server.dbPath, { name: 'Giulia', shops: ['torino'] }, server.url);
		anna = createStaffSession(server.dbPath, { name: 'Anna', shops: ['torino'] }, server.url);
	});

	afterAll(() => undefined);

	const whey = { negozio: 'torino', prodotto: WHEY.productId, variante: WHEY.variantId };

	async function offered(): Promise<number> {
		const response = await rawRequest(
			`${server.url}/api/disponibilita?negozio=torino&prodotto=${WHEY.productId}`,
			{ method: 'GET', headers: { Accept: 'application/json' } },
		);
		const json = JSON.parse(response.body) as { prodotti: Record<string, Record<string, number>> };
		return json.prodotti[WHEY.productId]?.[WHEY.variantId] ?? Number.NaN;
	}

	it('adjustments, reservations and collections at once leave a ledger that adds up', async () => {
		const move = (session: StaffSession, motivo: string, pezzi: number) =>
			staffRequest(server.url, '/api/gestione/magazzino/movimento', {
				method: 'POST',
				cookie: session.cookie,
				body: { ...whey, motivo, pezzi },
			});
		const reserve = async (quantity: number) => {
			const { status, json } = await postReservation(
				server.url,
				validReservation({
					email: `gara${Math.random().toString(36).slice(2)}@example.it`,
					items: [{ productId: WHEY.productId, variantId: WHEY.variantId, quantity }],
				}),
			);
			return status === 201 ? (json['id'] as number) : null;
		};
		const collect = (session: StaffSession, id: number) =>
			staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, {
				method: 'POST',
				cookie: session.cookie,
				body: { azione: 'ritirata', versione: 1 },
			});
		expect((await move(giulia, 'arrival', 6)).status).toBe(200);
		for (let round = 0; round < 3; round++) {
			const ids = (await Promise.all([reserve(2), reserve(3), reserve(1), reserve(4)])).filter(
				(id): id is number => id !== null,
			);
			const answers = await Promise.all([
				...ids.map((id, index) => collect(index % 2 ? giulia : anna, id)),
				move(giulia, 'counter_sale', 2),
				move(anna, 'counter_sale', 3),
				move(anna, 'arrival', 2),
				move(giulia, 'damaged', 1),
				reserve(2),
				offered(),
			]);
			for (const answer of answers) {
				if (typeof answer === 'object' && answer !== null && 'status' in answer) {
					// A sale of more than the shelf has is refused (422), never a 5xx.
					expect([200, 422]).toContain(answer.status);
				}
			}
			expect(await offered()).toBeGreaterThanOrEqual(0);
		}
		const db = new Database(server.dbPath, { readonly: true });
		try {
			expect(ledgerMismatches(db)).toEqual([]);
			const { onHand } = stockLevel(db, {
				shopId: 'torino',
				productId: WHEY.productId,
				variantId: WHEY.variantId,
			});
			expect(onHand).toBeGreaterThanOrEqual(0);
			// Every collected line left the shelf once: one movement each, never more pieces than
			// collected (fewer only when a sale had taken held pieces and on hand stopped at 0).
			const collected = db
				.prepare(
					`SELECT COUNT(*) AS lines, COALESCE(SUM(item.quantity), 0) AS pieces
					 FROM reservation_items AS item
					 JOIN reservations ON reservations.id = item.reservation_id
					 WHERE reservations.status = 'collected'`,
				)
				.get() as { lines: number; pieces: number };
			const movements = db
				.prepare(
					`SELECT COUNT(*) AS lines, COALESCE(-SUM(change), 0) AS pieces
					 FROM stock_movements WHERE reason = 'collection'`,
				)
				.get() as { lines: number; pieces: number };
			expect(collected.lines).toBeGreaterThan(0);
			expect(movements.lines).toBe(collected.lines);
			expect(movements.pieces).toBeLessThanOrEqual(collected.pieces);
		} finally {
			db.close();
		}
	});
});

describe('a collection undone at the counter', () => {
	it('puts its pieces back with a correction, keeping both movements', () => {
		const dir = mkdtempSync(join(tmpdir(), 'vigorsport-stock-undo-'));
		const path = join(dir, 'messages.sqlite');
		const store = SubmissionStore.open(path, REGISTRY);
		try {
			const { db } = store;
			const staff = {
				id: createStaffMember(path, { name: 'Giulia', shops: ['torino'] }).id,
				name: 'Giulia',
			};
			const ref: StockRef = {
				shopId: 'torino',
				productId: 'whey-concentrate-80',
				variantId: 'undo',
			};
			const now = new Date(T0);
			adjustStock(db, { ...ref, reason: 'initial_count', pieces: 5, actor: 'system', at: now });
			const stored = insertReservation(
				db,
				{
					reservation: reservationOf(ref, 2),
					holdDays: 2,
					createdAt: now,
					spam: false,
					delivery: 'simulation',
					emails: [],
					confirmationsPerDay: 3,
				},
				'io',
			);
			if ('shortages' in stored) throw new Error('refused');
			changeReservationStatus(db, {
				reservationId: stored.id,
				to: 'collected',
				actor: 'staff',
				staff,
				now,
			});
			expect(stockLevel(db, ref).onHand).toBe(3);
			db.transaction(() => recordCollectionUndone(db, stored.id, now)).immediate();
			expect(stockLevel(db, ref).onHand).toBe(5);
			const reasons = (
				db
					.prepare('SELECT reason, change FROM stock_movements WHERE variant_id = ? ORDER BY id')
					.all('undo') as {
					reason: string;
					change: number;
				}[]
			).map((row) => `${row.reason} ${row.change}`);
			expect(reasons).toEqual(['initial_count 5', 'collection -2', 'correction 2']);
			expect(ledgerMismatches(db)).toEqual([]);
		} finally {
			store.close();
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
