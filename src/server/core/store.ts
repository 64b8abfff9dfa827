/**
 * The submissions database: one SQLite file (better-sqlite3), in WAL mode with full synchronous
 * commits, so a submission the server has acknowledged survives a crash of the process and of
 * the machine. Each kind keeps its own tables (src/server/messages/store.ts: `messages`;
 * src/server/reservations/store.ts: `reservations`, `reservation_items`) through `db`; the table all
 * share is `emails` (one row per e-mail of an owner, with its own state), which doubles as the
 * outbox of the retry loop. This class keeps the outbox, retention and the health probe, for
 * the kinds it is opened with (kind.ts), never naming one.
 *
 * An e-mail is sent at most once, by the outbox's one rule for every channel (outbox-queue.ts):
 * claimed before sending, marked `data_started_at` just before its DATA command goes out, and a
 * row left 'sending' by a stopped process is due again without that mark, 'interrupted' (shown to
 * staff as 'esito incerto', never sent again) with it.
 *
 * Schema changes are migrations in code (MIGRATIONS in schema.ts), applied in order at start-up
 * and counted in SQLite's `user_version`: add a new entry, never edit an old one.
 */
import Database from 'better-sqlite3';
import type { EmailJob, SubmissionKind } from './kind';
import { chmodIfExists, createPrivateFile, PRIVATE_FILE } from './private-file';
import { migrate, type EmailKind, type Migration, type Registry } from './schema';
import { emailBacklog, probeWrite, type EmailBacklog } from './store-health';
import * as queue from './outbox-queue';
import type { QueueTable, SettledClaims } from './outbox-queue';

/** Options of SubmissionStore.open. */
export interface OpenOptions {
	/** False: fail when the file does not exist instead of creating it (`npm run messages`). */
	create?: boolean;
}

export type { SettledClaims } from './outbox-queue';

/** The e-mails' table of the outbox (outbox-queue.ts): DATA is when the mail server may take one. */
export const EMAIL_QUEUE: QueueTable = Object.freeze({
	table: 'emails',
	startedColumn: 'data_started_at',
	sentAt: 'iso',
	interruptedText:
		"Esito incerto: il server si è fermato mentre trasmetteva l'e-mail al server di posta; non viene ritentata per non inviarla due volte.",
});

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
		return this.#db
			.transaction(() =>
				this.loadJobs(queue.claimDueRows(this.#db, EMAIL_QUEUE, now, claimedBy, limit)),
			)
			.immediate();
	}

	/**
	 * The e-mails of rows just claimed, each with its owner's data; a row of an owner this
	 * process does not know (a newer kind) is left claimed, and settled after the lease.
	 */
	loadJobs(rows: readonly Record<string, unknown>[]): EmailJob[] {
		const owners = this.#kinds.map((kind) => kind.owner);
		const claimed = rows as ({
			id: number;
			kind: EmailKind;
			recipient: string;
			attempts: number;
		} & Record<string, unknown>)[];
		const ownerId = (row: Record<string, unknown>, column: string): number | null => {
			const value = row[column];
			return typeof value === 'number' ? value : null;
		};
		const abouts = owners.map((owner) =>
			owner.load(
				this.#db,
				claimed.flatMap((row) => ownerId(row, owner.column) ?? []),
			),
		);
		return claimed.flatMap((row): EmailJob[] => {
			for (const [index, owner] of owners.entries()) {
				const id = ownerId(row, owner.column);
				const about = id === null ? undefined : abouts[index]?.get(id);
				if (about) {
					const { id: emailId, kind, recipient, attempts } = row;
					return [{ emailId, kind, recipient, attempts, owner, about }];
				}
			}
			return [];
		});
	}

	/** Records that the mail server accepted an e-mail claimed by `claimedBy`. */
	markSent(emailId: number, claimedBy: string, sentAt: Date): void {
		queue.markRowSent(this.#db, EMAIL_QUEUE, emailId, claimedBy, sentAt.getTime());
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
		queue.markRowFailed(this.#db, EMAIL_QUEUE, emailId, claimedBy, error, nextAttemptAt);
	}

	/**
	 * Records an attempt whose outcome is unknown (the message was transmitted, the mail server's
	 * answer never came): 'interrupted', shown as 'esito incerto' and never sent again.
	 */
	markUncertain(emailId: number, claimedBy: string, error: string): void {
		queue.markRowUncertain(this.#db, EMAIL_QUEUE, emailId, claimedBy, error);
	}

	/**
	 * Records that the DATA command of a claimed e-mail's attempt is about to go out: from now on
	 * the mail server may take it, so a stop before the outcome is recorded must not resend it.
	 */
	markDataStarted(emailId: number, claimedBy: string, at: number): void {
		queue.markRowStarted(this.#db, EMAIL_QUEUE, emailId, claimedBy, at);
	}

	/**
	 * Settles the e-mails claimed before `claimedBefore` and never settled: their process died or
	 * stopped while sending them. See `settleClaims`.
	 */
	markInterrupted(claimedBefore: number, now: number = Date.now()): SettledClaims {
		return queue.settleExpiredClaims(this.#db, EMAIL_QUEUE, claimedBefore, now);
	}

	/**
	 * Settles the e-mails left 'sending' by the claimers for which `isGone` is true (processes
	 * that have stopped): one whose DATA command never went out is due again at `now` (the mail
	 * server cannot have taken it); one whose DATA went out becomes 'interrupted', shown as
	 * 'esito incerto' and never sent again (it may have been delivered).
	 */
	settleClaims(isGone: (claimedBy: string) => boolean, now: number): SettledClaims {
		return queue.settleClaimsOf(this.#db, EMAIL_QUEUE, isGone, now);
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
