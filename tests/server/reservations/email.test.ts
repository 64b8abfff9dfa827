import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/start-server.mjs';
import { pickupDayLabel } from '../../../src/lib/reservations/days';
import { readDatabase, startWithSmtp, type Cleanups } from '../helpers/contact';
import {
	builtSettings,
	countReservations,
	postReservation,
	readReservations,
	validReservation,
	WHEY,
} from '../helpers/pickup';
import { QUICK_RETRIES, smtpFor } from '../helpers/smtp';

/**
 * A reservation's e-mails with real parts: the built server, a real SQLite file and a real SMTP
 * server (smtp-server). The shop's notification goes to the shop's own address (its content
 * file, through /api/ritiro.json); retries are made quick through the environment, and the
 * tests wait for outcomes, never asserting on timings.
 */

const FROM = 'sito@vigorsport.test';
const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function start(smtpPort: number) {
	return startWithSmtp(smtpPort, { SMTP_FROM: `"Sito" <${FROM}>`, ...QUICK_RETRIES }, cleanups);
}

const smtpOn = (port?: number) => smtpFor(cleanups, port);

const settings = builtSettings();
const shopOf = (id: string) => settings.shops.find((shop) => shop.id === id);

describe('with the mail server up', () => {
	it('stores the reservation before any e-mail, then notifies the shop at its own address and confirms to the customer', async () => {
		const smtp = await smtpOn();
		const { server, dbPath } = await start(smtp.port);
		// The mail server looks in the database as each e-mail arrives.
		const storedWhenMailed: number[] = [];
		smtp.refuse = () => {
			storedWhenMailed.push(countReservations(dbPath));
			return false;
		};
		const aosta = shopOf('aosta');
		const body = validReservation({
			shopId: 'aosta',
			items: [{ productId: WHEY.productId, variantId: WHEY.variantId, quantity: 2 }],
		});

		const { status, json } = await postReservation(server.url, body);
		expect(status).toBe(201);
		expect(json['emailStatus']).toEqual({
			adminNotified: true,
			userConfirmationSent: true,
			simulationMode: false,
		});
		expect(storedWhenMailed).toEqual([1, 1]);

		const code = String(json['code']);
		const day = pickupDayLabel(body.day);
		const shopMail = smtp.mails.find((mail) => mail.to.includes(aosta?.email ?? ''));
		const customerMail = smtp.mails.find((mail) => mail.to.includes(body.email));
		expect(smtp.mails).toHaveLength(2);
		expect(shopMail?.to).toEqual([aosta?.email]);
		expect(shopMail?.subject).toBe(`Prenotazione ${code} · ritiro ${day} · Mario Rossi`);
		expect(shopMail?.headers.get('reply-to')).toBe(body.email);
		expect(shopMail?.headers.get('from')).toBe(`Sito <${FROM}>`);
		expect(shopMail?.text.split('\n')[0]).toBe(`CODICE: ${code}`);
		expect(shopMail?.text).toContain(`- 2 × ${WHEY.name}`);
		expect(shopMail?.text).toContain('Totale indicativo: 109,80');

		expect(customerMail?.to).toEqual([body.email]);
		expect(customerMail?.subject).toBe(
			`Prenotazione ${code}: ritiro ${day} – ${settings.companyName}`,
		);
		expect(customerMail?.headers.get('reply-to')).toBe(aosta?.email);
		expect(customerMail?.text).toContain(`\n    ${code}\n`);
		expect(customerMail?.text).toContain(`Indirizzo: ${aosta?.address}`);
		expect(customerMail?.text).toContain(`Negozio: ${aosta?.name}`);
		expect(customerMail?.text).toContain(
			`Ti teniamo i prodotti per ${settings.holdDays} giorni a partire da ${day}.`,
		);
		expect(customerMail?.text).toContain('da pagare in negozio');

		expect(readReservations(dbPath).emails.map((email) => [email.kind, email.status])).toEqual([
			['admin', 'sent'],
			['confirmation', 'sent'],
		]);
		// The contact messages' notifications still go to SHOP_EMAIL: nothing mixed up.
		expect(readDatabase(dbPath).messages).toEqual([]);
	});

	it('sent twice with one submission key: one reservation, one pair of e-mails', async () => {
		const smtp = await smtpOn();
		const { server, dbPath } = await start(smtp.port);
		const body = validReservation({ submissionKey: 'chiave-prenotazione-0001' });
		const first = await postReservation(server.url, body);
		const again = await postReservation(server.url, body);
		expect([first.status, again.status]).toEqual([201, 201]);
		// A repeat has no customer's link: its token was never stored, so it cannot be read back.
		expect(again.json).toEqual({ ...first.json, duplicate: true, link: undefined });
		expect(readReservations(dbPath).reservations).toHaveLength(1);
		// Ten passes of the retry loop later, still the one pair.
		await new Promise((resolve) => setTimeout(resolve, 1_000));
		expect(smtp.mails).toHaveLength(2);
	});
});

describe('with the mail server down', () => {
	it('stores the reservation, says so, and delivers both e-mails once the server is back', async () => {
		const smtpPort = await freePort();
		const { server, dbPath } = await start(smtpPort);

		const { status, json } = await postReservation(server.url, validReservation());
		expect(status).toBe(201);
		expect(json['emailStatus']).toEqual({
			adminNotified: false,
			userConfirmationSent: false,
			simulationMode: false,
		});
		expect(readReservations(dbPath).reservations.map((row) => row.code)).toEqual([json['code']]);

		const smtp = await smtpOn(smtpPort);
		await expect
			.poll(() => readReservations(dbPath).emails.map((email) => email.status), {
				timeout: 30_000,
			})
			.toEqual(['sent', 'sent']);
		expect(smtp.mails.map((mail) => mail.to[0]).sort()).toEqual(
			[shopOf('torino')?.email, 'mario.rossi@example.it'].sort(),
		);
		expect(readReservations(dbPath).emails.every((email) => email.attempts >= 2)).toBe(true);
		await new Promise((resolve) => setTimeout(resolve, 1_000));
		expect(smtp.mails).toHaveLength(2);
	}, 60_000);
});
