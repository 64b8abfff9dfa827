import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMessageReport } from '../../../src/server/messages/report';
import {
	countMessages,
	insertMessage,
	listMessages,
	type NewMessage,
} from '../../../src/server/messages/store';
import { MIGRATIONS, REGISTRY } from '../../../src/server/services';
import { SubmissionStore } from '../../../src/server/core/store';

/** A real SQLite file in a temporary folder (a subfolder, to see it created). */
let dir: string;
let path: string;
const open: SubmissionStore[] = [];

function openStore(): SubmissionStore {
	const store = SubmissionStore.open(path, REGISTRY);
	open.push(store);
	return store;
}

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-store-'));
	path = join(dir, 'nuova', 'messages.sqlite');
});

afterEach(() => {
	for (const store of open.splice(0)) store.close();
	rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.parse('2026-03-03T13:05:00Z');

function message(overrides: Partial<NewMessage> = {}): NewMessage {
	return {
		name: 'Mario Rossi',
		email: 'mario@example.it',
		phone: '011 1234567',
		message: 'Vorrei un consiglio.',
		createdAt: new Date(T0),
		spam: false,
		delivery: 'smtp',
		emails: [
			{ kind: 'admin', recipient: 'negozio@example.it' },
			{ kind: 'confirmation', recipient: 'mario@example.it' },
		],
		confirmationsPerDay: 3,
		...overrides,
	};
}

describe('SubmissionStore', () => {
	it('creates its folder and file, in WAL mode, at the latest schema version', () => {
		const store = openStore();
		expect(store.journalMode).toBe('wal');
		expect(store.schemaVersion).toBe(MIGRATIONS.length);
		store.close();
		open.pop();
		// Opening again applies nothing twice.
		expect(openStore().schemaVersion).toBe(MIGRATIONS.length);
	});

	it('brings a database of the previous version up to date, keeping its messages', () => {
		openStore().close();
		open.pop();
		// A database as the version before submission keys left it, with a message in it.
		rmSync(path);
		const db = new Database(path);
		for (const { sql } of MIGRATIONS.slice(0, 2)) db.exec(sql);
		db.pragma('user_version = 2');
		db.prepare(
			`INSERT INTO messages (created_at, name, email, phone, message, privacy_accepted, delivery)
			 VALUES ('2026-01-01T10:00:00.000Z', 'Anna', 'anna@example.it', '011 1', 'Salve a tutti.', 1, 'simulation')`,
		).run();
		db.close();
		const store = openStore();
		expect(store.schemaVersion).toBe(MIGRATIONS.length);
		expect(listMessages(store.db).map((row) => row.name)).toEqual(['Anna']);
		insertMessage(store.db, message({ submissionKey: 'chiave-di-prova-0003' }), 'io');
		expect(listMessages(store.db)).toHaveLength(2);
	});

	it('refuses a database newer than the code', () => {
		openStore().close();
		open.pop();
		const db = new Database(path);
		db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
		db.close();
		expect(() => SubmissionStore.open(path, REGISTRY)).toThrow(/newer than this code/);
	});

	it('does not create a missing file when told not to', () => {
		expect(() => SubmissionStore.open(path, REGISTRY, { create: false })).toThrow();
	});

	it('stores a message with its e-mails claimed by the process that stores it', () => {
		const store = openStore();
		const { id, jobs } = insertMessage(store.db, message(), 'io');
		expect(jobs.map((job) => [job.kind, job.recipient, job.attempts])).toEqual([
			['admin', 'negozio@example.it', 0],
			['confirmation', 'mario@example.it', 0],
		]);
		expect(jobs[0]?.about).toMatchObject({ id, name: 'Mario Rossi' });
		// Claimed by the request: the retry loop does not see them.
		expect(store.claimDue(T0 + 1, 'altro', 10)).toEqual([]);
		expect(listMessages(store.db)[0]?.emails.map((email) => email.status)).toEqual([
			'sending',
			'sending',
		]);
	});

	it('stores a message sent twice with the same submission key once', () => {
		const store = openStore();
		const first = insertMessage(store.db, message({ submissionKey: 'chiave-di-prova-0001' }), 'io');
		expect(first.earlier).toBeUndefined();
		const [admin] = first.jobs;
		if (!admin) throw new Error('job expected');
		store.markSent(admin.emailId, 'io', new Date(T0));
		const again = insertMessage(
			store.db,
			message({ submissionKey: 'chiave-di-prova-0001', createdAt: new Date(T0 + 60_000) }),
			'altro',
		);
		expect(again).toEqual({
			id: first.id,
			jobs: [],
			earlier: {
				id: first.id,
				delivery: 'smtp',
				emails: [
					{ kind: 'admin', status: 'sent' },
					{ kind: 'confirmation', status: 'sending' },
				],
				fingerprint: null,
			},
		});
		// Another key, or none, is another message.
		insertMessage(store.db, message({ submissionKey: 'chiave-di-prova-0002' }), 'io');
		insertMessage(store.db, message(), 'io');
		insertMessage(store.db, message(), 'io');
		expect(listMessages(store.db)).toHaveLength(4);
	});

	it('retries a failed e-mail only when due, and only in one process', () => {
		const store = openStore();
		const { jobs } = insertMessage(store.db, message(), 'io');
		const [admin, confirmation] = jobs;
		if (!admin || !confirmation) throw new Error('two jobs expected');
		store.markSent(admin.emailId, 'io', new Date(T0));
		store.markFailed(confirmation.emailId, 'io', 'ECONNREFUSED', T0 + 1000);
		expect(store.claimDue(T0 + 999, 'a', 10)).toEqual([]);
		const claimed = store.claimDue(T0 + 1000, 'a', 10);
		expect(claimed.map((job) => [job.emailId, job.attempts])).toEqual([[confirmation.emailId, 1]]);
		// A second process finds nothing: the row is claimed.
		expect(store.claimDue(T0 + 1000, 'b', 10)).toEqual([]);
		// Another process cannot settle a row it did not claim.
		store.markSent(confirmation.emailId, 'b', new Date(T0 + 1000));
		expect(listMessages(store.db)[0]?.emails[1]?.status).toBe('sending');
		store.markSent(confirmation.emailId, 'a', new Date(T0 + 1000));
		expect(
			listMessages(store.db)[0]?.emails.map((email) => [email.status, email.attempts]),
		).toEqual([
			['sent', 1],
			['sent', 2],
		]);
	});

	it('gives an e-mail up after its last attempt', () => {
		const store = openStore();
		const [admin] = insertMessage(store.db, message(), 'io').jobs;
		if (!admin) throw new Error('job expected');
		store.markFailed(admin.emailId, 'io', 'ECONNREFUSED', null);
		expect(listMessages(store.db)[0]?.emails[0]).toMatchObject({
			status: 'failed',
			attempts: 1,
			lastError: 'ECONNREFUSED',
		});
		expect(store.claimDue(T0 + 86_400_000, 'io', 10)).toEqual([]);
	});

	it('after the lease, sends again an e-mail of a stopped process whose DATA never began, and never one whose DATA did', () => {
		const store = openStore();
		const [admin, confirmation] = insertMessage(store.db, message(), 'morto').jobs;
		if (!admin || !confirmation) throw new Error('jobs expected');
		store.markDataStarted(confirmation.emailId, 'morto', T0);
		expect(store.markInterrupted(T0, T0)).toEqual({ retried: 0, uncertain: 0 });
		expect(store.markInterrupted(T0 + 1, T0 + 5)).toEqual({ retried: 1, uncertain: 1 });
		expect(listMessages(store.db)[0]?.emails.map((email) => [email.kind, email.status])).toEqual([
			['admin', 'pending'],
			['confirmation', 'interrupted'],
		]);
		expect(store.claimDue(T0 + 5, 'nuovo', 10).map((job) => job.emailId)).toEqual([admin.emailId]);
		expect(store.claimDue(T0 + 86_400_000, 'nuovo', 10)).toEqual([]);
		expect(formatMessageReport(listMessages(store.db), 1)).toContain('esito incerto');
	});

	it('at start-up, settles only the claims of stopped processes, by whether their DATA began', () => {
		const store = openStore();
		const [gone] = insertMessage(store.db, message(), '111-a').jobs;
		insertMessage(store.db, message({ email: 'altro@example.it' }), '222-b');
		if (!gone) throw new Error('job expected');
		store.markDataStarted(gone.emailId, '111-a', T0);
		// A claim made again by a new attempt starts without the mark.
		expect(store.settleClaims((claimedBy) => claimedBy === '111-a', T0)).toEqual({
			retried: 1,
			uncertain: 1,
		});
		const states = listMessages(store.db).map((item) => item.emails.map((email) => email.status));
		expect(states).toEqual([
			['sending', 'sending'],
			['interrupted', 'pending'],
		]);
		const [again] = store.claimDue(T0, 'nuovo', 10);
		if (!again) throw new Error('job expected');
		store.markFailed(again.emailId, 'nuovo', 'ECONNREFUSED', T0 + 1);
		expect(store.settleClaims(() => true, T0)).toEqual({ retried: 2, uncertain: 0 });
	});

	it('deletes the messages of senders silent since the cutoff, keeping the others whole', () => {
		const store = openStore();
		const DAY = 86_400_000;
		const at = (days: number) => new Date(T0 - days * DAY);
		insertMessage(store.db, message({ email: 'vecchio@example.it', createdAt: at(400) }), 'io');
		insertMessage(store.db, message({ email: 'torna@example.it', createdAt: at(500) }), 'io');
		insertMessage(store.db, message({ email: 'torna@example.it', createdAt: at(10) }), 'io');
		insertMessage(store.db, message({ email: 'nuovo@example.it', createdAt: at(1) }), 'io');
		expect(store.purgeSendersInactiveSince(at(365))).toBe(1);
		expect(listMessages(store.db).map((item) => [item.email, item.emails.length])).toEqual([
			['nuovo@example.it', 2],
			['torna@example.it', 2],
			['torna@example.it', 2],
		]);
		expect(store.purgeSendersInactiveSince(at(365))).toBe(0);
	});

	it('lists messages newest first, with a limit, and reports them in Italian', () => {
		const store = openStore();
		insertMessage(store.db, message({ delivery: 'simulation', emails: [] }), 'io');
		insertMessage(
			store.db,
			message({ name: 'Spam Bot', spam: true, delivery: 'none', emails: [] }),
			'io',
		);
		const { jobs } = insertMessage(store.db, message({ name: 'Anna Bianchi' }), 'io');
		const [admin, confirmation] = jobs;
		if (!admin || !confirmation) throw new Error('two jobs expected');
		store.markSent(admin.emailId, 'io', new Date(T0));
		store.markFailed(confirmation.emailId, 'io', 'ECONNREFUSED 127.0.0.1:25', T0 + 60_000);
		expect(countMessages(store.db)).toBe(3);
		expect(listMessages(store.db).map((item) => item.name)).toEqual([
			'Anna Bianchi',
			'Spam Bot',
			'Mario Rossi',
		]);
		expect(listMessages(store.db, 1).map((item) => item.name)).toEqual(['Anna Bianchi']);

		const report = formatMessageReport(listMessages(store.db), countMessages(store.db));
		expect(report).toContain('3 messaggi salvati, dal più recente:');
		expect(report).toContain('#3 · 3 marzo 2026 alle 14:05 · Anna Bianchi <mario@example.it>');
		expect(report).toContain(
			'Notifica al negozio (negozio@example.it): inviata il 3 marzo 2026 alle 14:05',
		);
		expect(report).toContain(
			'Conferma al visitatore (mario@example.it): in attesa dopo 1 tentativo, nuovo tentativo il 3 marzo 2026 alle 14:06 (ultimo errore: ECONNREFUSED 127.0.0.1:25)',
		);
		expect(report).toContain('· SPAM');
		expect(report).toContain('E-mail: nessuna (modalità simulazione)');
		expect(report).toContain('  > Vorrei un consiglio.');
		expect(formatMessageReport(listMessages(store.db, 1), 3)).toContain(
			'3 messaggi salvati; il più recente:',
		);
		expect(formatMessageReport([], 0)).toBe('Nessun messaggio salvato.');
	});
});
