/**
 * The tables of Web Push to staff devices, appended to the one list of migrations
 * (src/server/services/registry.ts). Never edit this text once shipped: append a migration.
 *
 * - `push_subscriptions`: one row per device (its push service's endpoint, unique), with the
 *   keys that encrypt for it, the member who turned it on and the session they were signed in
 *   with. The row goes with that session (ON DELETE CASCADE): 'Esci', disabling the member
 *   (which deletes their sessions) and an ended session delete it in the same statement, so in
 *   the same transaction. `vapid_key` is the server's public key the device subscribed with: a
 *   device subscribed under another key (the key file lost) gets nothing until it subscribes anew.
 * - `push_deliveries`: the pushes' table of the one outbox (src/server/core/outbox-queue.ts), one
 *   row per device and reservation, stored in the reservation's transaction. Gone with its
 *   device or its reservation.
 */
export const PUSH_MIGRATION = `CREATE TABLE push_subscriptions (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		endpoint TEXT NOT NULL UNIQUE,
		p256dh TEXT NOT NULL,
		auth TEXT NOT NULL,
		vapid_key TEXT NOT NULL,
		staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
		session_hash TEXT NOT NULL REFERENCES staff_sessions (token_hash) ON DELETE CASCADE,
		created_at INTEGER NOT NULL
	);
	CREATE INDEX push_subscriptions_staff ON push_subscriptions (staff_id);
	CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);
	CREATE TABLE push_deliveries (
		id INTEGER PRIMARY KEY AUTOINCREMENT,
		subscription_id INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
		reservation_id INTEGER NOT NULL REFERENCES reservations (id) ON DELETE CASCADE,
		status TEXT NOT NULL
			CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'interrupted')),
		attempts INTEGER NOT NULL DEFAULT 0,
		next_attempt_at INTEGER NOT NULL,
		claimed_at INTEGER,
		claimed_by TEXT,
		sent_at INTEGER,
		last_error TEXT,
		created_at INTEGER NOT NULL,
		UNIQUE (subscription_id, reservation_id)
	);
	CREATE INDEX push_deliveries_due ON push_deliveries (status, next_attempt_at);
	CREATE INDEX push_deliveries_reservation ON push_deliveries (reservation_id);`;

/**
 * Migration 16: pushes join the one outbox (src/server/core/channels.ts), with its rule for a
 * stop: `started_at` marks the request about to go out, so a push claimed by a stopped process is
 * sent again when its request never left, and 'interrupted' when it may have. A push left
 * 'sending' by a release before this one has no such mark: it counts as started (at most once).
 * Queued pushes are kept as they are.
 */
export const PUSH_OUTBOX_STARTED = `ALTER TABLE push_deliveries ADD COLUMN started_at INTEGER;
	UPDATE push_deliveries SET started_at = COALESCE(claimed_at, created_at)
	WHERE status = 'sending';`;
