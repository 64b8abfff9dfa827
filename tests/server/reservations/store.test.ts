import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countMessages, insertMessage } from '../../../src/server/messages/store';
import { heldPieces } from '../../../src/server/reservations/hold-store';
import { countReservations, listReservations } from '../../../src/server/reservations/read-store';
import {
	insertReservation,
	type InsertReservationResult,
	type NewReservation,
} from '../../../src/server/reservations/store';
import { composeEmail } from '../../../src/server/core/emails';
import { MIGRATIONS, REGISTRY } from '../../../src/server/services';
import { SubmissionStore } from '../../../src/server/core/store';
import { formatReservationReport } from '../../../src/server/reservations/report';
import { newReservation, pickupReservation, T0, TORINO } from '../../fixtures/reservations';
import { countStock } from '../../helpers/stock';

/** Reservations in a real SQLite file, with the messages' outbox. */
let dir: string;
let path: string;
const open: SubmissionStore[] = [];

/** The store, with a shelf at Torino these tests never empty (held stock sets its own below). */
function openStore(): SubmissionStore {
	const store = SubmissionStore.open(path, REGISTRY);
	open.push(store);
	for (const line of RESERVATION.lines) {
		countStock(store.db, 'torino', line.productId, line.variantId, 1000);
	}
	return store;
}

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-pickup-store-'));
	path = join(dir, 'messages.sqlite');
});

afterEach(() => {
	for (const store of open.splice(0)) store.close();
	rmSync(dir, { recursive: true, force: true });
});

/** The reservation of the shared fixtures: whey and a shaker at Torino, on a shelf never emptied. */
const RESERVATION = pickupReservation();
const reservation = newReservation;

/** The result of a reservation the test expects stored (not refused for stock). */
function storedResult(
	result: InsertReservationResult,
): Exclude<InsertReservationResult, { shortages: unknown }> {
	if ('shortages' in result) throw new Error('the reservation was refused for stock');
	return result;
}

describe('reservations in the store', () => {
	it('stores a reservation, its lines and its two e-mails, claimed, under a pickup code', () => {
		const store = openStore();
		const { id, code, jobs } = storedResult(
			insertReservation(store.db, reservation(), 'io', () => 'ABC234'),
		);
		expect(code).toBe('ABC234');
		expect(jobs.map((job) => [job.kind, job.recipient])).toEqual([
			['admin', 'torino@vigorsport.test'],
			['confirmation', 'mario@example.it'],
		]);
		expect(jobs[0]?.about).toMatchObject({
			id,
			code: 'ABC234',
			shopName: 'Sede di Torino',
			day: '2026-11-27',
			dayHours: '09:30–12:30, 15:30–19:30',
			holdDays: 3,
			totalCents: 11670,
		});
		// Claimed by the request: the retry loop does not see them.
		expect(store.claimDue(T0 + 1, 'altro', 10)).toEqual([]);
		const [stored] = listReservations(store.db);
		expect(stored?.lines).toEqual(RESERVATION.lines);
		expect(stored?.emails.map((email) => email.status)).toEqual(['sending', 'sending']);
		expect(countReservations(store.db)).toBe(1);
		// Messages and reservations are apart.
		expect(countMessages(store.db)).toBe(0);
	});

	it('draws again when a code is taken, and gives up after twenty clashes', () => {
		const store = openStore();
		insertReservation(store.db, reservation(), 'io', () => 'AAAAAA');
		const draws = ['AAAAAA', 'AAAAAA', 'BBBBBB'];
		const second = storedResult(
			insertReservation(store.db, reservation(), 'io', () => draws.shift() ?? ''),
		);
		expect(second.code).toBe('BBBBBB');
		expect(() => insertReservation(store.db, reservation(), 'io', () => 'AAAAAA')).toThrow(
			/No free pickup code/,
		);
		// The failed transaction stored nothing.
		expect(countReservations(store.db)).toBe(2);
	});

	it('stores a reservation sent twice under one submission key once, with its code', () => {
		const store = openStore();
		const key = 'chiave-di-prova-0001';
		const first = storedResult(
			insertReservation(store.db, reservation({ submissionKey: key }), 'io'),
		);
		const again = insertReservation(store.db, reservation({ submissionKey: key }), 'io');
		expect(again).toEqual({
			id: first.id,
			code: first.code,
			jobs: [],
			earlier: {
				id: first.id,
				code: first.code,
				delivery: 'smtp',
				emails: [
					{ kind: 'admin', status: 'sending' },
					{ kind: 'confirmation', status: 'sending' },
				],
				fingerprint: null,
			},
		});
		expect(countReservations(store.db)).toBe(1);
	});

	it('retries a reservation’s failed e-mail through the same outbox as messages', () => {
		const store = openStore();
		const { jobs } = storedResult(insertReservation(store.db, reservation(), 'io', () => 'ABC234'));
		const [admin] = jobs;
		if (!admin) throw new Error('an admin e-mail expected');
		store.markFailed(admin.emailId, 'io', 'ECONNREFUSED', T0 + 1000);
		const [due] = store.claimDue(T0 + 1000, 'loop', 10);
		expect(due?.owner.name).toBe('reservation');
		expect(due?.about).toEqual(admin.about);
		// What it sends: to the shop, the code first, Reply-To the customer.
		const email = composeEmail(due ?? admin, { companyName: 'Vigor Sport', shopEmail: null });
		expect(email).toMatchObject({
			to: 'torino@vigorsport.test',
			replyTo: 'mario@example.it',
			subject: 'Prenotazione ABC234 · ritiro venerdì 27 novembre · Mario Rossi',
		});
		expect(email.messageId).toMatch(/^<ritiro-\d+-admin-\d+@localhost>$/);
		expect(email.text.split('\n')[0]).toBe('CODICE: ABC234');
	});

	it('deletes the reservations and messages of people silent since the cutoff, by last contact', () => {
		const store = openStore();
		const DAY = 86_400_000;
		const at = (days: number) => new Date(T0 - days * DAY);
		const withEmail = (email: string, days: number) =>
			reservation({ reservation: { ...RESERVATION, email }, createdAt: at(days) });
		insertReservation(store.db, withEmail('vecchio@example.it', 400), 'io');
		insertReservation(store.db, withEmail('torna@example.it', 500), 'io');
		// A recent message keeps the old reservation of the same person.
		insertMessage(
			store.db,
			{
				name: 'Torna',
				email: 'torna@example.it',
				phone: '011 1',
				message: 'Sono tornato.',
				createdAt: at(10),
				spam: false,
				delivery: 'simulation',
				emails: [],
				confirmationsPerDay: 3,
			},
			'io',
		);
		insertReservation(store.db, withEmail('nuovo@example.it', 1), 'io');
		expect(store.purgeSendersInactiveSince(at(365))).toBe(1);
		expect(listReservations(store.db).map((item) => [item.email, item.emails.length])).toEqual([
			['nuovo@example.it', 2],
			['torna@example.it', 2],
		]);
		const db = new Database(path, { readonly: true });
		const orphans = db
			.prepare(
				`SELECT COUNT(*) AS n FROM reservation_items WHERE reservation_id NOT IN (SELECT id FROM reservations)`,
			)
			.get() as { n: number };
		db.close();
		expect(orphans.n).toBe(0);
	});

	it('brings a database of the previous version up to date, keeping its e-mails and their ids', () => {
		const db = new Database(path);
		for (const { sql } of MIGRATIONS.slice(0, 3)) db.exec(sql);
		db.pragma('user_version = 3');
		db.prepare(
			`INSERT INTO messages (created_at, name, email, phone, message, privacy_accepted, delivery)
			 VALUES ('2026-01-01T10:00:00.000Z', 'Anna', 'anna@example.it', '011 1', 'Salve a tutti.', 1, 'smtp')`,
		).run();
		db.prepare(
			`INSERT INTO emails (id, message_id, kind, recipient, status, attempts, next_attempt_at)
			 VALUES (7, 1, 'admin', 'negozio@example.it', 'pending', 2, 0)`,
		).run();
		db.close();
		const store = openStore();
		expect(store.schemaVersion).toBe(MIGRATIONS.length);
		const [due] = store.claimDue(T0, 'io', 10);
		expect([due?.emailId, due?.owner.name, due?.attempts]).toEqual([7, 'message', 2]);
		expect(due?.about).toMatchObject({ name: 'Anna' });
		// New e-mails continue after the old ids.
		const { jobs } = storedResult(insertReservation(store.db, reservation(), 'io'));
		expect(jobs[0]?.emailId).toBeGreaterThan(7);
	});

	it('refuses an e-mail row that belongs to nothing or to two things', () => {
		const store = openStore();
		insertReservation(store.db, reservation({ delivery: 'simulation', emails: [] }), 'io');
		insertMessage(
			store.db,
			{
				name: 'Anna',
				email: 'anna@example.it',
				phone: '011 1',
				message: 'Salve a tutti.',
				createdAt: new Date(T0),
				spam: false,
				delivery: 'simulation',
				emails: [],
				confirmationsPerDay: 3,
			},
			'io',
		);
		const db = new Database(path);
		const insert = (messageId: number | null, reservationId: number | null) =>
			db
				.prepare(
					`INSERT INTO emails (message_id, reservation_id, kind, recipient, status, next_attempt_at)
					 VALUES (?, ?, 'admin', 'x@example.it', 'pending', 0)`,
				)
				.run(messageId, reservationId);
		expect(() => insert(null, null)).toThrow(/CHECK/);
		expect(() => insert(1, 1)).toThrow(/CHECK/);
		expect(() => insert(1, null)).not.toThrow();
		db.close();
	});

	it('reports reservations for the shop, code first, in Italian', () => {
		const store = openStore();
		insertReservation(
			store.db,
			reservation({ delivery: 'simulation', emails: [] }),
			'io',
			() => 'ABC234',
		);
		const report = formatReservationReport(listReservations(store.db), countReservations(store.db));
		expect(report).toBe(
			[
				'1 prenotazione salvata:',
				'',
				'ABC234 · ritiro venerdì 27 novembre · Sede di Torino',
				'  #1 · ricevuta il 26 novembre 2026 alle 11:00 · Mario Rossi <mario@example.it> · tel. +39 011 123 4567',
				'  2 × Whey Concentrate 80 – Cioccolato – 2 kg (54,90\u00a0€ cad.)',
				'  1 × Shaker 700 – 700 ml (6,90\u00a0€ cad.)',
				'  Totale indicativo: 116,70\u00a0€',
				'  E-mail: nessuna (modalità simulazione)',
			].join('\n'),
		);
		expect(formatReservationReport([], 0)).toBe('Nessuna prenotazione salvata.');
	});
});

describe('held stock in the store', () => {
	/** A reservation of `quantity` of the first line's variant, on a shelf of 4. */
	const whey = (quantity: number, overrides: Partial<NewReservation> = {}): NewReservation => {
		const [first] = RESERVATION.lines;
		if (!first) throw new Error('a fixture line expected');
		return reservation({
			reservation: {
				...RESERVATION,
				lines: [{ ...first, quantity }],
				indexes: [0],
			},
			...overrides,
		});
	};

	/** The store with 4 pieces of the first line's variant on hand at Torino. */
	const openShelfOf4 = (): SubmissionStore => {
		const store = openStore();
		countStock(store.db, 'torino', 'whey-concentrate-80', 'cioccolato-2-kg', 4);
		return store;
	};

	it('refuses what is no longer free, and stores nothing for it', () => {
		const store = openShelfOf4();
		storedResult(insertReservation(store.db, whey(3), 'io'));
		expect(insertReservation(store.db, whey(2), 'io')).toEqual({
			shortages: [{ line: 0, free: 1, held: 3 }],
		});
		expect(countReservations(store.db)).toBe(1);
		storedResult(insertReservation(store.db, whey(1), 'io'));
		expect(insertReservation(store.db, whey(1), 'io')).toEqual({
			shortages: [{ line: 0, free: 0, held: 4 }],
		});
	});

	it('frees the pieces of a collected or cancelled reservation at once', () => {
		const store = openShelfOf4();
		const { id } = storedResult(insertReservation(store.db, whey(4), 'io'));
		expect('shortages' in insertReservation(store.db, whey(1), 'io')).toBe(true);
		const db = new Database(path);
		db.prepare(`UPDATE reservations SET status = 'collected' WHERE id = ?`).run(id);
		db.close();
		expect(heldPieces(store.db, TORINO.id, new Date(T0)).size).toBe(0);
		storedResult(insertReservation(store.db, whey(4), 'io'));
	});

	it('frees the pieces at midnight in Rome after the last held day', () => {
		const store = openShelfOf4();
		// Pickup on Friday 27 November with 3 hold days: held through Monday 30 November.
		storedResult(insertReservation(store.db, whey(4), 'io'));
		const key = 'whey-concentrate-80\ncioccolato-2-kg';
		expect(heldPieces(store.db, TORINO.id, new Date('2026-11-30T22:59:59Z')).get(key)).toBe(4);
		expect(
			heldPieces(store.db, TORINO.id, new Date('2026-11-30T23:00:00Z')).get(key),
		).toBeUndefined();
		const later = whey(4, { createdAt: new Date('2026-11-30T23:00:00Z') });
		storedResult(insertReservation(store.db, later, 'io'));
	});

	it('holds nothing for spam, and never refuses it for stock', () => {
		const store = openShelfOf4();
		storedResult(
			insertReservation(store.db, whey(4, { spam: true, delivery: 'none', emails: [] }), 'io'),
		);
		storedResult(
			insertReservation(store.db, whey(4, { spam: true, delivery: 'none', emails: [] }), 'io'),
		);
		storedResult(insertReservation(store.db, whey(4), 'io'));
	});

	it('withholds the confirmation past the daily limit of one address, any case', () => {
		const store = openStore();
		const kinds = (result: InsertReservationResult) =>
			storedResult(result).jobs.map((job) => job.kind);
		const toMario = (email: string, minutes: number) =>
			whey(1, {
				confirmationsPerDay: 2,
				createdAt: new Date(T0 + minutes * 60_000),
				emails: [
					{ kind: 'admin', recipient: TORINO.email },
					{ kind: 'confirmation', recipient: email },
				],
			});
		expect(kinds(insertReservation(store.db, toMario('mario@example.it', 0), 'io'))).toEqual([
			'admin',
			'confirmation',
		]);
		expect(kinds(insertReservation(store.db, toMario('MARIO@example.it', 1), 'io'))).toEqual([
			'admin',
			'confirmation',
		]);
		const third = storedResult(insertReservation(store.db, toMario('mario@example.it', 2), 'io'));
		expect(third.jobs.map((job) => job.kind)).toEqual(['admin']);
		expect(third.jobs[0]?.about.confirmationWithheld).toBe(true);
		// Staff see it in `npm run prenotazioni`.
		const report = formatReservationReport(listReservations(store.db), countReservations(store.db));
		expect(report).toContain(
			'  Conferma al visitatore: non inviata (limite di conferme giornaliere per questo indirizzo)',
		);
		// A day after the first, one fits again.
		expect(
			kinds(insertReservation(store.db, toMario('mario@example.it', 24 * 60 + 1), 'io')),
		).toEqual(['admin', 'confirmation']);
	});
});
