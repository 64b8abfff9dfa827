/**
 * The staff area's tables, appended to the one list of migrations (submissions/schema.ts):
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
