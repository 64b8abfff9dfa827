import { afterEach, describe, expect, it } from 'vitest';
import { readEmailStatus, successToast } from '../../../src/lib/messages/outcome';
import { freePort } from '../../../scripts/start-server.mjs';
import {
	postJson,
	readDatabase,
	startWithSmtp,
	VALID_MESSAGE,
	type Cleanups,
} from '../helpers/contact';
import { QUICK_RETRIES, smtpFor } from '../helpers/smtp';

/**
 * E-mails with real parts: the built server, a real SQLite file and a real SMTP server
 * (smtp-server) started by the test. Retries are made quick through the environment; the
 * tests wait for outcomes and never assert on how long anything took.
 */

const SHOP = 'negozio@vigorsport.test';
const FROM = 'sito@vigorsport.test';

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function startWithShop(smtpPort: number) {
	return startWithSmtp(
		smtpPort,
		{ SHOP_EMAIL: SHOP, SMTP_FROM: `"Vigor Sport" <${FROM}>`, ...QUICK_RETRIES },
		cleanups,
	);
}

const smtpOn = (port?: number) => smtpFor(cleanups, port);

describe('with the mail server up', () => {
	it('notifies the shop and confirms to the visitor, in Italian', async () => {
		const smtp = await smtpOn();
		const { server, dbPath } = await startWithShop(smtp.port);

		const { status, json } = await postJson(server.url, VALID_MESSAGE);
		expect(status).toBe(201);
		expect(json['emailStatus']).toEqual({
			adminNotified: true,
			userConfirmationSent: true,
			simulationMode: false,
		});
		expect(successToast(readEmailStatus(json['emailStatus'])).title).toBe(
			'Messaggio inviato con successo!',
		);

		// Both were accepted by the SMTP server before the answer.
		expect(smtp.mails).toHaveLength(2);
		const admin = smtp.mails.find((mail) => mail.to.includes(SHOP));
		const confirmation = smtp.mails.find((mail) => mail.to.includes(VALID_MESSAGE.email));
		expect(admin?.to).toEqual([SHOP]);
		expect(admin?.subject).toBe(`Nuovo messaggio dal sito: ${VALID_MESSAGE.name}`);
		expect(admin?.headers.get('from')).toBe(`Vigor Sport <${FROM}>`);
		expect(admin?.headers.get('reply-to')).toBe(VALID_MESSAGE.email);
		expect(admin?.text).toContain(`Nome: ${VALID_MESSAGE.name}`);
		expect(admin?.text).toContain(`Telefono: ${VALID_MESSAGE.phone}`);
		expect(admin?.text).toContain(VALID_MESSAGE.message);

		expect(confirmation?.to).toEqual([VALID_MESSAGE.email]);
		expect(confirmation?.subject).toBe('Abbiamo ricevuto il tuo messaggio – Vigor Sport');
		expect(confirmation?.headers.get('reply-to')).toBe(SHOP);
		// Nothing the visitor typed, not even the name: the address may be someone else's.
		expect(confirmation?.text).toMatch(/^Ciao,\n/);
		expect(confirmation?.text).not.toContain(VALID_MESSAGE.name);
		expect(confirmation?.text).toContain('ti risponderemo al più presto');
		expect(confirmation?.text).not.toContain(VALID_MESSAGE.message);

		const { emails } = readDatabase(dbPath);
		expect(
			emails.map((email) => [email.kind, email.recipient, email.status, email.attempts]),
		).toEqual([
			['admin', SHOP, 'sent', 1],
			['confirmation', VALID_MESSAGE.email, 'sent', 1],
		]);
	});

	it('sends nothing for a message with the hidden field filled', async () => {
		const smtp = await smtpOn();
		const { server, dbPath } = await startWithShop(smtp.port);
		const { status } = await postJson(server.url, { ...VALID_MESSAGE, extra_info: 'x' });
		expect(status).toBe(201);
		expect(readDatabase(dbPath).messages).toMatchObject([{ spam: 1, delivery: 'none' }]);
		// A real message afterwards goes out, and only its two e-mails arrive.
		await postJson(server.url, VALID_MESSAGE);
		expect(smtp.mails).toHaveLength(2);
	});
});

describe('with the mail server down', () => {
	it('stores the message, says so, and delivers both e-mails once the server is back', async () => {
		const smtpPort = await freePort();
		const { server, dbPath } = await startWithShop(smtpPort);

		const { status, json } = await postJson(server.url, VALID_MESSAGE);
		expect(status).toBe(201);
		expect(json['emailStatus']).toEqual({
			adminNotified: false,
			userConfirmationSent: false,
			simulationMode: false,
		});
		expect(successToast(readEmailStatus(json['emailStatus'])).title).toBe('Messaggio salvato');
		const stored = readDatabase(dbPath);
		expect(stored.messages.map((row) => row.id)).toEqual([json['id']]);
		expect(stored.emails.every((email) => email.status !== 'sent')).toBe(true);

		// The mail server comes back on the same port: the retry loop delivers both e-mails.
		const smtp = await smtpOn(smtpPort);
		await expect
			.poll(() => readDatabase(dbPath).emails.map((email) => email.status), { timeout: 30_000 })
			.toEqual(['sent', 'sent']);
		expect(smtp.mails.map((mail) => mail.to[0]).sort()).toEqual([VALID_MESSAGE.email, SHOP]);
		expect(readDatabase(dbPath).emails.every((email) => email.attempts >= 2)).toBe(true);

		// Ten more passes of the retry loop (one every 100 ms) send nothing again.
		await new Promise((resolve) => setTimeout(resolve, 1_000));
		expect(smtp.mails).toHaveLength(2);
	}, 60_000);
});
