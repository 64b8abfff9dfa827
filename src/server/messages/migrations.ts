/**
 * The contact messages' tables, as migrations of the one database: each is appended to the one ordered
 * list (src/server/services/registry.ts) at the place it took when it shipped. Never edit a
 * shipped text: append a new migration.
 */
import { EMAIL_DELIVERY_COLUMNS } from '../core/schema';

/**
 * Migration 1: the contact messages and the outbox of their e-mails (one row per e-mail).
 */
export const MESSAGES_TABLE = `CREATE TABLE messages (
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
		${EMAIL_DELIVERY_COLUMNS},
		UNIQUE (message_id, kind)
	);
	CREATE INDEX emails_due ON emails (status, next_attempt_at);`;

/**
 * Migration 2: Retention looks up each sender's latest message.
 */
export const MESSAGES_SENDER_INDEX = `CREATE INDEX messages_sender ON messages (email, created_at);`;

/**
 * Migration 3: The form's submission key (message-schema.ts): the same message sent twice is stored
 * once.
 */
export const MESSAGES_SUBMISSION_KEY = `ALTER TABLE messages ADD COLUMN submission_key TEXT;
	CREATE UNIQUE INDEX messages_submission_key ON messages (submission_key);`;

/**
 * Migration 13: Contact messages marked 'Gestito' by staff: when, and who (the id, and the name as
 * it was, so the mark still reads right once the account is disabled).
 */
export const MESSAGES_HANDLED = `ALTER TABLE messages ADD COLUMN handled_at TEXT;
	ALTER TABLE messages ADD COLUMN handled_by_staff_id INTEGER;
	ALTER TABLE messages ADD COLUMN handled_by_name TEXT;`;
