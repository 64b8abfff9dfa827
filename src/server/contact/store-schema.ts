/**
 * The schema of the messages database (store.ts): its migrations, applied in order at start-up
 * and counted in SQLite's `user_version` (add a new entry, never edit an old one), and the types
 * of its rows and of what the store returns.
 */
import type Database from 'better-sqlite3';
import type { MessageForEmail } from './email-text';

/** The two e-mails of a message. */
export type EmailKind = 'admin' | 'confirmation';
/** Where an e-mail is in its life. */
export type EmailState = 'pending' | 'sending' | 'sent' | 'failed' | 'interrupted';
/** How e-mails were handled when the message arrived: sent, simulated, or none (spam). */
export type Delivery = 'smtp' | 'simulation' | 'none';

/** The database schema, one migration per entry. Never edit an entry: append a new one. */
export const MIGRATIONS: readonly string[] = [
	`CREATE TABLE messages (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		created_at TEXT NOT NULL,
		name TEXT NOT NULL,
		email TEXT NOT NULL,
		phone TEXT NOT NULL,
		message TEXT NOT NULL,
		privacy_accepted INTEGER NOT NULL CHECK (privacy_accepted IN (0, 1)),
		spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
		delivery TEXT NOT NULL CHECK (delivery IN ('smtp', 'simulation', 'none'))
	);
	CREATE TABLE emails (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		message_id INTEGER NOT NULL REFERENCES messages (id),
		kind TEXT NOT NULL CHECK (kind IN ('admin', 'confirmation')),
		recipient TEXT NOT NULL,
		status TEXT NOT NULL
			CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'interrupted')),
		attempts INTEGER NOT NULL DEFAULT 0,
		next_attempt_at INTEGER NOT NULL,
		claimed_at INTEGER,
		claimed_by TEXT,
		sent_at TEXT,
		last_error TEXT,
		UNIQUE (message_id, kind)
	);
	CREATE INDEX emails_due ON emails (status, next_attempt_at);`,
	// Retention looks up each sender's latest message.
	`CREATE INDEX messages_sender ON messages (email, created_at);`,
	// The form's submission key (contact-schema.ts): the same message sent twice is stored once.
	`ALTER TABLE messages ADD COLUMN submission_key TEXT;
	CREATE UNIQUE INDEX messages_submission_key ON messages (submission_key);`,
];

/** A message to store. */
export interface NewMessage {
	name: string;
	email: string;
	phone: string;
	message: string;
	createdAt: Date;
	spam: boolean;
	delivery: Delivery;
	/** The e-mails to send, claimed at once by the process that stores the message. */
	emails: readonly { kind: EmailKind; recipient: string }[];
	/** The form's submission key, if it sent one. */
	submissionKey?: string | undefined;
}

/** A message stored earlier with the same submission key, and where its e-mails are. */
export interface EarlierMessage {
	id: number;
	delivery: Delivery;
	emails: { kind: EmailKind; status: EmailState }[];
}

/** What insertMessage did: stored the message, or found it stored already. */
export type InsertResult =
	| { id: number; jobs: EmailJob[]; earlier?: undefined }
	| { id: number; jobs: []; earlier: EarlierMessage };

/** An e-mail claimed for sending, with the message it is about. */
export interface EmailJob {
	emailId: number;
	kind: EmailKind;
	recipient: string;
	/** Attempts made before this one. */
	attempts: number;
	message: MessageForEmail;
}

/** An e-mail of a stored message, as staff see it. */
export interface StoredEmail {
	kind: EmailKind;
	recipient: string;
	status: EmailState;
	attempts: number;
	nextAttemptAt: number | null;
	sentAt: string | null;
	lastError: string | null;
}

/** A stored message with its e-mails. */
export interface StoredMessage {
	id: number;
	createdAt: string;
	name: string;
	email: string;
	phone: string;
	message: string;
	spam: boolean;
	delivery: Delivery;
	emails: StoredEmail[];
}

/** A row of the `messages` table. */
export interface MessageRow {
	id: number;
	created_at: string;
	name: string;
	email: string;
	phone: string;
	message: string;
	spam: number;
	delivery: Delivery;
}

/** A row of the `emails` table. */
export interface EmailRow {
	id: number;
	message_id: number;
	kind: EmailKind;
	recipient: string;
	status: EmailState;
	attempts: number;
	next_attempt_at: number;
	sent_at: string | null;
	last_error: string | null;
}

/** Applies the migrations the database has not seen yet, each in its own transaction. */
export function migrate(db: Database.Database): void {
	const version = db.pragma('user_version', { simple: true }) as number;
	if (version > MIGRATIONS.length) {
		throw new Error(
			`The messages database has schema version ${version}, newer than this code (${MIGRATIONS.length}).`,
		);
	}
	MIGRATIONS.slice(version).forEach((sql, index) => {
		db.transaction(() => {
			db.exec(sql);
			db.pragma(`user_version = ${version + index + 1}`);
		}).immediate();
	});
}
