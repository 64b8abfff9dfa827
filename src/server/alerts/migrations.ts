/**
 * The tables of 'Avvisami' (docs/alerts.md), appended to the one list of migrations
 * (src/server/services/registry.ts). Never edit this text once shipped: append a migration.
 *
 * - `alerts`: one row per request: who (the address, dropped 7 days after the request closes),
 *   what (product, variant and the names the e-mails show, taken from the build when asked),
 *   where (a shop's id, or 'qualsiasi'), its state and times (ms), and the hash of the latest
 *   link e-mailed (never the link itself). One open request per address, variant and shop: a
 *   partial unique index, so asking again finds it and refreshes it.
 * - `alert_arrivals`: each rise that told someone: the shop, the available pieces then and how
 *   many were told (what the variant's page shows staff; no address).
 * - `alert_watch`: the available pieces last seen per shop and variant with requests, so that a
 *   rise is told once, whoever sees it first (the stock's hook or the loop's pass).
 * - `emails.alert_id`: the outbox's owner column for their e-mails; the "exactly one owner"
 *   triggers are made again with it.
 */
export const ALERTS_MIGRATION = `CREATE TABLE alert_arrivals (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		shop_id TEXT NOT NULL,
		product_id TEXT NOT NULL,
		variant_id TEXT NOT NULL,
		available INTEGER NOT NULL CHECK (available > 0),
		told INTEGER NOT NULL CHECK (told > 0),
		at INTEGER NOT NULL
	);
	CREATE INDEX alert_arrivals_variant ON alert_arrivals (product_id, variant_id, at);
	CREATE TABLE alerts (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		email TEXT,
		product_id TEXT NOT NULL,
		variant_id TEXT NOT NULL,
		shop_id TEXT NOT NULL,
		product_name TEXT NOT NULL,
		variant_label TEXT NOT NULL,
		product_path TEXT NOT NULL,
		shop_name TEXT NOT NULL,
		status TEXT NOT NULL
			CHECK (status IN ('unconfirmed', 'waiting', 'told', 'stopped', 'expired')),
		created_at INTEGER NOT NULL,
		asked_at INTEGER NOT NULL,
		confirmed_at INTEGER,
		expires_at INTEGER,
		closed_at INTEGER,
		told_shop_id TEXT,
		told_shop_name TEXT,
		arrival_id INTEGER REFERENCES alert_arrivals (id),
		token_hash TEXT,
		client_address TEXT,
		CHECK (status IN ('unconfirmed', 'waiting') OR closed_at IS NOT NULL)
	);
	CREATE UNIQUE INDEX alerts_one_open ON alerts (email COLLATE NOCASE, product_id, variant_id, shop_id)
		WHERE status IN ('unconfirmed', 'waiting');
	CREATE INDEX alerts_queue ON alerts (product_id, variant_id, status, confirmed_at, id);
	CREATE INDEX alerts_token ON alerts (token_hash);
	CREATE INDEX alerts_email ON alerts (email COLLATE NOCASE);
	CREATE TABLE alert_watch (
		shop_id TEXT NOT NULL,
		product_id TEXT NOT NULL,
		variant_id TEXT NOT NULL,
		available INTEGER NOT NULL,
		PRIMARY KEY (shop_id, product_id, variant_id)
	);
	ALTER TABLE emails ADD COLUMN alert_id INTEGER REFERENCES alerts (id);
	CREATE INDEX emails_alert ON emails (alert_id, kind);
	DROP TRIGGER emails_one_owner_insert;
	DROP TRIGGER emails_one_owner_update;
	CREATE TRIGGER emails_one_owner_insert BEFORE INSERT ON emails
	WHEN (NEW.message_id IS NOT NULL) + (NEW.reservation_id IS NOT NULL)
		+ (NEW.staff_link_id IS NOT NULL) + (NEW.report_week_id IS NOT NULL)
		+ (NEW.alert_id IS NOT NULL) <> 1
	BEGIN
		SELECT RAISE(ABORT, 'CHECK constraint failed: an e-mail belongs to exactly one owner');
	END;
	CREATE TRIGGER emails_one_owner_update
	BEFORE UPDATE OF message_id, reservation_id, staff_link_id, report_week_id, alert_id ON emails
	WHEN (NEW.message_id IS NOT NULL) + (NEW.reservation_id IS NOT NULL)
		+ (NEW.staff_link_id IS NOT NULL) + (NEW.report_week_id IS NOT NULL)
		+ (NEW.alert_id IS NOT NULL) <> 1
	BEGIN
		SELECT RAISE(ABORT, 'CHECK constraint failed: an e-mail belongs to exactly one owner');
	END;`;

/**
 * `alert_rises`: a rise seen and not yet told in full. Seeing a rise writes this one row (the
 * figure, how many people it tells); the telling follows in small slices of their own, each
 * closing some requests and storing their notices, so the request that reported the movement
 * never waits for 500 people to be chosen. A row left by a stop is told at the next start.
 * `arrival_id` is the `alert_arrivals` row its first slice wrote, which the next ones add to.
 */
export const ALERT_RISES_MIGRATION = `CREATE TABLE alert_rises (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		shop_id TEXT NOT NULL,
		product_id TEXT NOT NULL,
		variant_id TEXT NOT NULL,
		available INTEGER NOT NULL CHECK (available > 0),
		remaining INTEGER NOT NULL CHECK (remaining > 0),
		arrival_id INTEGER REFERENCES alert_arrivals (id),
		at INTEGER NOT NULL
	);`;
