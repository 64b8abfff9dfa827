/**
 * What the one database holds, listed once: the kinds of submission (and other owners of
 * e-mails) the outbox meets, and the one ordered list of migrations. Each thing declares its
 * own in its folder and exports them through its face; this list puts them in the order they
 * shipped. The core is handed it (core/schema.ts, `Registry`) and never imports a thing.
 *
 * The migrations are append-only: their count is the schema version SQLite keeps in
 * `user_version`, so a database written by an earlier release opens and upgrades. A new one
 * goes at the end, whichever thing it belongs to; never move or edit a shipped entry
 * (tests/unit/server/services/migrations.test.ts pins them).
 */
import type { Migration, Registry } from '../core/schema';
import type { SubmissionKind } from '../core/kind';
import { OUTBOX_DATA_STARTED, OUTBOX_EVERY_OWNER, SENDER_ADDRESS } from '../core/migrations';
import {
	MESSAGES,
	MESSAGES_HANDLED,
	MESSAGES_SENDER_INDEX,
	MESSAGES_SUBMISSION_KEY,
	MESSAGES_TABLE,
} from '../messages';
import {
	RESERVATION_STATES,
	RESERVATIONS,
	RESERVATIONS_CUSTOMER_LINK,
	RESERVATIONS_HELD_STOCK,
	RESERVATIONS_TABLES,
} from '../reservations';
import { PUSH_MIGRATION, PUSH_OUTBOX_STARTED } from '../notifications';
import { STAFF_LINK_EMAIL_MIGRATION, STAFF_LINKS, STAFF_MIGRATION } from '../staff';
import { STOCK_MIGRATION } from '../stock';
import { REPORT_MIGRATION, REPORT_WEEKS } from '../reports';
import { ALERT_RISES_MIGRATION, ALERTS, ALERTS_MIGRATION } from '../alerts';

/** Every kind, in the order the reports and the outbox meet them. */
export const KINDS: readonly SubmissionKind[] = [
	MESSAGES,
	RESERVATIONS,
	STAFF_LINKS,
	REPORT_WEEKS,
	ALERTS,
];

/** The one list of migrations, in the order they shipped: append, never edit. */
export const MIGRATIONS: readonly Migration[] = [
	{ thing: 'messages', sql: MESSAGES_TABLE }, // 1
	{ thing: 'messages', sql: MESSAGES_SENDER_INDEX }, // 2
	{ thing: 'messages', sql: MESSAGES_SUBMISSION_KEY }, // 3
	{ thing: 'reservations', sql: RESERVATIONS_TABLES }, // 4
	{ thing: 'core', sql: OUTBOX_DATA_STARTED }, // 5
	{ thing: 'core', sql: SENDER_ADDRESS }, // 6
	{ thing: 'reservations', sql: RESERVATIONS_HELD_STOCK }, // 7
	{ thing: 'core', sql: OUTBOX_EVERY_OWNER }, // 8
	{ thing: 'staff', sql: STAFF_MIGRATION }, // 9
	{ thing: 'staff', sql: STAFF_LINK_EMAIL_MIGRATION }, // 10
	{ thing: 'reservations', sql: RESERVATION_STATES }, // 11
	{ thing: 'reservations', sql: RESERVATIONS_CUSTOMER_LINK }, // 12
	{ thing: 'messages', sql: MESSAGES_HANDLED }, // 13
	{ thing: 'notifications', sql: PUSH_MIGRATION }, // 14
	{ thing: 'stock', sql: STOCK_MIGRATION }, // 15
	{ thing: 'notifications', sql: PUSH_OUTBOX_STARTED }, // 16
	{ thing: 'reports', sql: REPORT_MIGRATION }, // 17
	{ thing: 'alerts', sql: ALERTS_MIGRATION }, // 18
	{ thing: 'alerts', sql: ALERT_RISES_MIGRATION }, // 19
];

/** What the database is opened with, by the server, the scripts and the tests. */
export const REGISTRY: Registry = { kinds: KINDS, migrations: MIGRATIONS };
