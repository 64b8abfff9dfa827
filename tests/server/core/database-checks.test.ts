import { ALERT_STATUSES } from '../../../src/lib/alerts/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { RESERVATION_LIFE, RESERVATION_STATUSES } from '../../../src/lib/reservations/status';
import { STOCK_REASON_IDS, type StockActor } from '../../../src/lib/stock/ledger';
import type { Delivery, EmailState } from '../../../src/server/core/schema';
import { openDatabase } from '../../../src/server/core/store';
import { MIGRATIONS } from '../../../src/server/services';
import type { StaffStore } from '../../../src/server/staff/store';
import { tempDatabase } from '../helpers/contact';

/**
 * The database and the code agree on every enumerated column: each `CHECK (column IN (…))` of
 * a freshly migrated database lists exactly the values of the TypeScript table the code keeps
 * for it. A state or reason added to the code without its migration would compile, pass every
 * other test and fail only when the first row of it is written; here it fails naming the value.
 */

/** The values of a union type, as a list the compiler holds to the type (no value missing or extra). */
function valuesOf<T extends string>(values: Record<T, true>): readonly string[] {
	return Object.keys(values);
}

/** 0 or 1: SQLite has no booleans. */
const FLAG = [0, 1] as const;

const DELIVERIES = valuesOf<Delivery>({ smtp: true, simulation: true, none: true });
const EMAIL_STATES = valuesOf<EmailState>({
	pending: true,
	sending: true,
	sent: true,
	failed: true,
	interrupted: true,
});
const STOCK_ACTORS = valuesOf<StockActor>({ staff: true, reservation: true, system: true });
const CHALLENGE_PURPOSES = valuesOf<Parameters<StaffStore['saveChallenge']>[1]>({
	register: true,
	'sign-in': true,
});

/**
 * Each enumerated column of the schema (`table.column`) and the code's values for it. A column
 * with a CHECK list that is missing here fails the test too: every list has its table in code.
 */
const CODE_VALUES: Readonly<Record<string, readonly (string | number)[]>> = {
	'messages.privacy_accepted': FLAG,
	'messages.spam': FLAG,
	'messages.delivery': DELIVERIES,
	'messages.confirmation_withheld': FLAG,
	'reservations.privacy_accepted': FLAG,
	'reservations.spam': FLAG,
	'reservations.delivery': DELIVERIES,
	'reservations.status': RESERVATION_STATUSES,
	'reservations.confirmation_withheld': FLAG,
	'reservation_events.actor': Object.keys(RESERVATION_LIFE.held.moves),
	'emails.status': EMAIL_STATES,
	'push_deliveries.status': EMAIL_STATES,
	'stock_movements.reason': STOCK_REASON_IDS,
	'stock_movements.actor': STOCK_ACTORS,
	'staff_challenges.purpose': CHALLENGE_PURPOSES,
	'alerts.status': ALERT_STATUSES,
};

/** `CHECK (column IN ('a', 'b', 1))` of a CREATE TABLE statement: column → its values. */
function checkLists(createSql: string): Map<string, (string | number)[]> {
	const lists = new Map<string, (string | number)[]>();
	for (const [, column = '', values = ''] of createSql.matchAll(
		/CHECK\s*\(\s*(\w+)\s+IN\s*\(([^)]*)\)\s*\)/gi,
	)) {
		lists.set(
			column,
			values.split(',').map((raw) => {
				const value = raw.trim();
				return value.startsWith("'") ? value.slice(1, -1).replaceAll("''", "'") : Number(value);
			}),
		);
	}
	return lists;
}

describe('the CHECK lists of a freshly migrated database', () => {
	const { dbPath, remove } = tempDatabase();
	const db = openDatabase(dbPath, MIGRATIONS);
	afterAll(() => {
		db.close();
		remove();
	});

	const tables = db
		.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL`)
		.all() as { name: string; sql: string }[];
	const schema = new Map<string, (string | number)[]>();
	for (const { name, sql } of tables) {
		for (const [column, values] of checkLists(sql)) schema.set(`${name}.${column}`, values);
	}

	it('finds the enumerated columns (the parser reads the schema)', () => {
		expect(schema.get('reservations.status')).toContain('held');
		expect(schema.get('stock_movements.reason')).toContain('arrival');
	});

	it('has a table in code for every enumerated column, and a column for every table', () => {
		expect([...schema.keys()].sort()).toEqual(Object.keys(CODE_VALUES).sort());
	});

	it.each(Object.entries(CODE_VALUES))('%s lists exactly the values of the code', (key, code) => {
		const stored = schema.get(key) ?? [];
		expect({
			column: key,
			missingFromTheMigrations: code.filter((value) => !stored.includes(value)),
			unknownToTheCode: stored.filter((value) => !code.includes(value)),
		}).toEqual({ column: key, missingFromTheMigrations: [], unknownToTheCode: [] });
	});
});
