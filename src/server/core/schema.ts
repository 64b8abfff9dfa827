/**
 * The schema of the one database (store.ts): the migration runner, and the types of the outbox's
 * rows that every kind shares. Each thing declares its own tables as migrations in its folder
 * (core/migrations.ts, messages/migrations.ts, reservations/migrations.ts, staff/migrations.ts);
 * the one ordered list of them is src/server/services/registry.ts, handed to the runner by
 * whoever opens the file. Each thing's own rows are typed in its folder.
 */
import type Database from 'better-sqlite3';
import type { SubmissionKind } from './kind';

/**
 * Which e-mail of its owner a row is: 'admin' (to the shop), 'confirmation' (to the sender),
 * or any other kind an owner declares (kind.ts).
 */
export type EmailKind = string;
/** Where an e-mail is in its life. */
export type EmailState = 'pending' | 'sending' | 'sent' | 'failed' | 'interrupted';
/** How e-mails were handled when the message arrived: sent, simulated, or none (spam). */
export type Delivery = 'smtp' | 'simulation' | 'none';

/**
 * What an e-mail of the outbox records of its delivery: the same in the first table (migration
 * 1) and in the one rebuilt for reservations (migration 4), so it is written once. Migration 1's
 * SQL is the same text as when it shipped: never change these columns, add a migration.
 */
export const EMAIL_DELIVERY_COLUMNS = `kind TEXT NOT NULL CHECK (kind IN ('admin', 'confirmation')),
		recipient TEXT NOT NULL,
		status TEXT NOT NULL
			CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'interrupted')),
		attempts INTEGER NOT NULL DEFAULT 0,
		next_attempt_at INTEGER NOT NULL,
		claimed_at INTEGER,
		claimed_by TEXT,
		sent_at TEXT,
		last_error TEXT`;

/**
 * One migration of the one list: the thing whose tables it changes (for readers and the test
 * that pins the order) and its SQL, run once in its own transaction.
 */
export interface Migration {
	readonly thing: string;
	readonly sql: string;
}

/**
 * What the one database is opened with: every owner of e-mails the outbox may meet (the kinds,
 * kind.ts) and the one ordered list of migrations. Put together once, in
 * src/server/services/registry.ts, and handed down: the core never names a thing.
 */
export interface Registry {
	readonly kinds: readonly SubmissionKind[];
	readonly migrations: readonly Migration[];
}

/** A submission stored earlier with the same submission key, and its e-mails. */
export interface EarlierSubmission {
	id: number;
	delivery: Delivery;
	emails: { kind: EmailKind; status: EmailState }[];
	/** What was sent under the key; null for one stored before fingerprints were kept. */
	fingerprint: string | null;
}

/** An e-mail to store with its owner, claimed at once by the process that stores it. */
export interface NewEmail {
	kind: EmailKind;
	recipient: string;
}

/** An e-mail of a stored submission, as staff see it. */
export interface StoredEmail {
	kind: EmailKind;
	recipient: string;
	status: EmailState;
	attempts: number;
	nextAttemptAt: number | null;
	sentAt: string | null;
	lastError: string | null;
}

/**
 * What every stored submission carries besides its own fields and e-mails: when it arrived,
 * whether it is spam, how its e-mails go, its once-only key and its contents' fingerprint.
 */
export interface SubmissionBase {
	createdAt: Date;
	spam: boolean;
	delivery: Delivery;
	/** The e-mails to send, claimed at once by the process that stores the submission. */
	emails: readonly NewEmail[];
	/** The form's submission key, if it sent one. */
	submissionKey?: string | undefined;
	/** The sender's address as the server knows it (the visitor's, also behind the CDN). */
	clientAddress?: string | undefined;
	/** The fingerprint of what was sent under the key (submission-fingerprint.ts). */
	submissionFingerprint?: string | undefined;
	/** Most confirmations one address gets in 24 hours; further ones are not sent. */
	confirmationsPerDay: number;
}

/**
 * Applies the migrations the database has not seen yet, each in its own transaction. The list
 * is append-only: its length is the schema version, counted in SQLite's `user_version`.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): void {
	const version = db.pragma('user_version', { simple: true }) as number;
	if (version > migrations.length) {
		throw new Error(
			`The submissions database has schema version ${version}, newer than this code (${migrations.length}).`,
		);
	}
	if (version === migrations.length) return;
	// A migration that copies a table others refer to (SQLite's way to change a CHECK) must run
	// with foreign keys off (they cannot be switched inside a transaction); every reference is
	// checked again before each migration commits.
	const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
	db.pragma('foreign_keys = OFF');
	try {
		migrations.slice(version).forEach(({ sql }, index) => {
			db.transaction(() => {
				db.exec(sql);
				const broken = db.pragma('foreign_key_check') as { table: string }[];
				if (broken.length > 0) {
					throw new Error(
						`Migration ${version + index + 1} leaves ${broken.length} broken reference(s) in ${broken[0]?.table ?? '?'}.`,
					);
				}
				db.pragma(`user_version = ${version + index + 1}`);
			}).immediate();
		});
	} finally {
		db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
	}
}
