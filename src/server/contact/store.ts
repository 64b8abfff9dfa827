/**
 * The messages database: one SQLite file (better-sqlite3), in WAL mode with full synchronous
 * commits, so a message the server has acknowledged survives a crash of the process and of the
 * machine. Two tables: `messages` (what the visitor sent) and `emails` (one row per e-mail of a
 * message, with its own state), which doubles as the outbox of the retry loop.
 *
 * An e-mail is sent at most once. Before sending, a process claims the row (status 'sending',
 * in one UPDATE, so two processes can never claim the same row); afterwards it records 'sent',
 * or 'pending' with the time of the next attempt, or 'failed' after the last one. A row claimed
 * by a process that died while sending stays 'sending' — nobody knows whether the mail server
 * took it — and after a lease it is marked 'interrupted', shown to staff and never sent again.
 *
 * Schema changes are migrations in code (MIGRATIONS), applied in order at start-up and counted
 * in SQLite's `user_version`: add a new entry, never edit an old one.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
	migrate,
	type EarlierMessage,
	type EmailJob,
	type EmailKind,
	type EmailRow,
	type EmailState,
	type InsertResult,
	type MessageRow,
	type NewMessage,
	type StoredEmail,
	type StoredMessage,
} from './store-schema';

export { MIGRATIONS } from './store-schema';
export type {
	Delivery,
	EarlierMessage,
	EmailJob,
	EmailKind,
	EmailState,
	InsertResult,
	NewMessage,
	StoredEmail,
	StoredMessage,
} from './store-schema';

/** Options of ContactStore.open. */
export interface OpenOptions {
	/** False: fail when the file does not exist instead of creating it (`npm run messages`). */
	create?: boolean;
}

/** Longest error text kept for an e-mail. */
const MAX_ERROR_LENGTH = 500;

/** The messages database. */
export class ContactStore {
	readonly #db: Database.Database;

	private constructor(db: Database.Database) {
		this.#db = db;
	}

	/** Opens (and, unless told not to, creates) the database and brings its schema up to date. */
	static open(path: string, { create = true }: OpenOptions = {}): ContactStore {
		if (create) mkdirSync(dirname(path), { recursive: true });
		const db = new Database(path, { fileMustExist: !create });
		try {
			db.pragma('journal_mode = WAL');
			// FULL: every commit reaches the disk before the visitor is told the message arrived.
			db.pragma('synchronous = FULL');
			db.pragma('foreign_keys = ON');
			db.pragma('busy_timeout = 5000');
			migrate(db);
		} catch (error) {
			db.close();
			throw error;
		}
		return new ContactStore(db);
	}

	/** The schema version of the open database. */
	get schemaVersion(): number {
		return this.#db.pragma('user_version', { simple: true }) as number;
	}

	/** The journal mode of the open database ('wal'). */
	get journalMode(): string {
		return this.#db.pragma('journal_mode', { simple: true }) as string;
	}

	/**
	 * Stores a message and its e-mails in one transaction. The e-mails come back already claimed
	 * by `claimedBy`, so the retry loop leaves them to the request that sends them now. A message
	 * whose submission key is stored already is not stored again: the earlier one comes back.
	 */
	insertMessage(message: NewMessage, claimedBy: string): InsertResult {
		const now = message.createdAt.getTime();
		const insert = this.#db.transaction((): InsertResult => {
			const earlier = message.submissionKey ? this.#earlier(message.submissionKey) : null;
			if (earlier) return { id: earlier.id, jobs: [], earlier };
			const { lastInsertRowid } = this.#db
				.prepare(
					`INSERT INTO messages (created_at, name, email, phone, message, privacy_accepted, spam, delivery, submission_key)
					 VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)`,
				)
				.run(
					message.createdAt.toISOString(),
					message.name,
					message.email,
					message.phone,
					message.message,
					message.spam ? 1 : 0,
					message.delivery,
					message.submissionKey ?? null,
				);
			const id = Number(lastInsertRowid);
			const addEmail = this.#db.prepare(
				`INSERT INTO emails (message_id, kind, recipient, status, attempts, next_attempt_at, claimed_at, claimed_by)
				 VALUES (?, ?, ?, 'sending', 0, ?, ?, ?)`,
			);
			const jobs = message.emails.map((email) => {
				const result = addEmail.run(id, email.kind, email.recipient, now, now, claimedBy);
				return {
					emailId: Number(result.lastInsertRowid),
					kind: email.kind,
					recipient: email.recipient,
					attempts: 0,
					message: {
						id,
						name: message.name,
						email: message.email,
						phone: message.phone,
						message: message.message,
						createdAt: message.createdAt,
					},
				};
			});
			return { id, jobs };
		});
		// IMMEDIATE: the write lock is taken before the look-up, so two processes given the same
		// key cannot both miss it.
		return insert.immediate();
	}

	/** The message stored with this submission key, if any. */
	#earlier(submissionKey: string): EarlierMessage | null {
		const row = this.#db
			.prepare(`SELECT id, delivery FROM messages WHERE submission_key = ?`)
			.get(submissionKey) as Pick<MessageRow, 'id' | 'delivery'> | undefined;
		if (!row) return null;
		const emails = this.#db
			.prepare(`SELECT kind, status FROM emails WHERE message_id = ? ORDER BY id`)
			.all(row.id) as { kind: EmailKind; status: EmailState }[];
		return { id: row.id, delivery: row.delivery, emails };
	}

	/** Claims up to `limit` e-mails whose next attempt is due, oldest first. */
	claimDue(now: number, claimedBy: string, limit: number): EmailJob[] {
		const claim = this.#db.transaction(() => {
			const claimed = this.#db
				.prepare(
					`UPDATE emails SET status = 'sending', claimed_at = @now, claimed_by = @claimedBy
					 WHERE id IN (
						SELECT id FROM emails WHERE status = 'pending' AND next_attempt_at <= @now
						ORDER BY next_attempt_at, id LIMIT @limit
					 )
					 RETURNING id`,
				)
				.all({ now, claimedBy, limit }) as { id: number }[];
			if (claimed.length === 0) return [];
			const ids = claimed.map((row) => row.id);
			const rows = this.#db
				.prepare(
					`SELECT e.id AS email_id, e.kind, e.recipient, e.attempts,
						m.id, m.created_at, m.name, m.email, m.phone, m.message
					 FROM emails e JOIN messages m ON m.id = e.message_id
					 WHERE e.id IN (${ids.map(() => '?').join(', ')})
					 ORDER BY e.next_attempt_at, e.id`,
				)
				.all(...ids) as (MessageRow & {
				email_id: number;
				kind: EmailKind;
				recipient: string;
				attempts: number;
			})[];
			return rows.map((row) => ({
				emailId: row.email_id,
				kind: row.kind,
				recipient: row.recipient,
				attempts: row.attempts,
				message: {
					id: row.id,
					name: row.name,
					email: row.email,
					phone: row.phone,
					message: row.message,
					createdAt: new Date(row.created_at),
				},
			}));
		});
		return claim.immediate();
	}

	/** Records that the mail server accepted an e-mail claimed by `claimedBy`. */
	markSent(emailId: number, claimedBy: string, sentAt: Date): void {
		this.#db
			.prepare(
				`UPDATE emails SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL
				 WHERE id = ? AND status = 'sending' AND claimed_by = ?`,
			)
			.run(sentAt.toISOString(), emailId, claimedBy);
	}

	/**
	 * Records a failed attempt: the e-mail is due again at `nextAttemptAt`, or given up ('failed')
	 * when that is null.
	 */
	markFailed(
		emailId: number,
		claimedBy: string,
		error: string,
		nextAttemptAt: number | null,
	): void {
		this.#db
			.prepare(
				`UPDATE emails SET
					status = CASE WHEN @next IS NULL THEN 'failed' ELSE 'pending' END,
					attempts = attempts + 1,
					next_attempt_at = COALESCE(@next, next_attempt_at),
					last_error = @error
				 WHERE id = @emailId AND status = 'sending' AND claimed_by = @claimedBy`,
			)
			.run({ emailId, claimedBy, error: error.slice(0, MAX_ERROR_LENGTH), next: nextAttemptAt });
	}

	/**
	 * Records an attempt whose outcome is unknown (the message was transmitted, the mail server's
	 * answer never came): 'interrupted', shown as 'esito incerto' and never sent again.
	 */
	markUncertain(emailId: number, claimedBy: string, error: string): void {
		this.#db
			.prepare(
				`UPDATE emails SET status = 'interrupted', attempts = attempts + 1, last_error = ?
				 WHERE id = ? AND status = 'sending' AND claimed_by = ?`,
			)
			.run(error.slice(0, MAX_ERROR_LENGTH), emailId, claimedBy);
	}

	/**
	 * Marks as 'interrupted' the e-mails claimed before `claimedBefore` and never settled: their
	 * process died while sending. Returns how many.
	 */
	markInterrupted(claimedBefore: number): number {
		return this.#db
			.prepare(
				`UPDATE emails SET status = 'interrupted',
					last_error = 'Invio interrotto: il server si è fermato durante l''invio; non viene ritentato per non inviarlo due volte.'
				 WHERE status = 'sending' AND claimed_at < ?`,
			)
			.run(claimedBefore).changes;
	}

	/**
	 * Deletes, with their e-mails, the messages of every sender whose latest message is older
	 * than `cutoff` (the privacy policy keeps messages up to 12 months after the last contact).
	 * Returns how many messages were deleted.
	 */
	purgeSendersInactiveSince(cutoff: Date): number {
		const purge = this.#db.transaction(() => {
			const stale = `SELECT id FROM messages WHERE email IN (
				SELECT email FROM messages GROUP BY email HAVING MAX(created_at) < @cutoff
			)`;
			const params = { cutoff: cutoff.toISOString() };
			this.#db.prepare(`DELETE FROM emails WHERE message_id IN (${stale})`).run(params);
			return this.#db.prepare(`DELETE FROM messages WHERE id IN (${stale})`).run(params).changes;
		});
		return purge.immediate();
	}

	/** The stored messages, newest first, with their e-mails. */
	listMessages(limit?: number): StoredMessage[] {
		const messages = this.#db
			.prepare(
				`SELECT id, created_at, name, email, phone, message, spam, delivery
				 FROM messages ORDER BY id DESC LIMIT ?`,
			)
			.all(limit ?? -1) as MessageRow[];
		const emails = this.#db
			.prepare(
				`SELECT id, message_id, kind, recipient, status, attempts, next_attempt_at, sent_at, last_error
				 FROM emails WHERE message_id >= ? ORDER BY message_id, kind`,
			)
			.all(messages.at(-1)?.id ?? Number.MAX_SAFE_INTEGER) as EmailRow[];
		const byMessage = new Map<number, StoredEmail[]>();
		for (const row of emails) {
			const list = byMessage.get(row.message_id) ?? [];
			list.push({
				kind: row.kind,
				recipient: row.recipient,
				status: row.status,
				attempts: row.attempts,
				nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
				sentAt: row.sent_at,
				lastError: row.last_error,
			});
			byMessage.set(row.message_id, list);
		}
		return messages.map((row) => ({
			id: row.id,
			createdAt: row.created_at,
			name: row.name,
			email: row.email,
			phone: row.phone,
			message: row.message,
			spam: row.spam === 1,
			delivery: row.delivery,
			emails: byMessage.get(row.id) ?? [],
		}));
	}

	/** How many messages are stored. */
	countMessages(): number {
		return (this.#db.prepare('SELECT COUNT(*) AS count FROM messages').get() as { count: number })
			.count;
	}

	/** Closes the database. */
	close(): void {
		this.#db.close();
	}
}
