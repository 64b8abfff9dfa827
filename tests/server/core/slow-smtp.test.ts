import { afterEach, describe, expect, it } from 'vitest';
import {
	postJson,
	readDatabase,
	startWithSmtp,
	VALID_MESSAGE,
	type Cleanups,
} from '../helpers/contact';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

/**
 * A slow mail server (docs/messages.md): the built server, a real SQLite file and a real SMTP server
 * (smtp-server) that holds its answer to the end of each message. The tests wait for outcomes
 * and never assert on how long anything took.
 */

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function start(smtp: TestSmtp, env: Record<string, string>) {
	return startWithSmtp(
		smtp.port,
		{
			CONTACT_RETRY_BASE_MS: '100',
			CONTACT_RETRY_MAX_DELAY_MS: '200',
			CONTACT_RETRY_POLL_MS: '50',
			...env,
		},
		cleanups,
	);
}

async function slowSmtp(delayMs: number): Promise<TestSmtp> {
	const smtp = await startSmtp({ delayMs });
	cleanups.push(() => smtp.stop());
	return smtp;
}

/** Resolves once `check` holds, looking every 50 ms (the test's own timeout bounds it). */
async function until(check: () => boolean): Promise<void> {
	while (!check()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('a mail server that answers the end of the message after the client gave up', () => {
	it('receives each e-mail once: the attempt is "esito incerto", never retried', async () => {
		// The client waits 1 s for any answer once connected (the final dot's too); the server
		// answers the final dot after 3 s. Connecting and the greeting get 10 s, and every other
		// answer comes at once, so a loaded machine cannot turn the attempt into an ordinary
		// failure before the message was sent.
		const smtp = await slowSmtp(3_000);
		const { server, dbPath } = await start(smtp, {
			CONTACT_SMTP_TIMEOUT_MS: '10000',
			CONTACT_SMTP_DATA_TIMEOUT_MS: '1000',
			CONTACT_REPLY_WAIT_MS: '0',
		});

		const { status } = await postJson(server.url, VALID_MESSAGE);
		expect(status).toBe(201);

		// Both attempts settle as uncertain, and the mail server does end up taking both e-mails.
		await until(() => {
			const { emails } = readDatabase(dbPath);
			return emails.length === 2 && emails.every((email) => email.status === 'interrupted');
		});
		await until(() => smtp.mails.length >= 2);

		// Many retry polls later (50 ms each), nothing was sent again.
		await new Promise((resolve) => setTimeout(resolve, 3_000));
		expect(smtp.mails).toHaveLength(2);
		const { emails } = readDatabase(dbPath);
		expect(emails.map((email) => [email.status, email.attempts])).toEqual([
			['interrupted', 1],
			['interrupted', 1],
		]);
	}, 30_000);
});

describe('the answer does not wait for a slow mail server', () => {
	it('answers 201 once the message is stored, with the e-mails still on their way', async () => {
		// The mail server holds each e-mail for 4 s; the answer waits for them at most 300 ms.
		const smtp = await slowSmtp(4_000);
		const { server, dbPath } = await start(smtp, { CONTACT_REPLY_WAIT_MS: '300' });

		const { status, json } = await postJson(server.url, VALID_MESSAGE);
		expect(status).toBe(201);
		// Answered while the mail server still held both e-mails.
		expect(smtp.mails).toHaveLength(0);
		expect(json['emailStatus']).toEqual({
			adminNotified: false,
			userConfirmationSent: false,
			simulationMode: false,
			emailsPending: true,
		});
		expect(readDatabase(dbPath).messages).toHaveLength(1);

		// The outbox finishes the job after the answer.
		await until(() => {
			const { emails } = readDatabase(dbPath);
			return emails.length === 2 && emails.every((email) => email.status === 'sent');
		});
		expect(smtp.mails).toHaveLength(2);
	}, 30_000);
});
