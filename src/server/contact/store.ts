/**
 * The messages database: one SQLite file (better-sqlite3), in WAL mode with full synchronous
 * commits, so a message the server has acknowledged survives a crash of the process and of the
 * machine. Tables: `messages` (what the visitor sent), `reservations` and `reservation_items`
 * (pickup reservations, src/server/pickup/store.ts), and `emails` (one row per e-mail of a
 * message or reservation, with its own state), which doubles as the outbox of the retry loop.
 *
 * An e-mail is sent at most once. Before sending, a process claims the row (status 'sending',
 * in one UPDATE, so two processes can never claim the same row); afterwards it records 'sent',
 * or 'pending' with the time of the next attempt, or 'failed' after the last one. Just before
 * the DATA command goes out it records `data_started_at`. A row left 'sending' by a process that
 * stopped (seen at the next start-up, or after a lease) is settled by that mark: without it the
 * mail server cannot have taken the e-mail, so it is due again; with it nobody knows, so it is
 * marked 'interrupted', shown to staff as 'esito incerto' and never sent again.
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
	staffReservation,
	staffReservationIdByCode,
	staffReservations,
	type StaffReservation,
	type StaffReservationSummary,
} from '../reservations/staff-store';
import {
	changeReservationStatus,
	expireReservations,
	type StatusChange,
	type StatusChangeResult,
} from '../reservations/status-store';
import { emailBacklog, probeWrite, type EmailBacklog } from './store-health';
import {
	markMessageHandled,
	staffMessages,
	type MarkingStaff,
	type MarkResult,
	type StaffMessage,
} from '../staff-messages/store';
import {
	customerReservation,
	reservationIdOfToken,
	setEmailToken,
	type CustomerReservation,
} from '../customer/store';
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

/** What settling abandoned claims did: e-mails due again, and e-mails of unknown outcome. */
export interface SettledClaims {
	retried: number;
	uncertain: number;
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
						delivery, submission_key, submission_fingerprint, confirmation_withheld, client_address)
					 VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
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
					message.clientAddress ?? null,
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

	/** The newest `limit` messages for staff, with e-mails and 'Gestito' marks, and the total. */
	staffMessages(limit: number): { messages: StaffMessage[]; total: number } {
		return staffMessages(this.#db, limit);
	}

	/** Marks a message handled by `staff`, unless someone did first (src/server/staff-messages/). */
	markMessageHandled(messageId: number, staff: MarkingStaff, now: Date): MarkResult {
		return markMessageHandled(this.#db, messageId, staff, now);
	}

	/** The reservation a customer's token opens (by the token's hash) as of `now`, or null. */
	customerReservation(tokenHash: string, now: Date): CustomerReservation | null {
		const id = reservationIdOfToken(this.#db, tokenHash);
		return id === null ? null : customerReservation(this.#db, id, now);
	}

	/** Records the token hash of a confirmation e-mail claimed by `claimedBy`, about to be sent. */
	setEmailToken(emailId: number, claimedBy: string, tokenHash: string): boolean {
		return setEmailToken(this.#db, emailId, claimedBy, tokenHash);
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
					`UPDATE emails SET status = 'sending', claimed_at = @now, claimed_by = @claimedBy,
						data_started_at = NULL
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
					last_error = @error, data_started_at = NULL
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
	 * Records that the DATA command of a claimed e-mail's attempt is about to go out: from now on
	 * the mail server may take it, so a stop before the outcome is recorded must not resend it.
	 */
	markDataStarted(emailId: number, claimedBy: string, at: number): void {
		this.#db
			.prepare(
				`UPDATE emails SET data_started_at = ?
				 WHERE id = ? AND status = 'sending' AND claimed_by = ?`,
			)
			.run(at, emailId, claimedBy);
	}

	/**
	 * Settles the e-mails claimed before `claimedBefore` and never settled: their process died or
	 * stopped while sending them. See `settleClaims`.
	 */
	markInterrupted(claimedBefore: number, now: number = Date.now()): SettledClaims {
		return this.#settle(`claimed_at < @claimedBefore`, { claimedBefore }, now);
	}

	/**
	 * Settles the e-mails left 'sending' by the claimers for which `isGone` is true (processes
	 * that have stopped): one whose DATA command never went out is due again at `now` (the mail
	 * server cannot have taken it); one whose DATA went out becomes 'interrupted', shown as
	 * 'esito incerto' and never sent again (it may have been delivered).
	 */
	settleClaims(isGone: (claimedBy: string) => boolean, now: number): SettledClaims {
		const claimers = (
			this.#db.prepare(`SELECT DISTINCT claimed_by FROM emails WHERE status = 'sending'`).all() as {
				claimed_by: string | null;
			}[]
		)
			.map((row) => row.claimed_by ?? '')
			.filter(isGone);
		if (claimers.length === 0) return { retried: 0, uncertain: 0 };
		return this.#settle(
			`COALESCE(claimed_by, '') IN (SELECT value FROM json_each(@claimers))`,
			{ claimers: JSON.stringify(claimers) },
			now,
		);
	}

	#settle(where: string, params: Record<string, unknown>, now: number): SettledClaims {
		const settle = this.#db.transaction((): SettledClaims => {
			const retried = this.#db
				.prepare(
					`UPDATE emails SET status = 'pending', next_attempt_at = @now,
						claimed_at = NULL, claimed_by = NULL
					 WHERE status = 'sending' AND data_started_at IS NULL AND ${where}`,
				)
				.run({ ...params, now }).changes;
			const uncertain = this.#db
				.prepare(
					`UPDATE emails SET status = 'interrupted', attempts = attempts + 1,
						last_error = 'Esito incerto: il server si è fermato mentre trasmetteva l''e-mail al server di posta; non viene ritentata per non inviarla due volte.'
					 WHERE status = 'sending' AND data_started_at IS NOT NULL AND ${where}`,
				)
				.run(params).changes;
			return { retried, uncertain };
		});
		return settle.immediate();
	}

	/** Outbox counts for the health check (store-health.ts). */
	emailBacklog(overdueBefore: Date): EmailBacklog {
		return emailBacklog(this.#db, overdueBefore);
	}

	/** Commits a write, or throws (store-health.ts). */
	probeWrite(now: number, busyTimeoutMs: number): void {
		probeWrite(this.#db, now, busyTimeoutMs);
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
			run(`DELETE FROM reservation_events WHERE reservation_id IN (${reservations})`);
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

	/** Changes a reservation's state, with its event and e-mails (src/server/reservations/). */
	changeReservationStatus(change: StatusChange): StatusChangeResult {
		return changeReservationStatus(this.#db, change);
	}

	/** Stores 'not_collected' for every reservation whose hold ended before `now`. */
	expireReservations(now: Date): number {
		return expireReservations(this.#db, now);
	}

	/** The reservations of these shops from today on, and earlier ones still held. */
	staffReservations(shopIds: readonly string[], now: Date): StaffReservationSummary[] {
		return staffReservations(this.#db, shopIds, now);
	}

	/** One reservation of these shops in full, with its history; null for any other. */
	staffReservation(id: number, shopIds: readonly string[], now: Date): StaffReservation | null {
		return staffReservation(this.#db, id, shopIds, now);
	}

	/** The id of the reservation of these shops with this pickup code, or null. */
	staffReservationIdByCode(code: string, shopIds: readonly string[]): number | null {
		return staffReservationIdByCode(this.#db, code, shopIds);
	}

	/** Closes the database. */
	close(): void {
		this.#db.close();
	}
}
