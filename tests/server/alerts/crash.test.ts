import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../scripts/start-server.mjs';
import { createStaffSession } from '../../helpers/staff';
import { tempDatabase } from '../helpers/contact';
import {
	askAndConfirm,
	EMPTY,
	noticesTo,
	readAlerts,
	recordMovement,
	until,
} from '../helpers/alerts';
import { startSmtp } from '../helpers/smtp';

/**
 * kill -9 while the notices of an arrival are being sent: the requests it told are told (closed
 * in the arrival's transaction, with their notices in the outbox), and after a restart on the
 * same database every notice goes out, none twice: sent exactly once, or, for the one whose
 * DATA command was under way at the kill, 'esito incerto' and never sent again.
 */
const servers: RunningServer[] = [];
const db = tempDatabase();
const resumed = tempDatabase();

afterAll(async () => {
	for (const server of servers) await server.stop();
	db.remove();
	resumed.remove();
});

function notices(dbPath: string): { alert: number; status: string }[] {
	const file = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return file
			.prepare(`SELECT alert_id AS alert, status FROM emails WHERE kind = 'notice' ORDER BY id`)
			.all() as { alert: number; status: string }[];
	} finally {
		file.close();
	}
}

it('tells each request once across a kill -9 during the sending', { timeout: 90_000 }, async () => {
	// Each e-mail takes a moment, so the kill comes in the middle of the arrival's notices.
	const smtp = await startSmtp({ delayMs: 120 });
	try {
		const env = {
			CONTACT_DB_PATH: db.dbPath,
			CONTACT_RATE_LIMIT: '1000',
			SMTP_HOST: '127.0.0.1',
			SMTP_PORT: String(smtp.port),
			SMTP_SECURE: 'false',
			SHOP_EMAIL: 'negozio@vigorsport.test',
			CONTACT_SMTP_TIMEOUT_MS: '5000',
			CONTACT_RETRY_BASE_MS: '200',
			CONTACT_RETRY_MAX_DELAY_MS: '1000',
			CONTACT_RETRY_POLL_MS: '100',
			CONTACT_DAILY_CONFIRMATIONS: '1000',
		};
		const first = await startServer({ env });
		servers.push(first);
		const people = Array.from({ length: 12 }, (_, n) => `persona${n + 1}@example.it`);
		for (const email of people) await askAndConfirm(first.url, smtp, email);
		const session = createStaffSession(db.dbPath, { name: 'Giulia', shops: ['torino'] }, first.url);

		await recordMovement(first.url, session, { shopId: 'torino', reason: 'arrival', pieces: 12 });
		await until(() => noticesTo(smtp).length >= 3);
		first.child.kill('SIGKILL');
		await first.stop();
		expect(first.child.signalCode).toBe('SIGKILL');
		// Every request was told before the kill (the arrival's slices take milliseconds, its
		// e-mails seconds): twelve notices, one each.
		const stored = notices(db.dbPath);
		expect(stored.map((notice) => notice.alert).sort((a, b) => a - b)).toHaveLength(12);
		expect(new Set(stored.map((notice) => notice.alert)).size).toBe(12);
		expect(stored.some((notice) => notice.status !== 'sent')).toBe(true);

		const second = await startServer({ env });
		servers.push(second);
		await expect
			.poll(
				() =>
					notices(db.dbPath).filter((n) => n.status === 'pending' || n.status === 'sending').length,
				{ timeout: 30_000 },
			)
			.toBe(0);
		await new Promise((resolve) => setTimeout(resolve, 500));

		const settled = notices(db.dbPath);
		const states = new Set(settled.map((notice) => notice.status));
		states.delete('interrupted');
		expect(states).toEqual(new Set(['sent']));
		expect(settled.filter((notice) => notice.status === 'interrupted').length).toBeLessThanOrEqual(
			1,
		);
		const told = noticesTo(smtp);
		const counts = new Map<string, number>();
		for (const email of told) counts.set(email, (counts.get(email) ?? 0) + 1);
		expect(
			[...counts].filter(([, count]) => count > 1),
			'told twice',
		).toEqual([]);
		const sentCount = settled.filter((notice) => notice.status === 'sent').length;
		expect(told.length).toBeGreaterThanOrEqual(sentCount);
		expect(told.length).toBeLessThanOrEqual(12);
		expect(sentCount).toBeGreaterThanOrEqual(11);
	} finally {
		await smtp.stop();
	}
});

it(
	'tells after a restart a rise noted and not yet told when the server stopped',
	{
		timeout: 60_000,
	},
	async () => {
		const smtp = await startSmtp();
		try {
			const env = {
				CONTACT_DB_PATH: resumed.dbPath,
				CONTACT_RATE_LIMIT: '1000',
				SMTP_HOST: '127.0.0.1',
				SMTP_PORT: String(smtp.port),
				SMTP_SECURE: 'false',
				SHOP_EMAIL: 'negozio@vigorsport.test',
				CONTACT_RETRY_POLL_MS: '100',
				CONTACT_DAILY_CONFIRMATIONS: '1000',
			};
			const first = await startServer({ env });
			servers.push(first);
			const people = ['prima@example.it', 'seconda@example.it', 'terza@example.it'];
			for (const email of people) await askAndConfirm(first.url, smtp, email);
			await first.stop();

			// What a kill -9 right after noting an arrival of 2 leaves: the figure seen, and the rise
			// noted with nobody told yet.
			const file = new Database(resumed.dbPath, { fileMustExist: true });
			try {
				file.transaction(() => {
					file
						.prepare(
							`UPDATE alert_watch SET available = 2
						 WHERE shop_id = 'torino' AND product_id = ? AND variant_id = ?`,
						)
						.run(EMPTY.productId, EMPTY.variantId);
					file
						.prepare(
							`INSERT INTO alert_rises (shop_id, product_id, variant_id, available, remaining, at)
						 VALUES ('torino', ?, ?, 2, 2, ?)`,
						)
						.run(EMPTY.productId, EMPTY.variantId, Date.now());
				})();
			} finally {
				file.close();
			}

			const second = await startServer({ env });
			servers.push(second);
			await until(() => noticesTo(smtp).length >= 2, 20_000);
			// A few passes more: the rise is told once, to the two oldest, and then it is gone.
			await new Promise((resolve) => setTimeout(resolve, 500));
			expect(noticesTo(smtp)).toEqual(['prima@example.it', 'seconda@example.it']);
			expect(readAlerts(resumed.dbPath).map((alert) => alert.status)).toEqual([
				'told',
				'told',
				'waiting',
			]);
			const check = new Database(resumed.dbPath, { readonly: true, fileMustExist: true });
			try {
				expect(check.prepare('SELECT COUNT(*) AS n FROM alert_rises').get()).toEqual({ n: 0 });
				expect(check.prepare('SELECT available, told FROM alert_arrivals').all()).toEqual([
					{ available: 2, told: 2 },
				]);
			} finally {
				check.close();
			}
		} finally {
			await smtp.stop();
		}
	},
);
