import { expect } from 'vitest';
import { startServer, type RunningServer } from '../../../scripts/start-server.mjs';
import { startSmtp, type TestSmtp } from './smtp';

/**
 * The kill -9 scenario shared by messages and reservations: the built server killed with
 * SIGKILL in the middle of a load of submissions, some of whose e-mails the mail server refuses
 * (so they wait for a retry) and some of which are being sent at the moment of the kill; then
 * restarted on the same database. Every submission that got a 2xx must be stored as sent, each
 * with both its e-mails; the e-mails still due, and those the killed process had not begun to
 * transmit, must go out after the restart, and no e-mail may arrive twice.
 */

/** An e-mail row, by the message or reservation it belongs to. */
export interface OwnedEmail {
	owner: number;
	kind: 'admin' | 'confirmation';
	status: string;
}

/** The route under load. */
export interface CrashRoute {
	/** Sends the submission named `name`: its status, id, and what the store must keep of it. */
	send(url: string, name: string): Promise<{ status: number; id: number; kept: unknown }>;
	/** What the store kept of each submission, by id, and every e-mail row. */
	read(dbPath: string): { kept: Map<number, unknown>; emails: OwnedEmail[] };
	/** The Message-ID prefix of its e-mails: 'contatto' or 'ritiro'. */
	messageIdPrefix: string;
}

/** A number as letters ("a", "b", …, "ba"): names have no digits. */
function letters(n: number): string {
	const digit = String.fromCharCode(97 + (n % 26));
	return n < 26 ? digit : letters(Math.floor(n / 26)) + digit;
}

/** What a scenario may add: settings, a step once the first server runs, a check before the end. */
export interface CrashExtras {
	env?: Record<string, string>;
	/** Runs once the first server is up, before the load (turning a staff device on, say). */
	started?: (url: string) => Promise<void>;
	/** Runs after the restart, once the e-mails are settled, while the second server runs. */
	settled?: () => Promise<void>;
}

/** Runs the scenario on a database at `dbPath`; the servers started go into `servers`. */
export async function killMidLoad(
	route: CrashRoute,
	dbPath: string,
	servers: RunningServer[],
	{ total, concurrency = 8, killAfter }: { total: number; concurrency?: number; killAfter: number },
	extras: CrashExtras = {},
): Promise<void> {
	// Holding each e-mail a little keeps some in the middle of sending when the kill comes.
	const smtp: TestSmtp = await startSmtp({ delayMs: 20 });
	smtp.refuse = (offered) => offered % 3 === 0;
	const env = {
		CONTACT_DB_PATH: dbPath,
		CONTACT_RATE_LIMIT: '1000000',
		SMTP_HOST: '127.0.0.1',
		SMTP_PORT: String(smtp.port),
		SHOP_EMAIL: 'negozio@vigorsport.test',
		CONTACT_SMTP_TIMEOUT_MS: '5000',
		CONTACT_RETRY_BASE_MS: '300',
		CONTACT_RETRY_MAX_DELAY_MS: '1000',
		CONTACT_RETRY_POLL_MS: '100',
		// Every submission here writes from one address: its confirmations must all go out.
		CONTACT_DAILY_CONFIRMATIONS: '1000',
		...extras.env,
	};
	try {
		const first = await startServer({ env });
		servers.push(first);
		await extras.started?.(first.url);

		const accepted = new Map<number, unknown>();
		let next = 0;
		let killed = false;
		async function client() {
			while (!killed && next < total) {
				try {
					const { status, id, kept } = await route.send(first.url, `Cliente ${letters(next++)}`);
					if (status >= 200 && status < 300) accepted.set(id, kept);
				} catch {
					// The connection dropped with the server: no answer, so no promise was made.
					continue;
				}
				if (!killed && accepted.size >= killAfter) {
					killed = true;
					first.child.kill('SIGKILL');
				}
			}
		}
		await Promise.all(Array.from({ length: concurrency }, client));
		await first.stop();
		expect(first.child.signalCode).toBe('SIGKILL');
		expect(accepted.size).toBeGreaterThanOrEqual(killAfter);

		// Every submission that got a 2xx is in the database, as it was sent.
		const afterKill = route.read(dbPath);
		for (const [id, kept] of accepted)
			expect(afterKill.kept.get(id), `submission ${id}`).toEqual(kept);
		// Each has both its e-mails (stored in the same transaction).
		for (const id of afterKill.kept.keys()) {
			expect(afterKill.emails.filter((email) => email.owner === id)).toHaveLength(2);
		}

		// Restart on the same database, with a mail server that now accepts everything.
		smtp.refuse = () => false;
		const second = await startServer({ env });
		servers.push(second);
		await expect
			.poll(() => route.read(dbPath).emails.filter((e) => e.status === 'pending').length, {
				timeout: 60_000,
			})
			.toBe(0);
		// Ten more passes of the retry loop.
		await new Promise((resolve) => setTimeout(resolve, 1_000));

		const { emails } = route.read(dbPath);
		// Sent; or, when the killed process had begun its DATA, 'esito incerto' and never resent.
		// Nothing is left 'sending': the restart settles the killed process's claims.
		const states = new Set(emails.map((email) => email.status));
		states.delete('interrupted');
		expect(states).toEqual(new Set(['sent']));
		expect(smtp.refused).toBeGreaterThan(0);

		const pattern = new RegExp(`^<${route.messageIdPrefix}-(\\d+-(?:admin|confirmation))-`);
		const received = new Map<string, number>();
		for (const mail of smtp.mails) {
			const key = pattern.exec(mail.messageId)?.[1] ?? mail.messageId;
			received.set(key, (received.get(key) ?? 0) + 1);
		}
		const twice = [...received].filter(([, count]) => count > 1);
		expect(twice, 'e-mails received more than once').toEqual([]);
		for (const email of emails) {
			const count = received.get(`${email.owner}-${email.kind}`) ?? 0;
			if (email.status === 'sent') expect(count, `${email.owner}-${email.kind}`).toBe(1);
			else expect(count).toBeLessThanOrEqual(1);
		}
		await extras.settled?.();
		await second.stop();
	} finally {
		await smtp.stop();
	}
}
