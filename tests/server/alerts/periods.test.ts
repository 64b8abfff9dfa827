import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/core/store';
import { MIGRATIONS } from '../../../src/server/services';
import { alertsOfAddress, eraseAddress, waitingCounts } from '../../../src/server/alerts/reads';
import {
	applyAlertPeriods,
	noteRise,
	tellSlice,
	watchedKeys,
	watchKey,
} from '../../../src/server/alerts/rises';
import { askAlert, confirmAlert, stopAlert, type NewAlert } from '../../../src/server/alerts/store';
import { hashAlertToken } from '../../../src/server/alerts/token';
import { AlertsCliError, runAlertsCommand } from '../../../src/server/alerts/cli';
import { runAlertsCommand as runBuiltAlertsCommand } from '../../../src/server/script-exports';

/**
 * The requests' store on a real SQLite file with every migration, at chosen times: asking again
 * refreshes (never duplicates), 'Non mi interessa più' closes and forgets at once, and the
 * periods of the privacy policy (48 hours unconfirmed, 90 days waiting, the address 7 days
 * after closing) hold.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 2, 9);

let dir: string;
let db: Database.Database;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-alerts-'));
	db = openDatabase(join(dir, 'alerts.sqlite'), MIGRATIONS);
});

afterEach(() => {
	db.close();
	rmSync(dir, { recursive: true, force: true });
});

const REQUEST: NewAlert = {
	email: 'lucia@example.it',
	productId: 'whey-concentrate-80',
	variantId: 'cioccolato-900-g',
	shopId: 'torino',
	productName: 'Whey 80 Concentrate',
	variantLabel: 'Cioccolato – 900 g',
	productPath: '/prodotti/proteine/whey-concentrate-80',
	shopName: 'Sede di Torino',
	clientAddress: '203.0.113.7',
};

function ask(at: number, request: Partial<NewAlert> = {}) {
	return askAlert(
		db,
		{ ...REQUEST, ...request },
		{
			now: at,
			claimedBy: 'test',
			sendsEmail: true,
			confirmationsPerDay: 100,
		},
	);
}

/** Gives the request the link token `token`, as the outbox's attempt does. */
function linkOf(id: number, token: string): string {
	db.prepare('UPDATE alerts SET token_hash = ? WHERE id = ?').run(hashAlertToken(token), id);
	return hashAlertToken(token);
}

const row = (id: number) =>
	db.prepare('SELECT status, email, expires_at, confirmed_at FROM alerts WHERE id = ?').get(id) as
		| {
				status: string;
				email: string | null;
				expires_at: number | null;
				confirmed_at: number | null;
		  }
		| undefined;

/** A rise seen at `at` to `available` pieces, noted and told in full, as the service does. */
function tellAt(at: number, available: number): { told: number } {
	noteRise(
		db,
		{ shopId: 'torino', productId: REQUEST.productId, variantId: REQUEST.variantId },
		{ now: at, rate: 1, available: () => available },
	);
	let told = 0;
	for (;;) {
		const slice = tellSlice(db, { now: at, size: 20, shopName: () => 'Sede di Torino' });
		if (slice === null) return { told };
		told += slice;
	}
}

describe('asking again', () => {
	it('refreshes the open request of the same address, variant and shop, never a second one', () => {
		const first = ask(T0);
		const again = ask(T0 + HOUR, { email: 'LUCIA@example.it' });
		expect(again.id).toBe(first.id);
		expect(db.prepare('SELECT COUNT(*) AS n FROM alerts').get()).toEqual({ n: 1 });
		// Another shop is another request.
		expect(ask(T0, { shopId: 'aosta', shopName: 'Sede di Aosta' }).id).not.toBe(first.id);

		// Confirmed, then asked again 80 days later: it keeps its place and gets 90 more days.
		const hash = linkOf(first.id, 'a'.repeat(32));
		confirmAlert(db, hash, T0 + 2 * HOUR, ['torino', 'aosta'], () => 0);
		ask(T0 + 80 * DAY);
		expect(row(first.id)).toMatchObject({
			status: 'waiting',
			confirmed_at: T0 + 2 * HOUR,
			expires_at: T0 + 170 * DAY,
		});
		applyAlertPeriods(db, T0 + 100 * DAY);
		expect(row(first.id)?.status).toBe('waiting');
	});
});

describe('the periods of the privacy policy', () => {
	it('deletes an unconfirmed request after 48 hours, with its e-mails', () => {
		const { id } = ask(T0);
		applyAlertPeriods(db, T0 + 47 * HOUR);
		expect(row(id)?.status).toBe('unconfirmed');
		db.prepare(`UPDATE emails SET status = 'sent' WHERE alert_id = ?`).run(id);
		applyAlertPeriods(db, T0 + 49 * HOUR);
		expect(row(id)).toBeUndefined();
		expect(db.prepare('SELECT COUNT(*) AS n FROM emails WHERE alert_id = ?').get(id)).toEqual({
			n: 0,
		});
	});

	it('expires a waiting request after 90 days and drops its address 7 days later', () => {
		const { id } = ask(T0);
		confirmAlert(db, linkOf(id, 'b'.repeat(32)), T0, ['torino'], () => 0);
		applyAlertPeriods(db, T0 + 89 * DAY);
		expect(row(id)?.status).toBe('waiting');
		applyAlertPeriods(db, T0 + 91 * DAY);
		expect(row(id)).toMatchObject({ status: 'expired', email: 'lucia@example.it' });
		// An expired request is never told.
		expect(tellAt(T0 + 92 * DAY, 3).told).toBe(0);
		applyAlertPeriods(db, T0 + 99 * DAY);
		expect(row(id)).toMatchObject({ status: 'expired', email: null });
		const recipients = db.prepare('SELECT recipient FROM emails WHERE alert_id = ?').all(id) as {
			recipient: string;
		}[];
		expect(recipients.every((email) => email.recipient === '')).toBe(true);
	});

	it('drops the address of a told request 7 days after it was told', () => {
		const { id } = ask(T0);
		confirmAlert(db, linkOf(id, 'c'.repeat(32)), T0, ['torino'], () => 0);
		expect(tellAt(T0 + DAY, 1).told).toBe(1);
		expect(row(id)?.status).toBe('told');
		applyAlertPeriods(db, T0 + 7 * DAY);
		expect(row(id)?.email).toBe('lucia@example.it');
		applyAlertPeriods(db, T0 + 9 * DAY);
		expect(row(id)?.email).toBeNull();
	});
});

describe('a rise told in slices', () => {
	it('notes one row, then tells the oldest in slices, each once, and counts them on one arrival', () => {
		const ids = Array.from({ length: 50 }, (_, n) => {
			const { id } = ask(T0 + n, { email: `persona${n}@example.it` });
			confirmAlert(db, linkOf(id, `${n}`.padStart(32, 'f')), T0 + n, ['torino'], () => 0);
			return id;
		});
		const ref = { shopId: 'torino', productId: REQUEST.productId, variantId: REQUEST.variantId };
		// Noting the rise tells nobody yet: one row, whatever the number waiting.
		expect(noteRise(db, ref, { now: T0 + DAY, rate: 1, available: () => 45 })).toEqual({
			available: 45,
			toTell: 45,
		});
		expect(db.prepare(`SELECT COUNT(*) AS n FROM alerts WHERE status = 'told'`).get()).toEqual({
			n: 0,
		});
		// The same figure seen again (the loop's pass) notes nothing more.
		expect(noteRise(db, ref, { now: T0 + DAY, rate: 1, available: () => 45 }).toTell).toBe(0);
		const slice = () => tellSlice(db, { now: T0 + DAY, size: 20, shopName: () => 'Torino' });
		expect([slice(), slice(), slice(), slice()]).toEqual([20, 20, 5, null]);
		const told = db
			.prepare(`SELECT id FROM alerts WHERE status = 'told' ORDER BY confirmed_at, id`)
			.all() as { id: number }[];
		expect(told.map((alert) => alert.id)).toEqual(ids.slice(0, 45));
		expect(db.prepare(`SELECT COUNT(*) AS n FROM emails WHERE kind = 'notice'`).get()).toEqual({
			n: 45,
		});
		expect(db.prepare('SELECT available, told FROM alert_arrivals').all()).toEqual([
			{ available: 45, told: 45 },
		]);
		// A rise larger than the queue ends when nobody waits any more.
		expect(noteRise(db, ref, { now: T0 + 2 * DAY, rate: 1, available: () => 75 }).toTell).toBe(30);
		expect([slice(), slice()]).toEqual([5, null]);
	});
});

describe('a rise nobody waits for', () => {
	it('costs one look-up: the pieces of a variant nobody watches are never counted', () => {
		const watched = {
			shopId: 'torino',
			productId: REQUEST.productId,
			variantId: REQUEST.variantId,
		};
		const other = { ...watched, variantId: 'vaniglia-900-g' };
		const { id } = ask(T0);
		confirmAlert(db, linkOf(id, 'f'.repeat(32)), T0, ['torino'], () => 0);
		expect([...watchedKeys(db)]).toEqual([watchKey(watched)]);
		// A count of thousands of rows reports every variant it touched: those nobody watches
		// must not count their pieces (a read of the whole shop's holds each).
		const counted: string[] = [];
		const available = (ref: typeof watched, pieces: number) => () => {
			counted.push(ref.variantId);
			return pieces;
		};
		const options = { now: T0 + HOUR, rate: 1 };
		expect(noteRise(db, other, { ...options, available: available(other, 5) })).toEqual({
			available: null,
			toTell: 0,
		});
		expect(noteRise(db, watched, { ...options, available: available(watched, 1) }).toTell).toBe(1);
		expect(counted).toEqual([watched.variantId]);
	});
});

describe('Non mi interessa più, access and erasure', () => {
	it('closes a waiting request at once, forgets the address, and tells it nothing', () => {
		const { id } = ask(T0);
		const hash = linkOf(id, 'd'.repeat(32));
		confirmAlert(db, hash, T0, ['torino'], () => 0);
		expect(stopAlert(db, hash, T0 + HOUR)?.status).toBe('stopped');
		expect(row(id)).toMatchObject({ status: 'stopped', email: null });
		expect(tellAt(T0 + DAY, 2).told).toBe(0);
		// The link opens nothing any more.
		expect(stopAlert(db, hash, T0 + 2 * HOUR)).toBeNull();
	});

	it("lists and deletes one address's requests, and counts only waiting ones for staff", () => {
		const one = ask(T0);
		ask(T0, { shopId: null, shopName: null });
		ask(T0, { email: 'altro@example.it' });
		confirmAlert(db, linkOf(one.id, 'e'.repeat(32)), T0, ['torino'], () => 0);
		expect(alertsOfAddress(db, 'Lucia@Example.it').map((alert) => alert.shopName)).toEqual([
			'Sede di Torino',
			null,
		]);
		expect(waitingCounts(db).get(`${REQUEST.productId}\n${REQUEST.variantId}`)).toEqual(
			new Map([['torino', 1]]),
		);
		expect(eraseAddress(db, 'lucia@example.it')).toBe(2);
		expect(alertsOfAddress(db, 'lucia@example.it')).toEqual([]);
		expect(alertsOfAddress(db, 'altro@example.it')).toHaveLength(1);
	});
});

describe('npm run avvisi', () => {
	it('says in Italian that the database does not exist, rather than failing with a stack', () => {
		const missing = join(dir, 'nessuno.sqlite');
		const run = () =>
			runBuiltAlertsCommand(['elenca', 'lucia@example.it'], {
				env: { CONTACT_DB_PATH: missing },
				root: dir,
			});
		expect(run).toThrow(AlertsCliError);
		expect(run).toThrow(`Il database ${missing} non esiste: controlla CONTACT_DB_PATH.`);
	});

	it("lists one address's requests in Italian, then deletes them", () => {
		ask(T0);
		ask(T0, { shopId: null, shopName: null });
		const listed = runAlertsCommand(db, ['elenca', 'lucia@example.it']);
		expect(listed).toContain('Richieste di avviso di lucia@example.it:');
		expect(listed).toContain(
			'Whey 80 Concentrate – Cioccolato – 900 g · Sede di Torino · da confermare',
		);
		expect(listed).toContain('qualsiasi negozio');
		expect(runAlertsCommand(db, ['cancella', 'lucia@example.it'])).toBe(
			'Cancellate 2 richieste di lucia@example.it.',
		);
		expect(runAlertsCommand(db, ['elenca', 'lucia@example.it'])).toBe(
			'Nessuna richiesta di avviso per lucia@example.it.',
		);
		expect(() => runAlertsCommand(db, ['elenca', 'non-un-indirizzo'])).toThrow(AlertsCliError);
	});
});
