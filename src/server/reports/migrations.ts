/**
 * L'andamento's tables and the indexes its reads use, one migration appended at the end of the
 * one list (src/server/services/registry.ts). Never edit this text once shipped: append one.
 *
 * - The indexes let a period's figures be read by time without a scan of two years of movements
 *   (stock_movements by shop and time, with every column the sums read, so the table itself is
 *   never visited), of reservations (by shop and creation) and of their events (by time): the
 *   reads are the ledger's and the reservations' own (their report-reads.ts), the indexes are
 *   here because only l'andamento reads by time.
 * - `report_brand_settings`: per brand (the supplier), the lead time and the days to cover the
 *   reorder list works with; a brand without a row gets the defaults (7 and 14 days).
 * - `report_weeks`: one row per shop and week whose Monday e-mail was queued, with the e-mail's
 *   subject and text as they were worked out then (a retry sends the same figures). The unique
 *   (shop, week) is what makes the e-mail go once: the row and its outbox row are inserted in
 *   one transaction, so a restart, two passes at once or a server down on Monday can neither
 *   skip nor repeat it. It owns its e-mail in the outbox (`report_week_id`); the outbox's
 *   "exactly one owner" triggers are made again with the new column.
 * - `report_started`: when the first check of the Monday e-mail ran on this database. A week
 *   that ended before it is never mailed: a new database (or one upgraded to this release)
 *   has nothing to say of a week it did not see, and a test server never mails the shops.
 */
export const REPORT_MIGRATION = `CREATE INDEX stock_movements_shop_time ON stock_movements (shop_id, at, product_id,
		variant_id, reason, change, on_hand_after);
	CREATE INDEX reservations_shop_created ON reservations (shop_id, created_at);
	CREATE INDEX reservation_events_time ON reservation_events (at);
	CREATE TABLE report_brand_settings (
		brand TEXT PRIMARY KEY,
		lead_days INTEGER NOT NULL CHECK (lead_days BETWEEN 0 AND 365),
		cover_days INTEGER NOT NULL CHECK (cover_days BETWEEN 0 AND 365),
		updated_at TEXT NOT NULL,
		staff_id INTEGER,
		staff_name TEXT
	);
	CREATE TABLE report_weeks (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		shop_id TEXT NOT NULL,
		week_start TEXT NOT NULL,
		recipient TEXT NOT NULL,
		subject TEXT NOT NULL,
		body TEXT NOT NULL,
		created_at TEXT NOT NULL,
		UNIQUE (shop_id, week_start)
	);
	CREATE TABLE report_started (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		at TEXT NOT NULL
	);
	ALTER TABLE emails ADD COLUMN report_week_id INTEGER REFERENCES report_weeks (id);
	CREATE UNIQUE INDEX emails_report_week ON emails (report_week_id, kind);
	DROP TRIGGER emails_one_owner_insert;
	DROP TRIGGER emails_one_owner_update;
	CREATE TRIGGER emails_one_owner_insert BEFORE INSERT ON emails
	WHEN (NEW.message_id IS NOT NULL) + (NEW.reservation_id IS NOT NULL)
		+ (NEW.staff_link_id IS NOT NULL) + (NEW.report_week_id IS NOT NULL) <> 1
	BEGIN
		SELECT RAISE(ABORT, 'CHECK constraint failed: an e-mail belongs to exactly one owner');
	END;
	CREATE TRIGGER emails_one_owner_update
	BEFORE UPDATE OF message_id, reservation_id, staff_link_id, report_week_id ON emails
	WHEN (NEW.message_id IS NOT NULL) + (NEW.reservation_id IS NOT NULL)
		+ (NEW.staff_link_id IS NOT NULL) + (NEW.report_week_id IS NOT NULL) <> 1
	BEGIN
		SELECT RAISE(ABORT, 'CHECK constraint failed: an e-mail belongs to exactly one owner');
	END;`;
