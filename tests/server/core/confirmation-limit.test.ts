import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../../scripts/start-server.mjs';
import {
	postJson,
	readDatabase,
	startWithSmtp,
	VALID_MESSAGE,
	type Cleanups,
} from '../helpers/contact';
import { postReservation, readReservations, validReservation } from '../helpers/pickup';
import { QUICK_RETRIES, smtpFor, type TestSmtp } from '../helpers/smtp';

/**
 * The shop's sender cannot be used to mail strangers, with the real server, a real SQLite file
 * and a real SMTP server: a name that carries a link is refused on both routes, the
 * confirmations carry nothing the visitor typed, and one address gets at most
 * CONTACT_DAILY_CONFIRMATIONS confirmations (messages and reservations together): further
 * submissions are stored and the shop is told, with no confirmation.
 */

const cleanups: Cleanups = [];
let smtp: TestSmtp;
let server: RunningServer;
let dbPath: string;
beforeAll(async () => {
	smtp = await smtpFor(cleanups);
	({ server, dbPath } = await startWithSmtp(
		smtp.port,
		{ CONTACT_DAILY_CONFIRMATIONS: '2', ...QUICK_RETRIES },
		cleanups,
	));
}, 60_000);
afterAll(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const VICTIM = 'vittima@example.it';
const PHISHING = 'rimborso pronto: accedi a https://evil.example/r?id=7';

it('refuses a name carrying a link, and a phone without six digits, on both routes', async () => {
	const reservation = await postReservation(
		server.url,
		validReservation({ name: PHISHING, email: VICTIM, phone: '-----' }),
	);
	expect(reservation.status).toBe(422);
	expect(reservation.json['fields']).toEqual({
		name: 'Il nome può contenere solo lettere, spazi, apostrofi, trattini e punti (niente indirizzi web o e-mail).',
		phone: 'Inserisci un numero di telefono valido.',
	});
	const message = await postJson(server.url, {
		...VALID_MESSAGE,
		name: PHISHING,
		email: VICTIM,
		phone: '-----',
	});
	expect(message.status).toBe(422);
	expect(Object.keys(message.json['fields'] as object).sort()).toEqual(['name', 'phone']);
	expect(smtp.mails).toEqual([]);
});

it('sends one address at most two confirmations a day; later ones are stored and the shop is told', async () => {
	const send = (name: string) =>
		postReservation(
			server.url,
			validReservation({
				name,
				email: VICTIM,
				items: [{ productId: 'creatina-monoidrato', variantId: '500-g', quantity: 1 }],
			}),
		);
	expect((await send('Anna Bianchi')).status).toBe(201);
	expect((await send('Anna Bianchi')).status).toBe(201);
	const third = await send('Anna Bianchi');
	expect(third.status).toBe(201);
	expect(third.json['emailStatus']).toMatchObject({ userConfirmationSent: false });
	// A contact message to the same address, written otherwise: it has had its two.
	const message = await postJson(server.url, {
		...VALID_MESSAGE,
		name: 'Anna Bianchi',
		email: 'Vittima@Example.it',
	});
	expect(message.status).toBe(201);

	await vi.waitFor(() => expect(smtp.mails).toHaveLength(6), { timeout: 20_000, interval: 100 });
	const toVictim = smtp.mails.filter((mail) => mail.to[0]?.toLowerCase() === VICTIM);
	expect(toVictim).toHaveLength(2);
	// Nothing the visitor typed reaches the visitor's address, not even the name.
	for (const mail of toVictim) {
		expect(mail.text).toMatch(/^Ciao,/);
		expect(`${mail.subject}\n${mail.text}`).not.toContain('Anna');
	}
	const toShop = smtp.mails.filter((mail) => mail.to[0]?.toLowerCase() !== VICTIM);
	expect(toShop).toHaveLength(4);
	const told = toShop.filter((mail) => mail.text.includes('Conferma NON inviata'));
	expect(told).toHaveLength(2);

	// Everything is stored; the withheld confirmations have no e-mail row.
	expect(readReservations(dbPath).reservations).toHaveLength(3);
	expect(readReservations(dbPath).emails.map((email) => email.kind)).toEqual([
		'admin',
		'confirmation',
		'admin',
		'confirmation',
		'admin',
	]);
	const messageEmails = readDatabase(dbPath).emails.filter((email) => email.message_id !== null);
	expect(messageEmails.map((email) => email.kind)).toEqual(['admin']);
}, 60_000);
