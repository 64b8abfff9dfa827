/**
 * The schema of the submissions database (store.ts): its migrations, applied in order at
 * start-up and counted in SQLite's `user_version` (add a new entry, never edit an old one), and
 * the types of the outbox's rows that every kind shares. Each kind's own rows are typed in its
 * folder (src/server/contact/store.ts, src/server/pickup/store.ts).
 */
import type Database from 'better-sqlite3';
import { STAFF_LINK_EMAIL_MIGRATION, STAFF_MIGRATION } from '../staff/schema';
import { STOCK_MIGRATION } from '../stock/schema';

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
const EMAIL_DELIVERY_COLUMNS = `kind TEXT NOT NULL CHECK (kind IN ('admin', 'confirmation')),
		recipient TEXT NOT NULL,
		status TEXT NOT NULL
			CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'interrupted')),
		attempts INTEGER NOT NULL DEFAULT 0,
		next_attempt_at INTEGER NOT NULL,
		claimed_at INTEGER,
		claimed_by TEXT,
		sent_at TEXT,
		last_error TEXT`;

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
		${EMAIL_DELIVERY_COLUMNS},
		UNIQUE (message_id, kind)
	);
	CREATE INDEX emails_due ON emails (status, next_attempt_at);`,
	// Retention looks up each sender's latest message.
	`CREATE INDEX messages_sender ON messages (email, created_at);`,
	// The form's submission key (contact-schema.ts): the same message sent twice is stored once.
	`ALTER TABLE messages ADD COLUMN submission_key TEXT;
	CREATE UNIQUE INDEX messages_submission_key ON messages (submission_key);`,
	// Pickup reservations: the reservation with what the customer was told (shop,
	// day, that day's hours, days held), its lines with the names and prices of the build, and
	// the outbox rebuilt so that an e-mail belongs to a message or to a reservation (SQLite
	// cannot drop a NOT NULL: the table is copied, ids and states kept).
	`CREATE TABLE reservations (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		created_at TEXT NOT NULL,
		code TEXT NOT NULL,
		shop_id TEXT NOT NULL,
		shop_name TEXT NOT NULL,
		shop_address TEXT NOT NULL,
		shop_phone TEXT NOT NULL,
		shop_email TEXT NOT NULL,
		pickup_day TEXT NOT NULL,
		pickup_hours TEXT NOT NULL,
		hold_days INTEGER NOT NULL,
		total_cents INTEGER NOT NULL,
		name TEXT NOT NULL,
		email TEXT NOT NULL,
		phone TEXT NOT NULL,
		privacy_accepted INTEGER NOT NULL CHECK (privacy_accepted IN (0, 1)),
		spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
		delivery TEXT NOT NULL CHECK (delivery IN ('smtp', 'simulation', 'none')),
		submission_key TEXT
	);
	CREATE UNIQUE INDEX reservations_code ON reservations (code);
	CREATE UNIQUE INDEX reservations_submission_key ON reservations (submission_key);
	CREATE INDEX reservations_customer ON reservations (email, created_at);
	CREATE TABLE reservation_items (
		reservation_id INTEGER NOT NULL REFERENCES reservations (id),
		position INTEGER NOT NULL,
		product_id TEXT NOT NULL,
		variant_id TEXT NOT NULL,
		product_name TEXT NOT NULL,
		variant_label TEXT NOT NULL,
		unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
		quantity INTEGER NOT NULL CHECK (quantity >= 1),
		PRIMARY KEY (reservation_id, position)
	);
	CREATE TABLE emails_new (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		message_id INTEGER REFERENCES messages (id),
		reservation_id INTEGER REFERENCES reservations (id),
		${EMAIL_DELIVERY_COLUMNS},
		CHECK ((message_id IS NULL) <> (reservation_id IS NULL)),
		UNIQUE (message_id, kind),
		UNIQUE (reservation_id, kind)
	);
	INSERT INTO emails_new (id, message_id, kind, recipient, status, attempts, next_attempt_at,
		claimed_at, claimed_by, sent_at, last_error)
	SELECT id, message_id, kind, recipient, status, attempts, next_attempt_at,
		claimed_at, claimed_by, sent_at, last_error FROM emails;
	DROP TABLE emails;
	ALTER TABLE emails_new RENAME TO emails;
	CREATE INDEX emails_due ON emails (status, next_attempt_at);`,
	// Operations: when the DATA command of an e-mail's current attempt went out (NULL before
	// that), so that a row left 'sending' by a stop or a crash is retried when the mail server
	// cannot have taken it, and shown as 'esito incerto' when it may have; and the one row the
	// health check rewrites to prove that the database takes commits.
	`ALTER TABLE emails ADD COLUMN data_started_at INTEGER;
	CREATE TABLE health_probe (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		checked_at INTEGER NOT NULL
	);`,
	// The sender's address (the visitor's, also behind the CDN), for abuse reports.
	`ALTER TABLE messages ADD COLUMN client_address TEXT;
	ALTER TABLE reservations ADD COLUMN client_address TEXT;`,
	// Held stock: a reservation holds its pieces while 'held' and up to its last held day
	// (src/lib/pickup/hold.ts; staff will mark it collected or cancelled). The fingerprint of
	// what was sent under a submission key, so the same key with other contents is refused. A
	// confirmation left unsent because its address had its day's share of them.
	`ALTER TABLE reservations ADD COLUMN status TEXT NOT NULL DEFAULT 'held'
		CHECK (status IN ('held', 'collected', 'cancelled'));
	ALTER TABLE reservations ADD COLUMN held_through TEXT;
	UPDATE reservations SET held_through = date(pickup_day, '+' || hold_days || ' days');
	CREATE INDEX reservations_held ON reservations (shop_id, status, held_through);
	ALTER TABLE reservations ADD COLUMN submission_fingerprint TEXT;
	ALTER TABLE messages ADD COLUMN submission_fingerprint TEXT;
	ALTER TABLE reservations ADD COLUMN confirmation_withheld INTEGER NOT NULL DEFAULT 0
		CHECK (confirmation_withheld IN (0, 1));
	ALTER TABLE messages ADD COLUMN confirmation_withheld INTEGER NOT NULL DEFAULT 0
		CHECK (confirmation_withheld IN (0, 1));
	CREATE INDEX emails_recipient ON emails (recipient COLLATE NOCASE, kind);`,
	// The outbox opened to every kind of owner and e-mail (src/server/submissions/kind.ts): the
	// kind is whatever its owner declares; each e-mail keeps when it was stored, so the daily cap
	// of confirmations and the health check's overdue count need no owner's table; and "one e-mail
	// of a kind per owner" and "exactly one owner" become an index per owner column and a pair of
	// triggers, which a later owner's migration extends (ADD COLUMN, its own index, the triggers
	// dropped and made again with its column) without rebuilding the table. Rebuilt now, as SQLite
	// cannot drop a CHECK: ids and states kept.
	`CREATE TABLE emails_new (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		message_id INTEGER REFERENCES messages (id),
		reservation_id INTEGER REFERENCES reservations (id),
		kind TEXT NOT NULL CHECK (kind <> ''),
		recipient TEXT NOT NULL,
		status TEXT NOT NULL
			CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'interrupted')),
		attempts INTEGER NOT NULL DEFAULT 0,
		next_attempt_at INTEGER NOT NULL,
		claimed_at INTEGER,
		claimed_by TEXT,
		sent_at TEXT,
		last_error TEXT,
		data_started_at INTEGER,
		created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
	);
	INSERT INTO emails_new (id, message_id, reservation_id, kind, recipient, status, attempts,
		next_attempt_at, claimed_at, claimed_by, sent_at, last_error, data_started_at, created_at)
	SELECT emails.id, emails.message_id, emails.reservation_id, emails.kind, emails.recipient,
		emails.status, emails.attempts, emails.next_attempt_at, emails.claimed_at,
		emails.claimed_by, emails.sent_at, emails.last_error, emails.data_started_at,
		COALESCE(messages.created_at, reservations.created_at)
	FROM emails
	LEFT JOIN messages ON messages.id = emails.message_id
	LEFT JOIN reservations ON reservations.id = emails.reservation_id;
	DROP TABLE emails;
	ALTER TABLE emails_new RENAME TO emails;
	CREATE INDEX emails_due ON emails (status, next_attempt_at);
	CREATE INDEX emails_recipient ON emails (recipient COLLATE NOCASE, kind);
	CREATE UNIQUE INDEX emails_message ON emails (message_id, kind);
	CREATE UNIQUE INDEX emails_reservation ON emails (reservation_id, kind);
	CREATE TRIGGER emails_one_owner_insert BEFORE INSERT ON emails
	WHEN (NEW.message_id IS NOT NULL) + (NEW.reservation_id IS NOT NULL) <> 1
	BEGIN
		SELECT RAISE(ABORT, 'CHECK constraint failed: an e-mail belongs to exactly one owner');
	END;
	CREATE TRIGGER emails_one_owner_update BEFORE UPDATE OF message_id, reservation_id ON emails
	WHEN (NEW.message_id IS NOT NULL) + (NEW.reservation_id IS NOT NULL) <> 1
	BEGIN
		SELECT RAISE(ABORT, 'CHECK constraint failed: an e-mail belongs to exactly one owner');
	END;`,
	// The staff area: staff members, passkeys, one-time links, sessions (src/server/staff/).
	STAFF_MIGRATION,
	// The staff area's one-time links sent by e-mail, a new owner of the outbox's e-mails.
	STAFF_LINK_EMAIL_MIGRATION,
	// Reservation states (src/lib/pickup/status.ts): 'ready' and 'not_collected' join the states,
	// `version` counts the changes (a change names the version it was made from, so two people
	// acting at once cannot overwrite each other), `reservation_events` records who changed what
	// and when (staff_name as it was then). SQLite cannot change a CHECK: the table is copied,
	// ids, rows and states kept (migrate() turns foreign keys off for it, as the lines, the
	// e-mails and the events refer to it).
	`CREATE TABLE reservations_new (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		created_at TEXT NOT NULL,
		code TEXT NOT NULL,
		shop_id TEXT NOT NULL,
		shop_name TEXT NOT NULL,
		shop_address TEXT NOT NULL,
		shop_phone TEXT NOT NULL,
		shop_email TEXT NOT NULL,
		pickup_day TEXT NOT NULL,
		pickup_hours TEXT NOT NULL,
		hold_days INTEGER NOT NULL,
		total_cents INTEGER NOT NULL,
		name TEXT NOT NULL,
		email TEXT NOT NULL,
		phone TEXT NOT NULL,
		privacy_accepted INTEGER NOT NULL CHECK (privacy_accepted IN (0, 1)),
		spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
		delivery TEXT NOT NULL CHECK (delivery IN ('smtp', 'simulation', 'none')),
		submission_key TEXT,
		client_address TEXT,
		status TEXT NOT NULL DEFAULT 'held'
			CHECK (status IN ('held', 'ready', 'collected', 'cancelled', 'not_collected')),
		held_through TEXT,
		submission_fingerprint TEXT,
		confirmation_withheld INTEGER NOT NULL DEFAULT 0 CHECK (confirmation_withheld IN (0, 1)),
		version INTEGER NOT NULL DEFAULT 1
	);
	INSERT INTO reservations_new (id, created_at, code, shop_id, shop_name, shop_address,
		shop_phone, shop_email, pickup_day, pickup_hours, hold_days, total_cents, name, email, phone,
		privacy_accepted, spam, delivery, submission_key, client_address, status, held_through,
		submission_fingerprint, confirmation_withheld)
	SELECT id, created_at, code, shop_id, shop_name, shop_address,
		shop_phone, shop_email, pickup_day, pickup_hours, hold_days, total_cents, name, email, phone,
		privacy_accepted, spam, delivery, submission_key, client_address, status, held_through,
		submission_fingerprint, confirmation_withheld FROM reservations;
	DROP TABLE reservations;
	ALTER TABLE reservations_new RENAME TO reservations;
	CREATE UNIQUE INDEX reservations_code ON reservations (code);
	CREATE UNIQUE INDEX reservations_submission_key ON reservations (submission_key);
	CREATE INDEX reservations_customer ON reservations (email, created_at);
	CREATE INDEX reservations_held ON reservations (shop_id, status, held_through);
	CREATE INDEX reservations_day ON reservations (shop_id, pickup_day);
	CREATE TABLE reservation_events (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		reservation_id INTEGER NOT NULL REFERENCES reservations (id),
		at TEXT NOT NULL,
		actor TEXT NOT NULL CHECK (actor IN ('staff', 'customer', 'system')),
		staff_id INTEGER REFERENCES staff (id),
		staff_name TEXT,
		from_status TEXT NOT NULL,
		to_status TEXT NOT NULL,
		reason TEXT,
		CHECK ((actor = 'staff') = (staff_id IS NOT NULL))
	);
	CREATE INDEX reservation_events_reservation ON reservation_events (reservation_id, id);`,
	// The customer's link (src/server/customer/): only the SHA-256 of a token is stored, never
	// the token. A reservation's own (the confirmation page's link, from the POST answer), and
	// one per confirmation e-mail, drawn anew at each attempt: an e-mail's text is made when it
	// is sent, and a retry cannot read back a token that was never stored.
	`ALTER TABLE reservations ADD COLUMN customer_token_hash TEXT;
	CREATE UNIQUE INDEX reservations_customer_token ON reservations (customer_token_hash);
	ALTER TABLE emails ADD COLUMN customer_token_hash TEXT;
	CREATE UNIQUE INDEX emails_customer_token ON emails (customer_token_hash);`,
	// Contact messages marked 'Gestito' by staff: when, and who (the id, and the name as it was,
	// so the mark still reads right once the account is disabled).
	`ALTER TABLE messages ADD COLUMN handled_at TEXT;
	ALTER TABLE messages ADD COLUMN handled_by_staff_id INTEGER;
	ALTER TABLE messages ADD COLUMN handled_by_name TEXT;`,
	// The stock ledger (src/server/stock/schema.ts): on hand per shop and variant, and every
	// movement with its reason, actor and time, append-only.
	STOCK_MIGRATION,
];

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

/** Applies the migrations the database has not seen yet, each in its own transaction. */
export function migrate(db: Database.Database): void {
	const version = db.pragma('user_version', { simple: true }) as number;
	if (version > MIGRATIONS.length) {
		throw new Error(
			`The submissions database has schema version ${version}, newer than this code (${MIGRATIONS.length}).`,
		);
	}
	if (version === MIGRATIONS.length) return;
	// A migration that copies a table others refer to (SQLite's way to change a CHECK) must run
	// with foreign keys off (they cannot be switched inside a transaction); every reference is
	// checked again before each migration commits.
	const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
	db.pragma('foreign_keys = OFF');
	try {
		MIGRATIONS.slice(version).forEach((sql, index) => {
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
