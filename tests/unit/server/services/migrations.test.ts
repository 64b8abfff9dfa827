import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/server/services';

/**
 * The one list of migrations is append-only: a shop's database counts the ones it has applied
 * (SQLite's user_version), so a shipped entry that moved or changed would be skipped, or run
 * twice, on the next start. Each thing declares its own in its folder; this pins the order they
 * shipped in and the text of each, by its SHA-256. Every migration is pinned: a new one gets its
 * line here in the change that adds it, since from the first release it is shipped.
 */
const SHIPPED: readonly (readonly [thing: string, sha256: string])[] = [
	['messages', '4d8357e79399daaa'],
	['messages', '39bfe8683ea5d2a6'],
	['messages', '7dce9048a433f8b4'],
	['reservations', '8efdaf47eadc1941'],
	['core', '4fe6c8476750f5b8'],
	['core', 'e9804b9775ac839b'],
	['reservations', '615b0f9d257bf894'],
	['core', '8ef3e5d2bc7cf215'],
	['staff', 'ea4eb08a1df9487a'],
	['staff', '41417d5d0d83db2c'],
	['reservations', '80f3ac63d8ca2f7d'],
	['reservations', '765b71844baf2f4b'],
	['messages', '42e9f92e0c12317e'],
	['notifications', '4f82323c0dd6742b'],
	['stock', '9e88fa00f23fd972'],
	['notifications', '132c2fcbf301d95c'],
	['reports', '914f79010fa21faa'],
	['alerts', '193edf31779be86e'],
	['alerts', 'ba18090a27a744a8'],
];

const digest = (sql: string) => createHash('sha256').update(sql).digest('hex').slice(0, 16);

describe('the one list of migrations', () => {
	it('keeps every shipped migration at its place, with its text unchanged, and pins each one', () => {
		expect(MIGRATIONS.map(({ thing, sql }) => [thing, digest(sql)])).toEqual(SHIPPED);
	});

	it('never holds the same migration twice', () => {
		expect(new Set(MIGRATIONS.map(({ sql }) => sql)).size).toBe(MIGRATIONS.length);
	});

	it('names the thing each migration belongs to', () => {
		for (const { thing, sql } of MIGRATIONS) {
			expect(thing).toMatch(/^[a-z][a-z-]*$/);
			expect(sql.trim()).not.toBe('');
		}
	});
});
