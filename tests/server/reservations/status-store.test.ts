import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, REGISTRY } from '../../../src/server/services';
import { heldPieces } from '../../../src/server/reservations/hold-store';
import { insertReservation, type NewReservation } from '../../../src/server/reservations/store';
import { countStock } from '../../helpers/stock';
import {
	staffReservation,
	staffReservationIdByCode,
} from '../../../src/server/reservations/staff-store';
import {
	changeReservationStatus,
	expireReservations,
	type StatusChange,
} from '../../../src/server/reservations/status-store';
import { composeEmail } from '../../../src/server/core/emails';
import { migrate } from '../../../src/server/core/schema';
import { SubmissionStore } from '../../../src/server/core/store';
import {
	newReservation as sharedReservation,
	pickupReservation,
	T0,
	WHEY,
} from '../../fixtures/reservations';
import { createStaffMember } from '../../helpers/staff';

/**
 * Reservation states in a real SQLite file: every change with its event and e-mails in one
 * transaction, the version that refuses a change made from an older one, another shop's
 * reservation as not found, the automatic 'Non ritirata', and the upgrade of a database of the
 * schema before the states.
 */
let dir: string;
let path: string;
const open: { close(): void }[] = [];

/** The store of the file, and the functions under test on its database. */
function storeOn(store: SubmissionStore) {
	const { db } = store;
	return {
		schemaVersion: store.schemaVersion,
		insertReservation: (input: NewReservation, claimedBy: string) =>
			insertReservation(db, input, claimedBy),
		changeReservationStatus: (change: StatusChange) => changeReservationStatus(db, change),
		expireReservations: (now: Date) => expireReservations(db, now),
		heldPieces: (shopId: string, now: Date) => heldPieces(db, shopId, now),
		staffReservation: (id: number, shopIds: string[], now: Date) =>
			staffReservation(db, id, shopIds, now),
		staffReservationIdByCode: (code: string, shopIds: string[]) =>
			staffReservationIdByCode(db, code, shopIds),
		purgeSendersInactiveSince: (cutoff: Date) => store.purgeSendersInactiveSince(cutoff),
	};
}
type Store = ReturnType<typeof storeOn>;

/** The store of the file, with two members of staff of Torino (Giulia and Marco). */
function openStore(): Store {
	const store = SubmissionStore.open(path, REGISTRY);
	open.push(store);
	// A shelf these tests never empty: collections lower it, and have tests of their own.
	for (const shop of ['torino', 'aosta']) {
		countStock(store.db, shop, 'whey-concentrate-80', 'cioccolato-2-kg', 1000);
	}
	for (const member of [GIULIA, MARCO]) {
		member.id = createStaffMember(path, { name: member.name, shops: ['torino'] }).id;
	}
	return storeOn(store);
}

/** A second connection to the same file, to look at its rows. */
function peek(): Database.Database {
	const db = new Database(path, { readonly: true });
	open.push(db);
	return db;
}

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-status-'));
	path = join(dir, 'messages.sqlite');
});

afterEach(() => {
	for (const handle of open.splice(0)) handle.close();
	rmSync(dir, { recursive: true, force: true });
});

const GIULIA = { id: 0, name: 'Giulia' };
const MARCO = { id: 0, name: 'Marco' };

/**
 * The shared fixture's reservation of two pieces of whey at Torino for Friday 27 November, held
 * 2 days (through Sunday 29 November), stored without e-mails.
 */
const RESERVATION = pickupReservation({ items: [WHEY] });
const newReservation = (overrides: Partial<NewReservation> = {}): NewReservation =>
	sharedReservation({ reservation: RESERVATION, holdDays: 2, emails: [], ...overrides });

/** Stores a reservation; returns its id. */
function reserve(store: Store, overrides: Partial<NewReservation> = {}): number {
	const result = store.insertReservation(newReservation(overrides), 'io');
	if ('shortages' in result) throw new Error('refused for stock');
	return result.id;
}

function change(id: number, overrides: Partial<StatusChange>): StatusChange {
	return {
		reservationId: id,
		to: 'ready',
		actor: 'staff',
		staff: GIULIA,
		now: new Date(T0 + 60_000),
		claimedBy: 'io',
		...overrides,
	};
}

const COMPANY = { companyName: 'Vigor Sport', shopEmail: 'info@vigorsport.test' };

describe('changing a reservation state', () => {
	it("marks it ready: the event names who and when, the version moves on, the customer's e-mail is queued once", () => {
		const store = openStore();
		const id = reserve(store);
		const result = store.changeReservationStatus(change(id, { fromVersion: 1 }));
		expect(result).toMatchObject({
			outcome: 'changed',
			status: 'ready',
			version: 2,
			event: {
				actor: 'staff',
				staffId: GIULIA.id,
				staffName: 'Giulia',
				from: 'held',
				to: 'ready',
				at: '2026-11-26T10:01:00.000Z',
				reason: null,
			},
		});
		if (result.outcome !== 'changed') return;
		expect(result.jobs.map((job) => [job.kind, job.recipient])).toEqual([
			['ready', 'mario@example.it'],
		]);
		const [job] = result.jobs;
		if (!job) return;
		const email = composeEmail(job, COMPANY);
		expect(email.subject).toBe(
			'Prenotazione ' + job.about.code + ': pronta per il ritiro – Vigor Sport',
		);
		expect(email.text).toContain('fino a domenica 29 novembre compreso');
		expect(email.replyTo).toBe('torino@vigorsport.test');
		// Claimed by this process: the retry loop leaves it to the request.
		const db = peek();
		expect(
			db.prepare(`SELECT kind, status, claimed_by FROM emails WHERE reservation_id = ?`).all(id),
		).toEqual([{ kind: 'ready', status: 'sending', claimed_by: 'io' }]);
		expect(db.prepare(`SELECT status, version FROM reservations WHERE id = ?`).get(id)).toEqual({
			status: 'ready',
			version: 2,
		});
		// Ready twice is not a change: the e-mail cannot go twice either.
		expect(store.changeReservationStatus(change(id, { fromVersion: 2 }))).toMatchObject({
			outcome: 'not-allowed',
			why: 'state',
		});
		expect(db.prepare(`SELECT COUNT(*) AS n FROM emails WHERE kind = 'ready'`).get()).toEqual({
			n: 1,
		});
	});

	it('refuses a change made from an older version, naming the change made meanwhile', () => {
		const store = openStore();
		const id = reserve(store);
		const first = store.changeReservationStatus(
			change(id, { to: 'collected', fromVersion: 1, staff: GIULIA }),
		);
		expect(first.outcome).toBe('changed');
		const second = store.changeReservationStatus(
			change(id, { to: 'cancelled', reason: 'Esaurito', fromVersion: 1, staff: MARCO }),
		);
		expect(second).toMatchObject({
			outcome: 'conflict',
			status: 'collected',
			version: 2,
			last: { staffName: 'Giulia', to: 'collected' },
		});
		// Nothing overwritten, nothing queued.
		const db = peek();
		expect(db.prepare(`SELECT status FROM reservations WHERE id = ?`).get(id)).toEqual({
			status: 'collected',
		});
		expect(db.prepare(`SELECT COUNT(*) AS n FROM reservation_events`).get()).toEqual({ n: 1 });
		expect(db.prepare(`SELECT COUNT(*) AS n FROM emails`).get()).toEqual({ n: 0 });
	});

	it('cancels with the reason the customer receives; refuses a cancellation without one', () => {
		const store = openStore();
		const id = reserve(store);
		expect(
			store.changeReservationStatus(change(id, { to: 'cancelled', reason: '  ' })),
		).toMatchObject({ outcome: 'not-allowed', why: 'reason-required' });
		const result = store.changeReservationStatus(
			change(id, { to: 'cancelled', reason: 'Prodotto arrivato danneggiato' }),
		);
		if (result.outcome !== 'changed') throw new Error(result.outcome);
		expect(result.event.reason).toBe('Prodotto arrivato danneggiato');
		const [job] = result.jobs;
		expect([job?.kind, job?.recipient]).toEqual(['cancelled', 'mario@example.it']);
		if (!job) return;
		expect(composeEmail(job, COMPANY).text).toContain('Motivo: Prodotto arrivato danneggiato');
		// Final: nothing moves it again.
		for (const to of ['held', 'ready', 'collected', 'not_collected'] as const) {
			expect(store.changeReservationStatus(change(id, { to })).outcome).toBe('not-allowed');
		}
	});

	it("a customer's cancellation tells the shop", () => {
		const store = openStore();
		const id = reserve(store);
		const result = store.changeReservationStatus(
			change(id, { to: 'cancelled', actor: 'customer', staff: undefined }),
		);
		if (result.outcome !== 'changed') throw new Error(result.outcome);
		expect(result.event).toMatchObject({ actor: 'customer', staffId: null, staffName: null });
		const [job] = result.jobs;
		expect([job?.kind, job?.recipient]).toEqual(['customer_cancelled', 'torino@vigorsport.test']);
		if (!job) return;
		const email = composeEmail(job, COMPANY);
		expect(email.subject).toContain('ANNULLATA dal cliente');
		expect(email.replyTo).toBe('mario@example.it');
	});

	it("hides another shop's reservation, and one that does not exist", () => {
		const store = openStore();
		const id = reserve(store);
		expect(store.changeReservationStatus(change(id, { shopIds: ['aosta'] }))).toEqual({
			outcome: 'not-found',
		});
		expect(store.changeReservationStatus(change(id + 1, {}))).toEqual({ outcome: 'not-found' });
		expect(store.staffReservation(id, ['aosta'], new Date(T0))).toBeNull();
		expect(store.staffReservationIdByCode('ABCDEF', ['aosta'])).toBeNull();
		const view = store.staffReservation(id, ['torino'], new Date(T0));
		expect(view).toMatchObject({ id, status: 'held', version: 1, pieces: 2, events: [] });
		expect(store.staffReservationIdByCode(view?.code.toLowerCase() ?? '', ['torino'])).toBe(id);
		// Still held: nothing changed.
		expect(peek().prepare(`SELECT version FROM reservations`).get()).toEqual({ version: 1 });
	});

	it('queues no e-mail without a mail server, nor for spam', () => {
		const store = openStore();
		const id = reserve(store);
		const spam = reserve(store, { spam: true, delivery: 'none' });
		const plain = store.changeReservationStatus(change(id, { claimedBy: undefined }));
		const junk = store.changeReservationStatus(change(spam, {}));
		expect([plain.outcome, junk.outcome]).toEqual(['changed', 'changed']);
		expect(peek().prepare(`SELECT COUNT(*) AS n FROM emails`).get()).toEqual({ n: 0 });
	});
});

describe("the automatic 'Non ritirata'", () => {
	/** Monday 30 November, 00:00 in Rome: Sunday 29, the last held day, has ended. */
	const AFTER_HOLD = new Date('2026-11-29T23:00:00Z');
	const LAST_MINUTE = new Date('2026-11-29T22:59:00Z');

	it('the background pass ends the hold of held and ready reservations once their last day is over', () => {
		const store = openStore();
		const held = reserve(store);
		const ready = reserve(store);
		const collected = reserve(store);
		store.changeReservationStatus(change(ready, {}));
		store.changeReservationStatus(change(collected, { to: 'collected' }));
		expect(
			store.heldPieces('torino', LAST_MINUTE).get('whey-concentrate-80\ncioccolato-2-kg'),
		).toBe(4);
		expect(store.expireReservations(LAST_MINUTE)).toBe(0);
		// Read before the pass: already 'Non ritirata', and its pieces are free.
		expect(store.staffReservation(held, ['torino'], AFTER_HOLD)?.status).toBe('not_collected');
		expect(store.heldPieces('torino', AFTER_HOLD).size).toBe(0);
		expect(store.expireReservations(AFTER_HOLD)).toBe(2);
		expect(store.expireReservations(AFTER_HOLD)).toBe(0);
		const db = peek();
		expect(db.prepare(`SELECT id, status, version FROM reservations ORDER BY id`).all()).toEqual([
			{ id: held, status: 'not_collected', version: 2 },
			{ id: ready, status: 'not_collected', version: 3 },
			{ id: collected, status: 'collected', version: 2 },
		]);
		expect(
			db
				.prepare(
					`SELECT reservation_id, actor, staff_id, from_status, to_status FROM reservation_events
					 WHERE actor = 'system' ORDER BY reservation_id`,
				)
				.all(),
		).toEqual([
			{
				reservation_id: held,
				actor: 'system',
				staff_id: null,
				from_status: 'held',
				to_status: 'not_collected',
			},
			{
				reservation_id: ready,
				actor: 'system',
				staff_id: null,
				from_status: 'ready',
				to_status: 'not_collected',
			},
		]);
	});

	it('a change after the hold ended, before the pass, meets the stored Non ritirata as a conflict', () => {
		const store = openStore();
		const id = reserve(store);
		const result = store.changeReservationStatus(
			change(id, { to: 'collected', fromVersion: 1, now: AFTER_HOLD }),
		);
		expect(result).toMatchObject({
			outcome: 'conflict',
			status: 'not_collected',
			version: 2,
			last: { actor: 'system', to: 'not_collected' },
		});
		// Without a version (the customer's link), the rules refuse it.
		expect(
			store.changeReservationStatus(
				change(id, { to: 'cancelled', actor: 'customer', staff: undefined, now: AFTER_HOLD }),
			),
		).toMatchObject({ outcome: 'not-allowed', status: 'not_collected' });
	});
});

describe('the schema upgrade', () => {
	it('brings a database of the schema before the states up to date, keeping rows, ids and e-mails', () => {
		const before = MIGRATIONS.findIndex(({ sql }) => sql.includes('CREATE TABLE reservations_new'));
		expect(before).toBeGreaterThan(0);
		const db = new Database(path);
		db.pragma('foreign_keys = ON');
		for (const { sql } of MIGRATIONS.slice(0, before)) db.exec(sql);
		db.pragma(`user_version = ${before}`);
		db.prepare(
			`INSERT INTO reservations (id, created_at, code, shop_id, shop_name, shop_address,
				shop_phone, shop_email, pickup_day, pickup_hours, hold_days, total_cents, name, email,
				phone, privacy_accepted, delivery, status, held_through)
			 VALUES (5, '2026-11-20T10:00:00.000Z', 'QWE234', 'torino', 'Sede di Torino', 'Corso Torino 85',
				'011', 'torino@vigorsport.test', '2026-11-27', '09:30–12:30', 2, 10980, 'Anna', 'anna@example.it',
				'011 1', 1, 'smtp', 'collected', '2026-11-29')`,
		).run();
		db.prepare(
			`INSERT INTO reservation_items VALUES (5, 0, 'whey-concentrate-80', 'cioccolato-2-kg',
				'Whey', 'Cioccolato – 2 kg', 5490, 2)`,
		).run();
		db.prepare(
			`INSERT INTO emails (id, reservation_id, kind, recipient, status, attempts, next_attempt_at)
			 VALUES (9, 5, 'confirmation', 'anna@example.it', 'sent', 1, 0)`,
		).run();
		db.close();
		const store = openStore();
		expect(store.schemaVersion).toBe(MIGRATIONS.length);
		const check = peek();
		expect(check.prepare(`SELECT id, code, status, version FROM reservations`).all()).toEqual([
			{ id: 5, code: 'QWE234', status: 'collected', version: 1 },
		]);
		expect(check.prepare(`SELECT id, kind, status FROM emails`).all()).toEqual([
			{ id: 9, kind: 'confirmation', status: 'sent' },
		]);
		expect(check.pragma('foreign_key_check')).toEqual([]);
		const id = reserve(store);
		expect(id).toBe(6);
		expect(store.changeReservationStatus(change(id, {})).outcome).toBe('changed');
		// The privacy purge removes a reservation with its history.
		expect(store.purgeSendersInactiveSince(new Date('2030-01-01T00:00:00Z'))).toBe(2);
		expect(check.prepare(`SELECT COUNT(*) AS n FROM reservation_events`).get()).toEqual({ n: 0 });
	});

	it('leaves foreign keys on after migrating, and they still refuse a line of no reservation', () => {
		const db = new Database(path);
		open.push(db);
		db.pragma('foreign_keys = ON');
		migrate(db, MIGRATIONS);
		expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
		expect(() =>
			db
				.prepare(
					`INSERT INTO reservation_events (reservation_id, at, actor, from_status, to_status)
					VALUES (99, 'x', 'system', 'held', 'not_collected')`,
				)
				.run(),
		).toThrow(/FOREIGN KEY/);
	});
});
