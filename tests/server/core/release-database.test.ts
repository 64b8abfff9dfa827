import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { customerLinkPath } from '../../../src/lib/reservations/customer-link';
import { SubmissionStore } from '../../../src/server/core/store';
import { listMessages } from '../../../src/server/messages/store';
import { listReservations } from '../../../src/server/reservations/read-store';
import { MIGRATIONS, REGISTRY } from '../../../src/server/services';
import { StaffStore } from '../../../src/server/staff/store';
import { createStaffSession } from '../../helpers/staff';
import { tempDatabase, useSimulationServer } from '../helpers/contact';

/**
 * A copy of a database written by an earlier release (tests/fixtures/database/, made with that
 * release's own code) opens with today's: it upgrades to the newest schema, every row is still
 * there and read by today's stores, its schema is the one a new file gets, and the built server
 * on it answers the staff's page and the customer's link of a reservation it already held.
 */
const RELEASE = new URL('../../fixtures/database/release-2026-11-28.sql', import.meta.url);
const RELEASE_SCHEMA = 13;
/** The customer's link of the fixture's first reservation (only its hash is stored). */
const CUSTOMER_TOKEN = 'first-reservation-link-token-000';

const cleanups: (() => void)[] = [];
afterAll(() => {
	for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A new file holding the release's database, as the shop's server left it. */
function releaseCopy(): string {
	const temp = tempDatabase();
	cleanups.push(temp.remove);
	const db = new Database(temp.dbPath);
	db.exec(readFileSync(RELEASE, 'utf8'));
	db.close();
	return temp.dbPath;
}

/** Tables, indexes and triggers with their columns: what a schema is, whatever its history. */
function schemaOf(path: string): unknown {
	const db = new Database(path, { readonly: true });
	try {
		const objects = db
			.prepare(
				`SELECT type, name, tbl_name FROM sqlite_master
				WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`,
			)
			.all() as { type: string; name: string }[];
		return objects.map((object) => ({
			...object,
			columns:
				object.type === 'table'
					? db.pragma(`table_info("${object.name}")`)
					: object.type === 'index'
						? db.pragma(`index_info("${object.name}")`)
						: null,
		}));
	} finally {
		db.close();
	}
}

describe('a database written by the release of 28 November 2026', () => {
	it('opens with today’s code, upgraded, with every row read as it was written', () => {
		const path = releaseCopy();
		const before = new Database(path, { readonly: true });
		expect(before.pragma('user_version', { simple: true })).toBe(RELEASE_SCHEMA);
		before.close();

		const store = SubmissionStore.open(path, REGISTRY, { create: false });
		cleanups.push(() => store.close());
		expect(store.schemaVersion).toBe(MIGRATIONS.length);
		const [message] = listMessages(store.db);
		expect(message).toMatchObject({
			name: 'Anna Bianchi',
			clientAddress: '203.0.113.7',
			emails: [
				{ kind: 'admin', status: 'sent' },
				{ kind: 'confirmation', status: 'failed', lastError: 'Connessione rifiutata' },
			],
		});
		const reservations = listReservations(store.db);
		expect(reservations.map(({ code, name }) => [code, name])).toEqual([
			['XYZ789', 'Luca Verdi'],
			['ABC234', 'Mario Rossi'],
		]);
		expect(reservations[1]?.lines.map((line) => line.quantity)).toEqual([2, 1]);
		const states = store.db.prepare('SELECT code, status, version FROM reservations ORDER BY id');
		expect(states.all()).toEqual([
			{ code: 'ABC234', status: 'ready', version: 2 },
			{ code: 'XYZ789', status: 'cancelled', version: 2 },
		]);

		const staff = StaffStore.open(path, REGISTRY, { create: false });
		cleanups.push(() => staff.close());
		expect(staff.activeByEmail('giulia@vigorsport.test')).toMatchObject({
			name: 'Giulia Rossi',
			shops: ['torino'],
		});
	});

	it('has, once upgraded, the schema a new database gets', () => {
		const upgraded = releaseCopy();
		SubmissionStore.open(upgraded, REGISTRY, { create: false }).close();
		const fresh = tempDatabase();
		cleanups.push(fresh.remove);
		SubmissionStore.open(fresh.dbPath, REGISTRY).close();
		expect(schemaOf(upgraded)).toEqual(schemaOf(fresh.dbPath));
	});
});

describe('the server on that database', () => {
	const dbPath = releaseCopy();
	const server = useSimulationServer({ CONTACT_DB_PATH: dbPath });

	it('shows a reservation it held to the staff of its shop, with its history', async () => {
		const { cookie } = createStaffSession(dbPath, { email: 'giulia@vigorsport.test' });
		const answer = await fetch(`${server.url}/gestione/prenotazioni/1`, {
			headers: { Cookie: cookie },
		});
		expect(answer.status).toBe(200);
		const page = await answer.text();
		expect(page).toContain('ABC234');
		expect(page).toContain('Mario Rossi');
		expect(page).toMatch(/Giulia Rossi:\s*Da preparare → <strong>Pronta per il ritiro<\/strong>/);
	});

	it('opens the customer’s link it sent', async () => {
		const answer = await fetch(`${server.url}${customerLinkPath(CUSTOMER_TOKEN)}`);
		expect(answer.status).toBe(200);
		expect(await answer.text()).toContain('ABC234');
	});
});
