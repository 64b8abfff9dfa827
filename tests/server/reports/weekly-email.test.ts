import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../scripts/start-server.mjs';
import { createStaffMember } from '../../helpers/staff';
import { tempDatabase, type Cleanups } from '../helpers/contact';
import { seedMonth } from '../helpers/report';
import { QUICK_RETRIES, smtpFor, type TestSmtp } from '../helpers/smtp';

/**
 * The Monday e-mail on the built server, a real SQLite file and a real SMTP server: each shop's
 * address gets last week's summary and reorder list once per shop and week, across a restart
 * and across a Monday the server was down (sent when it is back). The server's clock for
 * l'andamento is REPORTS_NOW; each start is a new process on the same database.
 */
const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Waits until `done` holds, checking every 50 ms, for at most 20 s. */
async function until(done: () => boolean, what: string): Promise<void> {
	for (let waited = 0; waited < 20_000; waited += 50) {
		if (done()) return;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error(`Timed out waiting for ${what}.`);
}

/** The weeks queued, and the e-mails of them not yet sent. */
function weeks(dbPath: string): { weeks: string[]; unsent: number } {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		const rows = db
			.prepare('SELECT shop_id, week_start FROM report_weeks ORDER BY week_start, shop_id')
			.all() as { shop_id: string; week_start: string }[];
		const { unsent } = db
			.prepare(
				"SELECT COUNT(*) AS unsent FROM emails WHERE report_week_id IS NOT NULL AND status <> 'sent'",
			)
			.get() as { unsent: number };
		return { weeks: rows.map((row) => `${row.week_start} ${row.shop_id}`), unsent };
	} finally {
		db.close();
	}
}

describe('the Monday e-mail', () => {
	it('is sent once per shop and week, across a restart and a missed Monday', async () => {
		const smtp: TestSmtp = await smtpFor(cleanups);
		const db = tempDatabase();
		cleanups.push(db.remove);
		const start = async (now: string): Promise<RunningServer> => {
			const server = await startServer({
				env: {
					CONTACT_DB_PATH: db.dbPath,
					SMTP_HOST: '127.0.0.1',
					SMTP_PORT: String(smtp.port),
					SMTP_SECURE: 'false',
					SHOP_EMAIL: 'negozio@vigorsport.test',
					STOCK_SEED_CSV: '',
					REPORTS_NOW: now,
					...QUICK_RETRIES,
				},
			});
			return server;
		};
		const weekly = () => smtp.mails.filter((mail) => mail.subject.startsWith('Andamento'));

		// Wednesday 18 November: the first start sees no full week it was there for.
		let server = await start('2026-11-18T12:00:00Z');
		const member = createStaffMember(db.dbPath, {
			name: 'Giulia',
			shops: ['torino'],
		});
		seedMonth(db.dbPath, member.id);
		await server.stop();
		expect(weeks(db.dbPath).weeks).toEqual([]);

		// Tuesday 24 November, 08:00 in Rome: the week of 16–22 November goes to each shop.
		server = await start('2026-11-24T07:00:00Z');
		await until(() => weekly().length === 2, 'the two e-mails of the week of 16 November');
		await server.stop();
		const torino = weekly().find((mail) => mail.to.includes('torino@vigorsport.it'));
		expect(torino?.subject).toBe(
			'Andamento della settimana dal 16 al 22 novembre 2026 · Sede di Torino',
		);
		// R4, R5, R6 made; R6 collected; cancelled once by the customer, once by the shop.
		expect(torino?.text).toContain('Prenotazioni: 3\n');
		expect(torino?.text).toContain('Ritirate: 1\n');
		expect(torino?.text).toContain('Non ritirate: 0 (tasso di mancato ritiro 0 %)');
		expect(torino?.text).toContain('Annullate: 2 (1 dal cliente, 1 dal negozio)');
		expect(torino?.text).toContain('Tempo mediano fino a «Pronta»: 4 h');
		// Counter sales: BCAA 4, glutammina 3; one collection of 2.
		expect(torino?.text).toContain('Vendite al banco: 7 pezzi');
		expect(torino?.text).toContain('Ritiri di prenotazioni: 2 pezzi');
		expect(torino?.text).toContain('Nordika Nutrition (consegna in 7 giorni, copertura 14 giorni)');
		expect(torino?.text).toMatch(/BCAA.*: disponibili 14, da ordinare 9/);
		expect(torino?.text).toMatch(/Glutammina.*: disponibili 3, da ordinare 7/);
		expect(torino?.text).toContain('/gestione/andamento?negozio=torino&periodo=scorsa');

		// The same Tuesday again (a restart): its start-up check finds the week sent.
		server = await start('2026-11-24T09:00:00Z');
		const restarted = server;
		await until(
			() => restarted.output().includes('Andamento: the Monday e-mails are checked.'),
			'the start-up check',
		);
		expect(weeks(db.dbPath).weeks).toHaveLength(2);
		// Then a server down on Monday 30 November, back on Wednesday 2 December.
		await server.stop();
		server = await start('2026-12-02T09:00:00Z');
		await until(() => weekly().length === 4, 'the e-mails of the week of 23 November');
		await until(() => weeks(db.dbPath).unsent === 0, 'every weekly e-mail sent');
		await server.stop();
		expect(weeks(db.dbPath).weeks).toEqual([
			'2026-11-16 aosta',
			'2026-11-16 torino',
			'2026-11-23 aosta',
			'2026-11-23 torino',
		]);
		expect(weekly().map((mail) => mail.subject)).toEqual(
			expect.arrayContaining([
				'Andamento della settimana dal 23 al 29 novembre 2026 · Sede di Torino',
				'Andamento della settimana dal 23 al 29 novembre 2026 · Sede di Aosta',
			]),
		);
		expect(weekly()).toHaveLength(4);
	}, 120_000);
});
