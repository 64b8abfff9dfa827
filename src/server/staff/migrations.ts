/**
 * The staff area's tables, appended to the one list of migrations (src/server/core/schema.ts):
 * staff members, their passkeys, one-time links, sessions and pending WebAuthn challenges. Tokens
 * are stored only as their SHA-256 (rules.ts); times are milliseconds since 1970 (UTC), so the
 * expiry rules compare numbers. Never edit this text once shipped: append a migration.
 */
export const STAFF_MIGRATION = `CREATE TABLE staff (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		name TEXT NOT NULL,
		email TEXT NOT NULL,
		shops TEXT NOT NULL,
		created_at INTEGER NOT NULL,
		disabled_at INTEGER,
		webauthn_user_id TEXT NOT NULL
	);
	CREATE UNIQUE INDEX staff_email ON staff (email COLLATE NOCASE);
	CREATE TABLE staff_passkeys (
		id TEXT PRIMARY KEY,
		staff_id INTEGER NOT NULL REFERENCES staff (id),
		public_key BLOB NOT NULL,
		counter INTEGER NOT NULL,
		transports TEXT,
		created_at INTEGER NOT NULL,
		last_used_at INTEGER
	);
	CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);
	CREATE TABLE staff_links (
		token_hash TEXT PRIMARY KEY,
		staff_id INTEGER NOT NULL REFERENCES staff (id),
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL,
		used_at INTEGER
	);
	CREATE INDEX staff_links_staff ON staff_links (staff_id);
	CREATE TABLE staff_sessions (
		token_hash TEXT PRIMARY KEY,
		staff_id INTEGER NOT NULL REFERENCES staff (id),
		created_at INTEGER NOT NULL,
		last_used_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL
	);
	CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
	CREATE TABLE staff_challenges (
		challenge TEXT PRIMARY KEY,
		purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in')),
		link_hash TEXT,
		expires_at INTEGER NOT NULL
	);`;

/**
 * The one-time links sent by e-mail through the outbox: each e-mailed link is a row here, the
 * owner of its e-mail (the outbox's `staff_link_id`), with the site's address to put in it. The
 * token is no column: it is derived from the row's id with the server's key (link-mail.ts), so
 * the outbox can send it again after a failure while the database still holds only its hash.
 * The outbox's "exactly one owner" triggers are made again with the new column.
 */
export const STAFF_LINK_EMAIL_MIGRATION = `CREATE TABLE staff_link_emails (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		staff_id INTEGER NOT NULL REFERENCES staff (id),
		origin TEXT NOT NULL,
		created_at INTEGER NOT NULL,
		expires_at INTEGER NOT NULL
	);
	ALTER TABLE emails ADD COLUMN staff_link_id INTEGER REFERENCES staff_link_emails (id);
	CREATE UNIQUE INDEX emails_staff_link ON emails (staff_link_id, kind);
	DROP TRIGGER emails_one_owner_insert;
	DROP TRIGGER emails_one_owner_update;
	CREATE TRIGGER emails_one_owner_insert BEFORE INSERT ON emails
	WHEN (NEW.message_id IS NOT NULL) + (NEW.reservation_id IS NOT NULL)
		+ (NEW.staff_link_id IS NOT NULL) <> 1
	BEGIN
		SELECT RAISE(ABORT, 'CHECK constraint failed: an e-mail belongs to exactly one owner');
	END;
	CREATE TRIGGER emails_one_owner_update
	BEFORE UPDATE OF message_id, reservation_id, staff_link_id ON emails
	WHEN (NEW.message_id IS NOT NULL) + (NEW.reservation_id IS NOT NULL)
		+ (NEW.staff_link_id IS NOT NULL) <> 1
	BEGIN
		SELECT RAISE(ABORT, 'CHECK constraint failed: an e-mail belongs to exactly one owner');
	END;`;
