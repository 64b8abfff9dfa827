import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubmissionStore } from '../../../src/server/core/store';
import { formatReservationReport } from '../../../src/server/reservations/report';
import { listReservations } from '../../../src/server/reservations/read-store';
import { insertReservation } from '../../../src/server/reservations/store';
import { MIGRATIONS, REGISTRY } from '../../../src/server/services';
import { newReservation, pickupReservation, SHAKER } from '../../fixtures/reservations';
import { countStock } from '../../helpers/stock';

/** The outbox table opened to every kind of owner, and the reservations' report, on a real file. */

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
		for (const { sql } of MIGRATIONS.slice(0, BEFORE_OPEN_OUTBOX)) db.exec(sql);
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
		SubmissionStore.open(path, REGISTRY).close();
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
		SubmissionStore.open(path, REGISTRY).close();
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
		const store = SubmissionStore.open(join(dir, 'messages.sqlite'), REGISTRY);
		try {
			countStock(store.db, 'torino', 'shaker-700', '700-ml', 10);
			insertReservation(
				store.db,
				newReservation({
					reservation: {
						...pickupReservation({ items: [SHAKER] }),
						phone: '011 1',
					},
					delivery: 'simulation',
					emails: [],
					clientAddress: '198.51.100.4\u001b[2J',
				}),
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
