/**
 * The core's own tables, as migrations of the one database: the outbox's and the health probe's,
 * and the columns every kind of submission shares. Each is appended to the one ordered list
 * (src/server/services/registry.ts) at the place it took when it shipped. Never edit a shipped
 * text: append a new migration.
 */

/**
 * Migration 5: Operations: when the DATA command of an e-mail's current attempt went out (NULL
 * before that), so that a row left 'sending' by a stop or a crash is retried when the mail server
 * cannot have taken it, and shown as 'esito incerto' when it may have; and the one row the health
 * check rewrites to prove that the database takes commits.
 */
export const OUTBOX_DATA_STARTED = `ALTER TABLE emails ADD COLUMN data_started_at INTEGER;
	CREATE TABLE health_probe (
		id INTEGER PRIMARY KEY CHECK (id = 1),
		checked_at INTEGER NOT NULL
	);`;

/**
 * Migration 6: The sender's address (the visitor's, also behind the CDN), for abuse reports.
 */
export const SENDER_ADDRESS = `ALTER TABLE messages ADD COLUMN client_address TEXT;
	ALTER TABLE reservations ADD COLUMN client_address TEXT;`;

/**
 * Migration 8: The outbox opened to every kind of owner and e-mail (src/server/core/kind.ts): the
 * kind is whatever its owner declares; each e-mail keeps when it was stored, so the daily cap of
 * confirmations and the health check's overdue count need no owner's table; and "one e-mail of a
 * kind per owner" and "exactly one owner" become an index per owner column and a pair of triggers,
 * which a later owner's migration extends (ADD COLUMN, its own index, the triggers dropped and made
 * again with its column) without rebuilding the table. Rebuilt now, as SQLite cannot drop a CHECK:
 * ids and states kept.
 */
export const OUTBOX_EVERY_OWNER = `CREATE TABLE emails_new (
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
	END;`;
