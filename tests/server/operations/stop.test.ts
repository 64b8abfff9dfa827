import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { startServer } from '../../../scripts/start-server.mjs';
import { tempDatabase, VALID_MESSAGE, type Cleanups } from '../helpers/contact';
import { contactLoad, messageNames } from '../helpers/ops';
import { QUICK_RETRIES, startSmtp } from '../helpers/smtp';

/**
 * SIGTERM in the middle of a load of messages whose e-mails are being sent (the mail server
 * holds each one a little, and refuses some): the server stops accepting, answers what is in
 * flight, leaves the e-mails it could not finish retryable, closes the database and exits 0.
 * Every acknowledged message is stored; no e-mail is marked sent that the mail server did not
 * take; after a restart every e-mail goes out, none twice. The JSON log of the whole run holds
 * a line per request and per e-mail attempt, and none of the visitors' personal data.
 */

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Row {
	message_id: number;
	kind: string;
	status: string;
	data_started_at: number | null;
}

function emailRows(dbPath: string): Row[] {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return db
			.prepare('SELECT message_id, kind, status, data_started_at FROM emails ORDER BY id')
			.all() as Row[];
	} finally {
		db.close();
	}
}

/** Received e-mails by `<message id>-<kind>`. */
function receivedCounts(messageIds: readonly string[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const id of messageIds) {
		const key = /^<contatto-(\d+-(?:admin|confirmation))-/.exec(id)?.[1] ?? id;
		counts.set(key, (counts.get(key) ?? 0) + 1);
	}
	return counts;
}

it('SIGTERM during load: nothing acknowledged is lost, nothing unsent is marked sent', async () => {
	const smtp = await startSmtp({ delayMs: 60 });
	cleanups.push(() => smtp.stop());
	smtp.refuse = (offered) => offered % 5 === 0;
	const db = tempDatabase();
	cleanups.push(db.remove);
	const env = {
		...QUICK_RETRIES,
		CONTACT_DB_PATH: db.dbPath,
		CONTACT_RATE_LIMIT: '1000000',
		CONTACT_REPLY_WAIT_MS: '200',
		SMTP_HOST: '127.0.0.1',
		SMTP_PORT: String(smtp.port),
		SHOP_EMAIL: 'negozio@vigorsport.test',
		SERVER_STOP_EMAILS_MS: '500',
	};
	const first = await startServer({ env });
	cleanups.push(() => first.stop('SIGKILL'));
	const load = contactLoad(first.url, { prefix: 'Visitatore' });
	await expect.poll(() => load.acknowledged.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(60);
	first.child.kill('SIGTERM');
	await first.stop();
	await load.stop();
	expect(first.child.exitCode).toBe(0);
	expect(first.output()).toContain('Server stopped.');
	// The clients went on until the server stopped answering.
	expect(load.failures).toBeGreaterThan(0);

	const stored = messageNames(db.dbPath);
	const lost = [...load.acknowledged].filter(([id, name]) => stored.get(id) !== name);
	expect(lost, 'acknowledged but not stored').toEqual([]);

	const afterStop = emailRows(db.dbPath);
	const received = receivedCounts(smtp.mails.map((mail) => mail.messageId));
	for (const row of afterStop.filter((email) => email.status === 'sent')) {
		expect(received.get(`${row.message_id}-${row.kind}`), `${row.message_id}-${row.kind}`).toBe(1);
	}
	const left = afterStop.filter((row) => row.status === 'sending' || row.status === 'pending');
	console.log(
		`SIGTERM: ${load.acknowledged.size} acknowledged, ${stored.size} stored, ` +
			`${afterStop.filter((row) => row.status === 'sent').length} e-mails sent, ${left.length} left retryable`,
	);

	// Restarted on the same database with a mail server that takes everything.
	smtp.refuse = () => false;
	const second = await startServer({ env });
	cleanups.push(() => second.stop());
	await expect
		.poll(
			() =>
				emailRows(db.dbPath).filter((row) => row.status === 'pending' || row.status === 'sending')
					.length,
			{ timeout: 60_000 },
		)
		.toBe(0);
	await second.stop();

	const final = emailRows(db.dbPath);
	const counts = receivedCounts(smtp.mails.map((mail) => mail.messageId));
	expect(
		[...counts].filter(([, count]) => count > 1),
		'received twice',
	).toEqual([]);
	for (const row of final) {
		const count = counts.get(`${row.message_id}-${row.kind}`) ?? 0;
		if (row.status === 'sent') expect(count, `${row.message_id}-${row.kind}`).toBe(1);
		// Only an e-mail whose DATA went out may be of unknown outcome.
		else {
			expect(row.status).toBe('interrupted');
			expect(row.data_started_at).not.toBeNull();
		}
	}
	expect(final.length).toBe(stored.size * 2);

	// The log of both runs: JSON lines for requests and e-mail attempts, no personal data.
	const log = first.output() + second.output();
	const lines = log
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as Record<string, unknown>);
	const requests = lines.filter((line) => line['type'] === 'request');
	expect(requests.length).toBeGreaterThanOrEqual(load.acknowledged.size);
	const firstRequest = requests[0] ?? {};
	expect(Object.keys(firstRequest).sort()).toEqual(
		['durationMs', 'id', 'level', 'method', 'path', 'status', 'time', 'type'].sort(),
	);
	expect(firstRequest).toMatchObject({ type: 'request', method: 'POST', path: '/api/contact' });
	expect(firstRequest['id']).toMatch(/^[0-9a-f-]{36}$/);
	expect(typeof firstRequest['durationMs']).toBe('number');
	expect(typeof firstRequest['status']).toBe('number');
	const attempts = lines.filter((line) => line['type'] === 'email');
	expect(attempts.length).toBeGreaterThanOrEqual(final.length);
	expect(new Set(attempts.map((line) => line['outcome']))).toEqual(new Set(['sent', 'retry']));
	const personal = [
		...[...load.acknowledged.values()],
		...[...load.acknowledged.keys()].map((_, n) => `cliente.${n}@example.it`),
		'@example.it',
		VALID_MESSAGE.phone,
		VALID_MESSAGE.message,
		'Visitatore',
	];
	const leaks = personal.filter((text) => log.includes(text));
	expect(leaks, 'personal data in the log').toEqual([]);
}, 180_000);
