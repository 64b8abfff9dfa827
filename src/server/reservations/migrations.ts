/**
 * The reservations' tables, as migrations of the one database: each is appended to the one ordered
 * list (src/server/services/registry.ts) at the place it took when it shipped. Never edit a
 * shipped text: append a new migration.
 */
import { EMAIL_DELIVERY_COLUMNS } from '../core/schema';

/**
 * The columns of `reservations` as migration 4 made them, which migration 11 copies before adding
 * its own (SQLite rebuilds a table to change a CHECK). Shipped text: never edit it (both
 * migrations are pinned by their SHA-256 in tests/unit/server/services/migrations.test.ts).
 */
const RESERVATION_COLUMNS = `id INTEGER PRIMARY KEY AUTOINCREMENT,
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
		submission_key TEXT`;

/**
 * Migration 4: Pickup reservations: the reservation with what the customer was told (shop, day,
 * that day's hours, days held), its lines with the names and prices of the build, and the outbox
 * rebuilt so that an e-mail belongs to a message or to a reservation (SQLite cannot drop a NOT
 * NULL: the table is copied, ids and states kept).
 */
export const RESERVATIONS_TABLES = `CREATE TABLE reservations (
		${RESERVATION_COLUMNS}
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
	CREATE INDEX emails_due ON emails (status, next_attempt_at);`;

/**
 * Migration 7: Held stock: a reservation holds its pieces while 'held' and up to its last held day
 * (src/lib/reservations/hold.ts; staff will mark it collected or cancelled). The fingerprint of what was
 * sent under a submission key, so the same key with other contents is refused. A confirmation left
 * unsent because its address had its day's share of them.
 */
export const RESERVATIONS_HELD_STOCK = `ALTER TABLE reservations ADD COLUMN status TEXT NOT NULL DEFAULT 'held'
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
	CREATE INDEX emails_recipient ON emails (recipient COLLATE NOCASE, kind);`;

/**
 * Migration 11: Reservation states (src/lib/reservations/status.ts): 'ready' and 'not_collected' join the
 * states, `version` counts the changes (a change names the version it was made from, so two people
 * acting at once cannot overwrite each other), `reservation_events` records who changed what and
 * when (staff_name as it was then). SQLite cannot change a CHECK: the table is copied, ids, rows
 * and states kept (migrate() turns foreign keys off for it, as the lines, the e-mails and the
 * events refer to it).
 */
export const RESERVATION_STATES = `CREATE TABLE reservations_new (
		${RESERVATION_COLUMNS},
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
	CREATE INDEX reservation_events_reservation ON reservation_events (reservation_id, id);`;

/**
 * Migration 12: The customer's link (src/server/reservations/): only the SHA-256 of a token is
 * stored, never the token. A reservation's own (the confirmation page's link, from the POST
 * answer), and one per confirmation e-mail, drawn anew at each attempt: an e-mail's text is made
 * when it is sent, and a retry cannot read back a token that was never stored.
 */
export const RESERVATIONS_CUSTOMER_LINK = `ALTER TABLE reservations ADD COLUMN customer_token_hash TEXT;
	CREATE UNIQUE INDEX reservations_customer_token ON reservations (customer_token_hash);
	ALTER TABLE emails ADD COLUMN customer_token_hash TEXT;
	CREATE UNIQUE INDEX emails_customer_token ON emails (customer_token_hash);`;
