import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_ROUTES } from '../../src/lib/http/server-routes';
import { OUTBOXES } from '../../src/lib/pwa/outbox';
import { SUBMISSION_ENDPOINTS } from '../../src/lib/submissions/endpoints';
import { KINDS } from '../../src/server/kinds';
import { insertReservation, listReservations } from '../../src/server/pickup/store';
import { countStock } from '../helpers/stock';
import { formatReservationReport } from '../../src/server/pickup/report';
import { MIGRATIONS, SubmissionStore } from '../../src/server/submissions/store';
import { checkPickupItems } from '../../src/lib/pickup/items';
import { lookupProduct, PICKUP_SHOPS } from '../fixtures/pickup';

/** The registry of kinds, and the outbox table it opened to every kind of owner. */

describe('the registry of kinds', () => {
	it('serves every endpoint the browser’s outbox queues, each by one kind', () => {
		expect(OUTBOXES).toEqual(SUBMISSION_ENDPOINTS);
		const posted = KINDS.flatMap((kind) => (kind.endpoint ? [kind.endpoint] : []));
		expect(posted).toEqual(SUBMISSION_ENDPOINTS);
		for (const kind of KINDS) {
			if (kind.endpoint) expect(kind.endpoint.kind).toBe(kind.owner.name);
		}
		for (const { path } of SUBMISSION_ENDPOINTS) expect(SERVER_ROUTES).toContain(path);
	});

	it('gives every owner its own column and name, and its e-mails a label', () => {
		const owners = KINDS.map((kind) => kind.owner);
		expect(new Set(owners.map((owner) => owner.column)).size).toBe(owners.length);
		expect(new Set(owners.map((owner) => owner.name)).size).toBe(owners.length);
		for (const owner of owners) {
			expect(owner.column).toMatch(/^[a-z_]+_id$/);
			for (const email of Object.values(owner.emails)) expect(email.label).not.toBe('');
		}
	});

	it('has exactly one report printed by default, and distinct options for the others', () => {
		const reports = KINDS.flatMap((kind) => (kind.report ? [kind.report] : []));
		expect(reports.filter((report) => report.option === null)).toHaveLength(1);
		const options = reports.flatMap((report) => (report.option ? [report.option] : []));
		expect(new Set(options).size).toBe(options.length);
	});
});

/** The schema version before the outbox was opened to every owner (migration 8). */
const BEFORE_OPEN_OUTBOX = 7;

describe('the outbox open to every owner (migration 8)', () => {
	let dir: string;
	let path: string;

	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'vigorsport-kinds-'));
		path = join(dir, 'messages.sqlite');
	});

	afterEach(() => {
		rmSync(dir, { recursive: true, force: true });
	});

	/** A database as version 7 left it, with an e-mail of a message and one of a reservation. */
	function previousVersion(): void {
		const db = new Database(path);
		for (const sql of MIGRATIONS.slice(0, BEFORE_OPEN_OUTBOX)) db.exec(sql);
		db.pragma(`user_version = ${BEFORE_OPEN_OUTBOX}`);
		db.exec(
			`INSERT INTO messages (created_at, name, email, phone, message, privacy_accepted, delivery)
			 VALUES ('2026-01-01T10:00:00.000Z', 'Anna', 'anna@example.it', '011 1', 'Salve.', 1, 'smtp');
			 INSERT INTO reservations (created_at, code, shop_id, shop_name, shop_address, shop_phone,
				shop_email, pickup_day, pickup_hours, hold_days, total_cents, name, email, phone,
				privacy_accepted, delivery, held_through)
			 VALUES ('2026-02-02T09:00:00.000Z', 'ABC234', 'torino', 'Torino', 'Via 1', '011', 't@x.it',
				'2026-02-03', '09:00–12:00', 3, 690, 'Bea', 'bea@example.it', '011 2', 1, 'smtp', '2026-02-06');
			 INSERT INTO emails (id, message_id, kind, recipient, status, attempts, next_attempt_at)
			 VALUES (7, 1, 'admin', 'negozio@example.it', 'pending', 2, 0);
			 INSERT INTO emails (id, reservation_id, kind, recipient, status, attempts, next_attempt_at)
			 VALUES (9, 1, 'confirmation', 'bea@example.it', 'sent', 1, 0);`,
		);
		db.close();
	}

	it('keeps every e-mail, its id and state, dated by its owner', () => {
		previousVersion();
		SubmissionStore.open(path, KINDS).close();
		const db = new Database(path, { readonly: true });
		const rows = db
			.prepare(
				'SELECT id, message_id, reservation_id, kind, status, attempts, created_at FROM emails',
			)
			.all();
		db.close();
		expect(rows).toEqual([
			{
				id: 7,
				message_id: 1,
				reservation_id: null,
				kind: 'admin',
				status: 'pending',
				attempts: 2,
				created_at: '2026-01-01T10:00:00.000Z',
			},
			{
				id: 9,
				message_id: null,
				reservation_id: 1,
				kind: 'confirmation',
				status: 'sent',
				attempts: 1,
				created_at: '2026-02-02T09:00:00.000Z',
			},
		]);
	});

	it('takes an e-mail kind an owner declares later, once per owner, and one owner only', () => {
		previousVersion();
		SubmissionStore.open(path, KINDS).close();
		const db = new Database(path);
		const insert = (messageId: number | null, reservationId: number | null, kind: string) =>
			db
				.prepare(
					`INSERT INTO emails (message_id, reservation_id, kind, recipient, status, next_attempt_at)
					 VALUES (?, ?, ?, 'bea@example.it', 'pending', 0)`,
				)
				.run(messageId, reservationId, kind);
		expect(() => insert(null, 1, 'ready')).not.toThrow();
		expect(() => insert(null, 1, 'ready')).toThrow(/UNIQUE/);
		expect(() => insert(null, 1, '')).toThrow(/CHECK/);
		expect(() => insert(null, null, 'ready')).toThrow(/CHECK/);
		expect(() => insert(1, 1, 'ready')).toThrow(/CHECK/);
		expect(() => db.prepare('UPDATE emails SET message_id = 1 WHERE id = 9').run()).toThrow(
			/CHECK/,
		);
		const [latest] = db.prepare('SELECT created_at FROM emails ORDER BY id DESC LIMIT 1').all() as {
			created_at: string;
		}[];
		db.close();
		// Dated when stored, like the rows the store writes itself.
		expect(latest?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
	});
});

describe('the reservations report', () => {
	it('shows the address a reservation was sent from, escaped', () => {
		const dir = mkdtempSync(join(tmpdir(), 'vigorsport-kinds-'));
		const store = SubmissionStore.open(join(dir, 'messages.sqlite'), KINDS);
		try {
			const shop = PICKUP_SHOPS[0] as (typeof PICKUP_SHOPS)[number];
			const checked = checkPickupItems(
				[{ productId: 'shaker-700', variantId: '700-ml', quantity: 1 }],
				lookupProduct,
			);
			if (!checked.ok) throw new Error('the fixture items must pass');
			countStock(store.db, 'torino', 'shaker-700', '700-ml', 10);
			insertReservation(
				store.db,
				{
					reservation: {
						shop,
						day: '2026-11-27',
						lines: checked.lines,
						totalCents: checked.totalCents,
						indexes: checked.indexes,
						name: 'Mario Rossi',
						email: 'mario@example.it',
						phone: '011 1',
					},
					holdDays: 3,
					createdAt: new Date('2026-11-26T10:00:00Z'),
					spam: false,
					delivery: 'simulation',
					emails: [],
					clientAddress: '198.51.100.4\u001b[2J',
					confirmationsPerDay: 3,
				},
				'io',
			);
			const report = formatReservationReport(listReservations(store.db), 1);
			expect(report.split('\n').at(-1)).toBe('  Inviato da: 198.51.100.4\\x1B[2J');
		} finally {
			store.close();
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
