/**
 * The submissions database: one SQLite file (better-sqlite3), in WAL mode with full synchronous
 * commits, so a submission the server has acknowledged survives a crash of the process and of
 * the machine. Each kind keeps its own tables (src/server/messages/store.ts: `messages`;
 * src/server/reservations/store.ts: `reservations`, `reservation_items`) through `db`; the table all
 * share is `emails` (one row per e-mail of an owner, with its own state), which doubles as the
 * outbox of the retry loop. This class keeps the outbox, retention and the health probe, for
 * the kinds it is opened with (kind.ts), never naming one.
 *
 * An e-mail is sent at most once. Before sending, a process claims the row (status 'sending',
 * in one UPDATE, so two processes can never claim the same row); afterwards it records 'sent',
 * or 'pending' with the time of the next attempt, or 'failed' after the last one. Just before
 * the DATA command goes out it records `data_started_at`. A row left 'sending' by a process that
 * stopped (seen at the next start-up, or after a lease) is settled by that mark: without it the
 * mail server cannot have taken the e-mail, so it is due again; with it nobody knows, so it is
 * marked 'interrupted', shown to staff as 'esito incerto' and never sent again.
 *
 * Schema changes are migrations in code (MIGRATIONS in schema.ts), applied in order at start-up
 * and counted in SQLite's `user_version`: add a new entry, never edit an old one.
 */
import Database from 'better-sqlite3';
import type { EmailJob, SubmissionKind } from './kind';
import { chmodIfExists, createPrivateFile, PRIVATE_FILE } from './private-file';
import { migrate, type EmailKind, type Migration, type Registry } from './schema';
import { emailBacklog, probeWrite, type EmailBacklog } from './store-health';

/** Options of SubmissionStore.open. */
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

/**
 * Opens the submissions database with its pragmas and brings its schema up to date; every store
 * of the file (the submissions', the staff area's) opens it this way. `privateFile` creates the
 * file and folder when missing and makes the file 0600 (by default whenever `create`).
 */
export function openDatabase(
	path: string,
	migrations: readonly Migration[],
	{ create = true, privateFile = create }: { create?: boolean; privateFile?: boolean } = {},
): Database.Database {
	if (privateFile) createPrivateFile(path);
	const db = new Database(path, { fileMustExist: !create });
	try {
		db.pragma('journal_mode = WAL');
		// SQLite gives -wal and -shm the main file's mode; these were made before it was 0600.
		for (const suffix of ['-wal', '-shm']) chmodIfExists(path + suffix, PRIVATE_FILE);
		// FULL: every commit reaches the disk before the visitor is told the message arrived.
		db.pragma('synchronous = FULL');
		db.pragma('foreign_keys = ON');
		db.pragma('busy_timeout = 5000');
		migrate(db, migrations);
	} catch (error) {
		db.close();
		throw error;
	}
	return db;
}

/** The submissions database, for the kinds it is opened with. */
export class SubmissionStore {
	readonly #db: Database.Database;
	readonly #kinds: readonly SubmissionKind[];

	private constructor(db: Database.Database, kinds: readonly SubmissionKind[]) {
		this.#db = db;
		this.#kinds = kinds;
	}

	/**
	 * Opens (and, unless told not to, creates) the database and brings its schema up to date.
	 * `registry`: every owner of e-mails the outbox may meet and the one list of migrations
	 * (src/server/services/registry.ts).
	 */
	static open(
		path: string,
		{ kinds, migrations }: Registry,
		{ create = true }: OpenOptions = {},
	): SubmissionStore {
		return new SubmissionStore(openDatabase(path, migrations, { create }), kinds);
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
	 * The open database, for the kinds' own tables (src/server/messages/store.ts, src/server/reservations/store.ts). A kind stores its
	 * rows and their e-mails (email-rows.ts) in one transaction of its own; everything else of
	 * the outbox goes through this class.
	 */
	get db(): Database.Database {
		return this.#db;
	}

	/** Claims up to `limit` e-mails whose next attempt is due, oldest first. */
	claimDue(now: number, claimedBy: string, limit: number): EmailJob[] {
		const owners = this.#kinds.map((kind) => kind.owner);
		const ownerOf = owners.map((owner) => `${owner.column}`).join(', ');
		const claim = this.#db.transaction((): EmailJob[] => {
			const claimed = this.#db
				.prepare(
					`UPDATE emails SET status = 'sending', claimed_at = @now, claimed_by = @claimedBy,
						data_started_at = NULL
					 WHERE id IN (
						SELECT id FROM emails WHERE status = 'pending' AND next_attempt_at <= @now
						ORDER BY next_attempt_at, id LIMIT @limit
					 )
					 RETURNING id, kind, recipient, attempts, next_attempt_at, ${ownerOf}`,
				)
				.all({ now, claimedBy, limit }) as ({
				id: number;
				kind: EmailKind;
				recipient: string;
				attempts: number;
				next_attempt_at: number;
			} & Record<string, number | null>)[];
			claimed.sort((a, b) => a.next_attempt_at - b.next_attempt_at || a.id - b.id);
			const abouts = owners.map((owner) =>
				owner.load(
					this.#db,
					claimed.flatMap((row) => row[owner.column] ?? []),
				),
			);
			return claimed.flatMap((row): EmailJob[] => {
				for (const [index, owner] of owners.entries()) {
					const ownerId = row[owner.column];
					const about = ownerId == null ? undefined : abouts[index]?.get(ownerId);
					if (about) {
						const { id: emailId, kind, recipient, attempts } = row;
						return [{ emailId, kind, recipient, attempts, owner, about }];
					}
				}
				// An owner this process does not know (a newer kind): left claimed, settled later.
				return [];
			});
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
	 * Deletes, with their e-mails and the rows that belong to them, the submissions of every
	 * person (by e-mail address) whose latest submission of any kind is older than `cutoff`: the
	 * privacy policy keeps them up to 12 months after the last contact. Returns how many
	 * submissions were deleted.
	 */
	purgeSendersInactiveSince(cutoff: Date): number {
		const kept = this.#kinds.flatMap(({ owner, retention }) =>
			retention ? [{ column: owner.column, ...retention }] : [],
		);
		if (kept.length === 0) return 0;
		const purge = this.#db.transaction(() => {
			const everyone = kept
				.map(({ table }) => `SELECT email, created_at FROM ${table}`)
				.join(' UNION ALL ');
			const stale = `SELECT email FROM (${everyone}) GROUP BY email HAVING MAX(created_at) < @cutoff`;
			const params = { cutoff: cutoff.toISOString() };
			const run = (sql: string) => this.#db.prepare(sql).run(params).changes;
			let deleted = 0;
			for (const { column, table, children } of kept) {
				const ids = `SELECT id FROM ${table} WHERE email IN (${stale})`;
				run(`DELETE FROM emails WHERE ${column} IN (${ids})`);
				for (const child of children)
					run(`DELETE FROM ${child.table} WHERE ${child.column} IN (${ids})`);
				deleted += run(`DELETE FROM ${table} WHERE id IN (${ids})`);
			}
			return deleted;
		});
		return purge.immediate();
	}

	/** Closes the database. */
	close(): void {
		this.#db.close();
	}
}
