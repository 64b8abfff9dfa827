/**
 * The rows of the `emails` table (the outbox) that belong to one message or one reservation:
 * storing them claimed by the process that stores their owner, reading their states back for a
 * repeated submission key, and listing them for staff. Shared by the messages (store.ts) and the
 * reservations (src/server/pickup/store.ts), so both go through one outbox.
 */
import type Database from 'better-sqlite3';
import type { EmailKind, EmailRow, EmailState, NewEmail, StoredEmail } from './store-schema';

/** The column naming what an e-mail is about. */
export type EmailOwner = 'message_id' | 'reservation_id';

/** An e-mail just stored, claimed by the process that stored it. */
export interface ClaimedEmail {
	emailId: number;
	kind: EmailKind;
	recipient: string;
	attempts: 0;
}

/** Stores the e-mails of a new message or reservation, already claimed by `claimedBy`. */
export function insertClaimedEmails(
	db: Database.Database,
	owner: EmailOwner,
	ownerId: number,
	emails: readonly NewEmail[],
	now: number,
	claimedBy: string,
): ClaimedEmail[] {
	const add = db.prepare(
		`INSERT INTO emails (${owner}, kind, recipient, status, attempts, next_attempt_at, claimed_at, claimed_by)
		 VALUES (?, ?, ?, 'sending', 0, ?, ?, ?)`,
	);
	return emails.map((email) => ({
		emailId: Number(
			add.run(ownerId, email.kind, email.recipient, now, now, claimedBy).lastInsertRowid,
		),
		kind: email.kind,
		recipient: email.recipient,
		attempts: 0,
	}));
}

/**
 * The e-mails to store for a new message or reservation: without its confirmation when that
 * address was sent `limit` confirmations (of messages and reservations together) in the 24
 * hours before `createdAt`, so the site's sender cannot be used to flood someone's mailbox
 * with confirmations of things they never sent. Inside the storing transaction.
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
			 LEFT JOIN messages ON messages.id = emails.message_id
			 LEFT JOIN reservations ON reservations.id = emails.reservation_id
			 WHERE emails.recipient = ? COLLATE NOCASE AND emails.kind = 'confirmation'
				AND COALESCE(messages.created_at, reservations.created_at) > ?`,
		)
		.get(confirmation.recipient, since) as { count: number };
	if (count < limit) return { emails: [...emails], withheld: false };
	return { emails: emails.filter((email) => email !== confirmation), withheld: true };
}

/** The kinds and states of the e-mails of one message or reservation. */
export function emailStates(
	db: Database.Database,
	owner: EmailOwner,
	ownerId: number,
): { kind: EmailKind; status: EmailState }[] {
	return db
		.prepare(`SELECT kind, status FROM emails WHERE ${owner} = ? ORDER BY id`)
		.all(ownerId) as { kind: EmailKind; status: EmailState }[];
}

/** The e-mails of every message (or reservation) from id `fromId` on, by owner, as staff see them. */
export function storedEmailsFrom(
	db: Database.Database,
	owner: EmailOwner,
	fromId: number,
): Map<number, StoredEmail[]> {
	const rows = db
		.prepare(
			`SELECT id, message_id, reservation_id, kind, recipient, status, attempts, next_attempt_at, sent_at, last_error
			 FROM emails WHERE ${owner} >= ? ORDER BY ${owner}, kind`,
		)
		.all(fromId) as EmailRow[];
	const byOwner = new Map<number, StoredEmail[]>();
	for (const row of rows) {
		const id = row[owner] ?? 0;
		const list = byOwner.get(id) ?? [];
		list.push({
			kind: row.kind,
			recipient: row.recipient,
			status: row.status,
			attempts: row.attempts,
			nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
			sentAt: row.sent_at,
			lastError: row.last_error,
		});
		byOwner.set(id, list);
	}
	return byOwner;
}
