import { afterAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { tempDatabase } from './helpers/contact';
import { postReservation, readReservations, validReservation } from './helpers/pickup';
import { startSmtp } from './helpers/smtp';

/**
 * The server killed with SIGKILL in the middle of a load of reservations, some of whose e-mails
 * the mail server refuses (so they wait for a retry) and some of which are being sent at the
 * moment of the kill; then restarted on the same database. Every reservation that got a 201
 * must be stored with its code and lines, the e-mails still due must go out after the restart,
 * and no e-mail may arrive twice.
 */

const db = tempDatabase();
const servers: RunningServer[] = [];
afterAll(async () => {
	for (const server of servers) await server.stop('SIGKILL');
	db.remove();
});

const TOTAL = 300;
const CONCURRENCY = 8;
const KILL_AFTER_ACCEPTED = 30;

it('kill -9 mid-load: every 201 is stored, and nothing is sent twice after the restart', async () => {
	const smtp = await startSmtp({ delayMs: 20 });
	smtp.refuse = (offered) => offered % 3 === 0;
	const env = {
		CONTACT_DB_PATH: db.dbPath,
		CONTACT_RATE_LIMIT: '1000000',
		SMTP_HOST: '127.0.0.1',
		SMTP_PORT: String(smtp.port),
		SHOP_EMAIL: 'negozio@vigorsport.test',
		CONTACT_SMTP_TIMEOUT_MS: '5000',
		CONTACT_RETRY_BASE_MS: '300',
		CONTACT_RETRY_MAX_DELAY_MS: '1000',
		CONTACT_RETRY_POLL_MS: '100',
	};
	const first = await startServer({ env });
	servers.push(first);
	const body = validReservation();

	/** id -> [code, name] of every reservation answered 201. */
	const accepted = new Map<number, [string, string]>();
	let next = 0;
	let killed = false;
	async function client() {
		while (!killed && next < TOTAL) {
			const name = `Cliente di prova ${next++}`;
			try {
				const { status, json } = await postReservation(first.url, { ...body, name });
				if (status === 201) accepted.set(Number(json['id']), [String(json['code']), name]);
			} catch {
				// The connection dropped with the server: no answer, so no promise was made.
				continue;
			}
			if (!killed && accepted.size >= KILL_AFTER_ACCEPTED) {
				killed = true;
				first.child.kill('SIGKILL');
			}
		}
	}
	await Promise.all(Array.from({ length: CONCURRENCY }, client));
	await first.stop();
	expect(first.child.signalCode).toBe('SIGKILL');
	expect(accepted.size).toBeGreaterThanOrEqual(KILL_AFTER_ACCEPTED);

	// Every reservation that got a 201 is in the database, with its code, lines and e-mails.
	const afterKill = readReservations(db.dbPath);
	const stored = new Map(afterKill.reservations.map((row) => [row.id, [row.code, row.name]]));
	for (const [id, answer] of accepted) expect(stored.get(id), `reservation ${id}`).toEqual(answer);
	for (const { id } of afterKill.reservations) {
		expect(afterKill.items.filter((item) => item.reservation_id === id)).toHaveLength(1);
		expect(afterKill.emails.filter((email) => email.reservation_id === id)).toHaveLength(2);
	}

	// Restart on the same database, with a mail server that now accepts everything.
	smtp.refuse = () => false;
	const second = await startServer({ env });
	servers.push(second);
	await expect
		.poll(() => readReservations(db.dbPath).emails.filter((e) => e.status === 'pending').length, {
			timeout: 30_000,
		})
		.toBe(0);
	await new Promise((resolve) => setTimeout(resolve, 1_000));

	const { emails } = readReservations(db.dbPath);
	// Sent, or claimed by the killed process while it was sending: never resent.
	expect(new Set(emails.map((email) => email.status))).toEqual(
		new Set(emails.some((e) => e.status === 'sending') ? ['sent', 'sending'] : ['sent']),
	);
	expect(smtp.refused).toBeGreaterThan(0);

	const received = new Map<string, number>();
	for (const mail of smtp.mails) {
		const key =
			/^<ritiro-(\d+-(?:admin|confirmation))-/.exec(mail.messageId)?.[1] ?? mail.messageId;
		received.set(key, (received.get(key) ?? 0) + 1);
	}
	const twice = [...received].filter(([, count]) => count > 1);
	expect(twice, 'e-mails received more than once').toEqual([]);
	for (const email of emails) {
		const count = received.get(`${email.reservation_id}-${email.kind}`) ?? 0;
		if (email.status === 'sent') expect(count, `${email.reservation_id}-${email.kind}`).toBe(1);
		else expect(count).toBeLessThanOrEqual(1);
	}
	await second.stop();
	await smtp.stop();
}, 120_000);
