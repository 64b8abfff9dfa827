import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest, startWithSmtp, type Cleanups } from '../helpers/contact';
import { postReservation, validReservation } from '../helpers/pickup';
import { QUICK_RETRIES, smtpFor, type TestSmtp } from '../helpers/smtp';

/**
 * The customer's link in the confirmation e-mail, with the built server, a real SQLite file and
 * a real SMTP server: absolute, at the site's address, opening the reservation; its token drawn
 * when the e-mail goes (a new one at each attempt) and stored only as its SHA-256.
 */

const SITE = 'https://negozio.example';
const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The token of the link in the customer's confirmation. */
async function mailedToken(smtp: TestSmtp, email: string): Promise<string> {
	await expect
		.poll(() => smtp.mails.some((mail) => mail.to.includes(email)), { timeout: 30_000 })
		.toBe(true);
	const mail = smtp.mails.find((candidate) => candidate.to.includes(email));
	const match = /^https:\/\/negozio\.example\/prenotazione\/([A-Za-z0-9_-]{32})$/m.exec(
		mail?.text ?? '',
	);
	expect(match, mail?.text).not.toBeNull();
	return match?.[1] ?? '';
}

/** The shop's address stored with the (only) reservation. */
function settingsShopEmail(dbPath: string): string {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return (db.prepare('SELECT shop_email FROM reservations').get() as { shop_email: string })
			.shop_email;
	} finally {
		db.close();
	}
}

function emailTokenHashes(dbPath: string): (string | null)[] {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return (
			db
				.prepare(`SELECT customer_token_hash FROM emails WHERE kind = 'confirmation' ORDER BY id`)
				.all() as { customer_token_hash: string | null }[]
		).map((row) => row.customer_token_hash);
	} finally {
		db.close();
	}
}

describe('the confirmation e-mail', () => {
	it('carries its own link to the reservation, stored only as its hash', async () => {
		const smtp = await smtpFor(cleanups);
		const { server, dbPath } = await startWithSmtp(
			smtp.port,
			{ SITE_URL: SITE, ...QUICK_RETRIES },
			cleanups,
		);
		const body = validReservation();
		const { status, json } = await postReservation(server.url, body);
		expect(status).toBe(201);
		const token = await mailedToken(smtp, body.email);
		expect(`/prenotazione/${token}`).not.toBe(json['link']);
		expect(emailTokenHashes(dbPath)).toEqual([sha256(token)]);
		// The shop's notification has no link: the customer's is the customer's.
		const shopMail = smtp.mails.find((mail) => !mail.to.includes(body.email));
		expect(shopMail?.text).not.toContain('/prenotazione/');

		for (const path of [`/prenotazione/${token}`, String(json['link'])]) {
			const page = await rawRequest(`${server.url}${path}`, { method: 'GET' });
			expect(page.status).toBe(200);
			expect(page.body).toContain(`Codice di ritiro ${String(json['code'])}`);
		}
	}, 60_000);

	it('sent again after a refusal, carries a new link that works', async () => {
		const smtp = await smtpFor(cleanups);
		// The first attempt of both e-mails is refused; the retries go through.
		smtp.refuse = (offered) => offered <= 2;
		const { server, dbPath } = await startWithSmtp(
			smtp.port,
			{ SITE_URL: SITE, ...QUICK_RETRIES },
			cleanups,
		);
		const body = validReservation({ email: 'secondo.tentativo@example.it' });
		const { status, json } = await postReservation(server.url, body);
		expect(status).toBe(201);
		const token = await mailedToken(smtp, body.email);
		expect(smtp.refused).toBe(2);
		expect(emailTokenHashes(dbPath)).toEqual([sha256(token)]);
		const page = await rawRequest(`${server.url}/prenotazione/${token}`, { method: 'GET' });
		expect(page.status).toBe(200);
		expect(page.body).toContain(`Codice di ritiro ${String(json['code'])}`);
	}, 60_000);

	it('cancelled from the link, tells the shop once, with the customer’s reason', async () => {
		const smtp = await smtpFor(cleanups);
		const { server, dbPath } = await startWithSmtp(
			smtp.port,
			{ SITE_URL: SITE, ...QUICK_RETRIES },
			cleanups,
		);
		const body = validReservation({ email: 'annulla@example.it' });
		const { json } = await postReservation(server.url, body);
		const token = await mailedToken(smtp, body.email);
		const done = await rawRequest(`${server.url}/prenotazione/${token}`, {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
			body: 'versione=1&motivo=Non+riesco+a+passare',
		});
		expect(done.status).toBe(303);
		const cancelled = (mail: { subject: string }) =>
			mail.subject.startsWith(`Prenotazione ${String(json['code'])} ANNULLATA dal cliente`);
		await expect.poll(() => smtp.mails.filter(cancelled).length, { timeout: 30_000 }).toBe(1);
		const mail = smtp.mails.find(cancelled);
		expect(mail?.to).toEqual([settingsShopEmail(dbPath)]);
		expect(mail?.text).toContain('Motivo indicato dal cliente: Non riesco a passare');
		// A second cancel is refused, and no second e-mail goes.
		const again = await rawRequest(`${server.url}/prenotazione/${token}`, {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
			body: 'versione=2',
		});
		expect(again.status).toBe(409);
		await new Promise((resolve) => setTimeout(resolve, 1_000));
		expect(smtp.mails.filter(cancelled)).toHaveLength(1);
		expect(smtp.mails).toHaveLength(3);
	}, 60_000);
});
