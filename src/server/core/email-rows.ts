/**
 * The rows of the `emails` table (the outbox) that belong to one owner (a message, a
 * reservation, …, by its column, kind.ts): storing them claimed by the process that stores
 * their owner, capping the confirmations one address gets, reading their states back for a
 * repeated submission key, and listing them for staff. Every kind goes through one outbox.
 */
import type Database from 'better-sqlite3';
import type { EmailKind, EmailState, NewEmail, StoredEmail } from './schema';

/** An e-mail just stored, claimed by the process that stored it. */
export interface ClaimedEmail {
	emailId: number;
	kind: EmailKind;
	recipient: string;
	attempts: 0;
}

/** A row of the `emails` table, as staff see it. */
interface EmailRow {
	owner_id: number;
	kind: EmailKind;
	recipient: string;
	status: EmailState;
	attempts: number;
	next_attempt_at: number;
	sent_at: string | null;
	last_error: string | null;
}

/**
 * Stores the e-mails of a new owner row (`column` = its id), already claimed by `claimedBy`,
 * stored at `now`.
 */
export function insertClaimedEmails(
	db: Database.Database,
	column: string,
	ownerId: number,
	emails: readonly NewEmail[],
	now: number,
	claimedBy: string,
): ClaimedEmail[] {
	const add = db.prepare(
		`INSERT INTO emails (${column}, kind, recipient, status, attempts, next_attempt_at,
			claimed_at, claimed_by, created_at)
		 VALUES (?, ?, ?, 'sending', 0, ?, ?, ?, ?)`,
	);
	const createdAt = new Date(now).toISOString();
	return emails.map((email) => ({
		emailId: Number(
			add.run(ownerId, email.kind, email.recipient, now, now, claimedBy, createdAt).lastInsertRowid,
		),
		kind: email.kind,
		recipient: email.recipient,
		attempts: 0,
	}));
}

/**
 * Stores e-mails of an owner row that wait in the outbox until `dueAt` (ms): unclaimed, so the
 * retry loop sends them once due, and until then the owner may still delete them (the undo of
 * a reservation's 'Pronta'). Stored at `now`.
 */
export function insertEmailsDueAt(
	db: Database.Database,
	column: string,
	ownerId: number,
	emails: readonly NewEmail[],
	now: number,
	dueAt: number,
): void {
	const add = db.prepare(
		`INSERT INTO emails (${column}, kind, recipient, status, attempts, next_attempt_at, created_at)
		 VALUES (?, ?, ?, 'pending', 0, ?, ?)`,
	);
	const createdAt = new Date(now).toISOString();
	for (const email of emails) add.run(ownerId, email.kind, email.recipient, dueAt, createdAt);
}

/**
 * The e-mails to store for a new submission: without its confirmation when that address was
 * sent `limit` confirmations (of every kind together) in the 24 hours before `createdAt`, so the
 * site's sender cannot be used to flood someone's mailbox with confirmations of things they
 * never sent. Inside the storing transaction.
 */
export function limitConfirmations(
	db: Database.Database,
	emails: readonly NewEmail[],
	limit: number,
	createdAt: Date,
): { emails: NewEmail[]; withheld: boolean } {
	const confirmation = emails.find((email) => email.kind === 'confirmation');
	if (!confirmation) return { emails: [...emails], withheld: false };
	const since = new Date(createdAt.getTime() - 86_400_000).toISOString();
	const { count } = db
		.prepare(
			`SELECT COUNT(*) AS count FROM emails
			 WHERE recipient = ? COLLATE NOCASE AND kind = 'confirmation' AND created_at > ?`,
		)
		.get(confirmation.recipient, since) as { count: number };
	if (count < limit) return { emails: [...emails], withheld: false };
	return { emails: emails.filter((email) => email !== confirmation), withheld: true };
}

/** The kinds and states of the e-mails of one owner row. */
export function emailStates(
	db: Database.Database,
	column: string,
	ownerId: number,
): { kind: EmailKind; status: EmailState }[] {
	return db
		.prepare(`SELECT kind, status FROM emails WHERE ${column} = ? ORDER BY id`)
		.all(ownerId) as { kind: EmailKind; status: EmailState }[];
}

/** The e-mails of every owner row from id `fromId` on, by owner id, as staff see them. */
export function storedEmailsFrom(
	db: Database.Database,
	column: string,
	fromId: number,
): Map<number, StoredEmail[]> {
	const rows = db
		.prepare(
			`SELECT ${column} AS owner_id, kind, recipient, status, attempts, next_attempt_at, sent_at,
				last_error
			 FROM emails WHERE ${column} >= ? ORDER BY ${column}, kind`,
		)
		.all(fromId) as EmailRow[];
	const byOwner = new Map<number, StoredEmail[]>();
	for (const row of rows) {
		const list = byOwner.get(row.owner_id) ?? [];
		list.push({
			kind: row.kind,
			recipient: row.recipient,
			status: row.status,
			attempts: row.attempts,
			nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
			sentAt: row.sent_at,
			lastError: row.last_error,
		});
		byOwner.set(row.owner_id, list);
	}
	return byOwner;
}
