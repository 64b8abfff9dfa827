/**
 * The messages database: one SQLite file (better-sqlite3), in WAL mode with full synchronous
 * commits, so a message the server has acknowledged survives a crash of the process and of the
 * machine. Tables: `messages` (what the visitor sent), `reservations` and `reservation_items`
 * (pickup reservations, src/server/pickup/store.ts), and `emails` (one row per e-mail of a
 * message or reservation, with its own state), which doubles as the outbox of the retry loop.
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
import Database from 'better-sqlite3';
import { chmodIfExists, createPrivateFile, PRIVATE_FILE } from './private-file';
import {
	countReservations,
	earlierReservation,
	heldPieces,
	insertReservation,
	listReservations,
	reservationsForEmail,
	type EarlierReservation,
	type InsertReservationResult,
	type NewReservation,
	type StoredReservation,
} from '../pickup/store';
import {
	emailStates,
	insertClaimedEmails,
	limitConfirmations,
	storedEmailsFrom,
} from './email-rows';
import {
	migrate,
	type EarlierMessage,
	type EmailJob,
	type EmailKind,
	type InsertResult,
	type MessageRow,
	type NewMessage,
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
export type { InsertReservationResult, NewReservation, StoredReservation } from '../pickup/store';

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
		if (create) createPrivateFile(path);
		const db = new Database(path, { fileMustExist: !create });
		try {
			db.pragma('journal_mode = WAL');
			// SQLite gives -wal and -shm the main file's mode; these were made before it was 0600.
			for (const suffix of ['-wal', '-shm']) chmodIfExists(path + suffix, PRIVATE_FILE);
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
		const db = this.#db;
		const insert = db.transaction((): InsertResult => {
			const earlier = message.submissionKey ? this.#earlier(message.submissionKey) : null;
			if (earlier) return { id: earlier.id, jobs: [], earlier };
			const limited = limitConfirmations(
				db,
				message.emails,
				message.confirmationsPerDay,
				message.createdAt,
			);
			const { lastInsertRowid } = db
				.prepare(
					`INSERT INTO messages (created_at, name, email, phone, message, privacy_accepted, spam,
						delivery, submission_key, submission_fingerprint, confirmation_withheld)
					 VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
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
					message.submissionFingerprint ?? null,
					limited.withheld ? 1 : 0,
				);
			const id = Number(lastInsertRowid);
			const { name, email, phone, createdAt } = message;
			const about = {
				id,
				name,
				email,
				phone,
				message: message.message,
				createdAt,
				confirmationWithheld: limited.withheld,
			};
			const emails = insertClaimedEmails(db, 'message_id', id, limited.emails, now, claimedBy);
			const jobs = emails.map((claimed) => ({ ...claimed, message: about }));
			return { id, jobs };
		});
		// IMMEDIATE: the write lock is taken before the look-ups, so two processes given the same
		// key cannot both miss it, nor two messages to one address both pass its confirmations' count.
		return insert.immediate();
	}

	/** The message stored with this submission key, if any (read without the write lock). */
	findMessage(submissionKey: string): EarlierMessage | null {
		return this.#earlier(submissionKey);
	}

	/** The reservation stored with this submission key, if any (read without the write lock). */
	findReservation(submissionKey: string): EarlierReservation | null {
		return earlierReservation(this.#db, submissionKey);
	}

	/** The message stored with this submission key, if any. */
	#earlier(submissionKey: string): EarlierMessage | null {
		const row = this.#db
			.prepare(`SELECT id, delivery, submission_fingerprint FROM messages WHERE submission_key = ?`)
			.get(submissionKey) as
			(Pick<MessageRow, 'id' | 'delivery'> & { submission_fingerprint: string | null }) | undefined;
		if (!row) return null;
		return {
			id: row.id,
			delivery: row.delivery,
			emails: emailStates(this.#db, 'message_id', row.id),
			fingerprint: row.submission_fingerprint,
		};
	}

	/**
	 * Stores a pickup reservation with its lines and e-mails, under a fresh pickup code, or
	 * returns the one stored earlier under the same submission key (src/server/pickup/store.ts).
	 */
	insertReservation(
		reservation: NewReservation,
		claimedBy: string,
		drawCode?: () => string,
	): InsertReservationResult {
		return insertReservation(this.#db, reservation, claimedBy, drawCode);
	}

	/** Pieces held at `shopId` on `now` (its Rome day), by product and variant. */
	heldPieces(shopId: string, now: Date): Map<string, number> {
		return heldPieces(this.#db, shopId, now);
	}

	/** Claims up to `limit` e-mails whose next attempt is due, oldest first. */
	claimDue(now: number, claimedBy: string, limit: number): EmailJob[] {
		const claim = this.#db.transaction((): EmailJob[] => {
			const claimed = this.#db
				.prepare(
					`UPDATE emails SET status = 'sending', claimed_at = @now, claimed_by = @claimedBy
					 WHERE id IN (
						SELECT id FROM emails WHERE status = 'pending' AND next_attempt_at <= @now
						ORDER BY next_attempt_at, id LIMIT @limit
					 )
					 RETURNING id, message_id, reservation_id, kind, recipient, attempts, next_attempt_at`,
				)
				.all({ now, claimedBy, limit }) as {
				id: number;
				message_id: number | null;
				reservation_id: number | null;
				kind: EmailKind;
				recipient: string;
				attempts: number;
				next_attempt_at: number;
			}[];
			claimed.sort((a, b) => a.next_attempt_at - b.next_attempt_at || a.id - b.id);
			const messages = this.#messagesById(claimed.flatMap((row) => row.message_id ?? []));
			const reservations = reservationsForEmail(
				this.#db,
				claimed.flatMap((row) => row.reservation_id ?? []),
			);
			return claimed.flatMap((row): EmailJob[] => {
				const job = {
					emailId: row.id,
					kind: row.kind,
					recipient: row.recipient,
					attempts: row.attempts,
				};
				const message = row.message_id === null ? undefined : messages.get(row.message_id);
				if (message) return [{ ...job, message }];
				const reservation =
					row.reservation_id === null ? undefined : reservations.get(row.reservation_id);
				return reservation ? [{ ...job, reservation }] : [];
			});
		});
		return claim.immediate();
	}

	/** The messages of these ids, as the e-mails show them. */
	#messagesById(ids: readonly number[]): Map<number, NonNullable<EmailJob['message']>> {
		if (ids.length === 0) return new Map();
		const rows = this.#db
			.prepare(
				`SELECT id, created_at, name, email, phone, message, confirmation_withheld FROM messages
				 WHERE id IN (${ids.map(() => '?').join(', ')})`,
			)
			.all(...ids) as MessageRow[];
		return new Map(
			rows.map(({ id, name, email, phone, message, created_at, confirmation_withheld }) => [
				id,
				{
					id,
					name,
					email,
					phone,
					message,
					createdAt: new Date(created_at),
					confirmationWithheld: confirmation_withheld === 1,
				},
			]),
		);
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
	 * Deletes, with their e-mails and lines, the messages and pickup reservations of every person
	 * (by e-mail address) whose latest message or reservation is older than `cutoff`: the privacy
	 * policy keeps both up to 12 months after the last contact. Returns how many messages and
	 * reservations were deleted.
	 */
	purgeSendersInactiveSince(cutoff: Date): number {
		const purge = this.#db.transaction(() => {
			const stale = `SELECT email FROM (
				SELECT email, created_at FROM messages UNION ALL SELECT email, created_at FROM reservations
			) GROUP BY email HAVING MAX(created_at) < @cutoff`;
			const messages = `SELECT id FROM messages WHERE email IN (${stale})`;
			const reservations = `SELECT id FROM reservations WHERE email IN (${stale})`;
			const params = { cutoff: cutoff.toISOString() };
			const run = (sql: string) => this.#db.prepare(sql).run(params).changes;
			run(`DELETE FROM emails WHERE message_id IN (${messages})`);
			run(`DELETE FROM emails WHERE reservation_id IN (${reservations})`);
			run(`DELETE FROM reservation_items WHERE reservation_id IN (${reservations})`);
			return (
				run(`DELETE FROM reservations WHERE id IN (${reservations})`) +
				run(`DELETE FROM messages WHERE id IN (${messages})`)
			);
		});
		return purge.immediate();
	}

	/** The stored messages, newest first, with their e-mails. */
	listMessages(limit?: number): StoredMessage[] {
		const messages = this.#db
			.prepare(
				`SELECT id, created_at, name, email, phone, message, spam, delivery, confirmation_withheld
				 FROM messages ORDER BY id DESC LIMIT ?`,
			)
			.all(limit ?? -1) as MessageRow[];
		const byMessage = storedEmailsFrom(
			this.#db,
			'message_id',
			messages.at(-1)?.id ?? Number.MAX_SAFE_INTEGER,
		);
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
			confirmationWithheld: row.confirmation_withheld === 1,
		}));
	}

	/** How many messages are stored. */
	countMessages(): number {
		return (this.#db.prepare('SELECT COUNT(*) AS count FROM messages').get() as { count: number })
			.count;
	}

	/** The stored pickup reservations, newest first, with their lines and e-mails. */
	listReservations(limit?: number): StoredReservation[] {
		return listReservations(this.#db, limit);
	}

	/** How many pickup reservations are stored. */
	countReservations(): number {
		return countReservations(this.#db);
	}

	/** Closes the database. */
	close(): void {
		this.#db.close();
	}
}
