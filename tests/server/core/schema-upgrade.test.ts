import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { countMessages, listMessages } from '../../../src/server/messages/store';
import { reservationIdOfToken } from '../../../src/server/reservations/customer-store';
import { MIGRATIONS, REGISTRY } from '../../../src/server/services';
import { listReservations } from '../../../src/server/reservations/read-store';
import { SubmissionStore } from '../../../src/server/core/store';
import { claimDueRows, settleClaimsOf } from '../../../src/server/core/outbox-queue';
import { PUSH_QUEUE } from '../../../src/server/notifications/service';
import { tempDatabase } from '../helpers/contact';

/**
 * The migrations upgrade a database in place: one made at the schema the site shipped with
 * before staff accounts, reservation states and customer links (its first migrations, frozen
 * here by count), with rows in every table and e-mails in every state, is opened by today's
 * code; every row is still there, unchanged, and the new columns read as 'nothing happened yet'.
 */

/** The migrations of the schema the shops' databases have before this upgrade. */
const SHIPPED_SCHEMA = 7;

const cleanups: (() => void)[] = [];
afterEach(() => {
	for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A database at the shipped schema, migrated the way the code of that time did. */
function shippedDatabase(schema = SHIPPED_SCHEMA): { dbPath: string; db: Database.Database } {
	const temp = tempDatabase();
	cleanups.push(temp.remove);
	const db = new Database(temp.dbPath);
	db.pragma('journal_mode = WAL');
	db.pragma('foreign_keys = ON');
	MIGRATIONS.slice(0, schema).forEach(({ sql }, index) => {
		db.transaction(() => {
			db.exec(sql);
			db.pragma(`user_version = ${index + 1}`);
		}).immediate();
	});
	return { dbPath: temp.dbPath, db };
}

type Row = Record<string, unknown>;

/** Every row of every table, by table. */
function dump(db: Database.Database): Map<string, Row[]> {
	const tables = db
		.prepare(
			`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
		)
		.all() as { name: string }[];
	return new Map(
		tables.map(({ name }) => [
			name,
			db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Row[],
		]),
	);
}

const STATES = ['pending', 'sending', 'sent', 'failed', 'interrupted'] as const;

/** Rows as a shop's database has them: messages, reservations with lines, e-mails in each state. */
function fill(db: Database.Database): void {
	const message = db.prepare(
		`INSERT INTO messages (created_at, name, email, phone, message, privacy_accepted, spam, delivery,
			submission_key, client_address, submission_fingerprint, confirmation_withheld)
		 VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
	);
	message.run(
		'2026-10-01T08:00:00.000Z',
		'Anna Bianchi',
		'anna@example.it',
		'011 1',
		'Avete la creatina?',
		0,
		'smtp',
		'chiave-1',
		'203.0.113.5',
		'impronta-1',
		0,
	);
	message.run(
		'2026-10-02T09:30:00.000Z',
		'Spam Bot',
		'bot@example.com',
		'000',
		'Compra ora',
		1,
		'none',
		null,
		null,
		null,
		0,
	);
	message.run(
		'2026-10-03T10:00:00.000Z',
		'Luca Verdi',
		'luca@example.it',
		'0165 2',
		'Orari di Natale?',
		0,
		'simulation',
		'chiave-2',
		'198.51.100.7',
		'impronta-2',
		1,
	);

	const reservation = db.prepare(
		`INSERT INTO reservations (created_at, code, shop_id, shop_name, shop_address, shop_phone, shop_email,
			pickup_day, pickup_hours, hold_days, total_cents, name, email, phone, privacy_accepted, spam,
			delivery, submission_key, client_address, status, held_through, submission_fingerprint,
			confirmation_withheld)
		 VALUES (?, ?, ?, 'Sede', 'Via Roma 1', '011 0', 'negozio@example.it', ?, '09:30–12:30', 3, ?,
			'Mario Rossi', 'mario@example.it', '333', 1, 0, 'smtp', ?, '192.0.2.1', ?, ?, ?, 0)`,
	);
	reservation.run(
		'2026-10-04T08:00:00.000Z',
		'K7P2QX',
		'torino',
		'2026-10-06',
		10980,
		'chiave-r1',
		'held',
		'2026-10-09',
		'impronta-r1',
	);
	reservation.run(
		'2026-10-05T08:00:00.000Z',
		'Q4Z9TB',
		'aosta',
		'2026-10-07',
		690,
		null,
		'collected',
		'2026-10-10',
		null,
	);
	reservation.run(
		'2026-10-05T09:00:00.000Z',
		'M3N8VW',
		'torino',
		'2026-10-08',
		5490,
		'chiave-r3',
		'cancelled',
		'2026-10-11',
		'impronta-r3',
	);

	const item = db.prepare(
		`INSERT INTO reservation_items (reservation_id, position, product_id, variant_id, product_name,
			variant_label, unit_price_cents, quantity) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
	);
	item.run(1, 0, 'whey-concentrate-80', 'cioccolato-2-kg', 'Whey 80', 'Cioccolato – 2 kg', 5490, 2);
	item.run(2, 0, 'shaker', '700-ml', 'Shaker', '700 ml', 690, 1);
	item.run(3, 0, 'whey-concentrate-80', 'vaniglia-2-kg', 'Whey 80', 'Vaniglia – 2 kg', 5490, 1);
	item.run(3, 1, 'creatina', '500-g', 'Creatina', '500 g', 0, 3);

	const email = db.prepare(
		`INSERT INTO emails (message_id, reservation_id, kind, recipient, status, attempts, next_attempt_at,
			claimed_at, claimed_by, sent_at, last_error, data_started_at)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	);
	const owners: [number | null, number | null, 'admin' | 'confirmation'][] = [
		[1, null, 'admin'],
		[1, null, 'confirmation'],
		[null, 1, 'admin'],
		[null, 1, 'confirmation'],
		[null, 2, 'admin'],
	];
	STATES.forEach((status, index) => {
		const [messageId, reservationId, kind] = owners[index] ?? [null, 3, 'admin'];
		email.run(
			messageId,
			reservationId,
			kind,
			kind === 'admin' ? 'negozio@example.it' : 'cliente@example.it',
			status,
			status === 'pending' ? 0 : 2,
			1_790_000_000_000 + index,
			status === 'sending' ? 1_790_000_000_500 : null,
			status === 'sending' ? '4242-vecchio' : null,
			status === 'sent' ? '2026-10-04T08:00:01.000Z' : null,
			status === 'failed' ? '421 Try later' : null,
			status === 'interrupted' || status === 'sending' ? 1_790_000_000_600 : null,
		);
	});
	db.prepare('INSERT INTO health_probe (id, checked_at) VALUES (1, 1790000000000)').run();
}

describe('upgrading a database of the shipped schema', () => {
	it('keeps every row as it was and gives the new columns their defaults', () => {
		const { dbPath, db } = shippedDatabase();
		fill(db);
		const before = dump(db);
		expect(db.pragma('user_version', { simple: true })).toBe(SHIPPED_SCHEMA);
		db.close();

		const store = SubmissionStore.open(dbPath, REGISTRY, { create: false });
		cleanups.push(() => store.close());
		expect(store.schemaVersion).toBe(MIGRATIONS.length);
		expect(MIGRATIONS.length).toBeGreaterThan(SHIPPED_SCHEMA);

		const upgraded = new Database(dbPath, { readonly: true, fileMustExist: true });
		cleanups.push(() => upgraded.close());
		const after = dump(upgraded);
		for (const [table, rows] of before) {
			expect(after.get(table), table).toHaveLength(rows.length);
			rows.forEach((row, index) => {
				expect(after.get(table)?.[index], `${table} row ${index + 1}`).toMatchObject(row);
			});
		}
		const reservations = after.get('reservations') ?? [];
		expect(reservations.map((row) => row['status'])).toEqual(['held', 'collected', 'cancelled']);
		// The version a reservation starts from (a new one is stored with the same), and no history
		// invented for what happened before states were recorded.
		for (const row of reservations) expect(row['version']).toBe(1);
		expect(after.get('reservation_events')).toEqual([]);
		for (const row of reservations) expect(row['customer_token_hash']).toBeNull();
		for (const row of after.get('emails') ?? []) expect(row['customer_token_hash']).toBeNull();
		for (const row of after.get('messages') ?? []) {
			expect(row).toMatchObject({
				handled_at: null,
				handled_by_staff_id: null,
				handled_by_name: null,
			});
		}

		// The store reads the old rows through its own queries.
		expect(countMessages(store.db)).toBe(3);
		expect(listMessages(store.db).map((message) => message.name)).toEqual([
			'Luca Verdi',
			'Spam Bot',
			'Anna Bianchi',
		]);
		const listed = listReservations(store.db);
		expect(listed.map((reservation) => reservation.code)).toEqual(['M3N8VW', 'Q4Z9TB', 'K7P2QX']);
		expect(listed.find((reservation) => reservation.code === 'M3N8VW')?.lines).toHaveLength(2);
		expect(
			listed.flatMap((reservation) => reservation.emails.map((email) => email.status)).sort(),
		).toEqual(['failed', 'interrupted', 'sent']);
		// An old reservation has no customer's link: no token opens it.
		expect(reservationIdOfToken(store.db, '0'.repeat(64))).toBeNull();
	});

	it('opens an upgraded database again without changing it', () => {
		const { dbPath, db } = shippedDatabase();
		fill(db);
		db.close();
		SubmissionStore.open(dbPath, REGISTRY, { create: false }).close();
		const once = new Database(dbPath, { readonly: true });
		const first = dump(once);
		once.close();
		SubmissionStore.open(dbPath, REGISTRY, { create: false }).close();
		const twice = new Database(dbPath, { readonly: true });
		cleanups.push(() => twice.close());
		expect(dump(twice)).toEqual(first);
	});
});

/** The schema before pushes joined the one outbox: they had a queue of their own. */
const OWN_PUSH_QUEUE_SCHEMA = 15;

describe('upgrading a database whose pushes had a queue of their own', () => {
	it('keeps every queued push, and sends those the old process had not begun', () => {
		const { dbPath, db } = shippedDatabase(OWN_PUSH_QUEUE_SCHEMA);
		fill(db);
		db.prepare(
			`INSERT INTO staff (id, name, email, shops, created_at, webauthn_user_id)
			 VALUES (1, 'Giulia', 'giulia@example.it', '["torino"]', 1, 'u1')`,
		).run();
		db.prepare(
			`INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_used_at, expires_at)
			 VALUES ('h1', 1, 1, 1, 9999999999999)`,
		).run();
		db.prepare(
			`INSERT INTO push_subscriptions (id, endpoint, p256dh, auth, vapid_key, staff_id,
				session_hash, created_at)
			 VALUES (1, 'https://fcm.googleapis.com/fcm/send/a', 'p', 'a', 'k', 1, 'h1', 1)`,
		).run();
		const push = db.prepare(
			`INSERT INTO push_deliveries (subscription_id, reservation_id, status, attempts,
				next_attempt_at, claimed_at, claimed_by, sent_at, last_error, created_at)
			 VALUES (1, ?, ?, ?, 1000, ?, ?, ?, ?, 900)`,
		);
		push.run(1, 'pending', 1, null, null, null, 'HTTP 503');
		push.run(2, 'sending', 0, 950, '1-dead', null, null);
		push.run(3, 'sent', 1, null, null, 990, null);
		const before = db.prepare('SELECT * FROM push_deliveries ORDER BY id').all() as Row[];
		db.close();

		const store = SubmissionStore.open(dbPath, REGISTRY, { create: false });
		cleanups.push(() => store.close());
		expect(store.schemaVersion).toBe(MIGRATIONS.length);
		const after = store.db.prepare('SELECT * FROM push_deliveries ORDER BY id').all() as Row[];
		after.forEach((row, index) => expect(row).toMatchObject(before[index] ?? {}));
		// The one claimed by the old process may have gone out: it counts as started.
		expect(after.map((row) => row['started_at'])).toEqual([null, 950, null]);

		// The one outbox settles the old claim (never sent again) and claims the queued push.
		expect(settleClaimsOf(store.db, PUSH_QUEUE, () => true, 2000)).toEqual({
			retried: 0,
			uncertain: 1,
		});
		expect(
			claimDueRows(store.db, PUSH_QUEUE, 2000, 'nuovo', 10).map((row) => [
				row['reservation_id'],
				row['attempts'],
			]),
		).toEqual([[1, 1]]);
		expect(
			store.db
				.prepare('SELECT status FROM push_deliveries ORDER BY id')
				.all()
				.map((row) => (row as Row)['status']),
		).toEqual(['sending', 'interrupted', 'sent']);
		// Claimed by a process that stopped before its request went out (no mark): due again.
		expect(
			settleClaimsOf(store.db, PUSH_QUEUE, (claimedBy) => claimedBy === 'nuovo', 2001),
		).toEqual({ retried: 1, uncertain: 0 });
		expect(
			claimDueRows(store.db, PUSH_QUEUE, 2001, 'terzo', 10).map((row) => row['reservation_id']),
		).toEqual([1]);
	});
});
