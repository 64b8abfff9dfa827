import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from './helpers/axe';
import Database from 'better-sqlite3';
import { devices } from '@playwright/test';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { createStaffLink, createStaffMember } from '../helpers/staff';
import { singlePieces, validReservation } from '../server/helpers/pickup';
import { startSmtp, type TestSmtp } from '../server/helpers/smtp';
import { addVirtualAuthenticator } from './helpers/webauthn';
import { E2E_PORT } from './helpers/messages';
import { expect, test, type BrowserContext, type Page } from './helpers/test';

/**
 * The staff desk in Chromium, against a server of the build of its own that sends e-mail to an
 * in-process SMTP server (the configured e2e server runs without e-mail): signing in with a
 * passkey (Chromium's virtual authenticator), 'Pronta per il ritiro' delivering the customer's
 * e-mail once, 'Ritirata', 'Annulla' with a reason, a second tab seeing the change, the page on a
 * phone with touch, the keyboard, and axe on every staff screen. Staff open the server as
 * http://localhost:PORT: WebAuthn refuses IP addresses.
 */
// Long flows on a shared machine: each test signs in with a passkey first.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** The port of this spec's own server: the next one after the configured e2e server. */
const PORT = E2E_PORT + 1;
const origin = `http://localhost:${PORT}`;
let server: RunningServer;
let smtp: TestSmtp;
let dir: string;
let dbPath: string;
let pieces: ReturnType<typeof singlePieces> = [];

test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-desk-e2e-'));
	dbPath = join(dir, 'messages.sqlite');
	smtp = await startSmtp();
	server = await startServer({
		port: PORT,
		env: {
			CONTACT_DB_PATH: dbPath,
			CONTACT_RATE_LIMIT: '100000',
			SMTP_HOST: '127.0.0.1',
			SMTP_PORT: String(smtp.port),
			SMTP_SECURE: 'false',
			SHOP_EMAIL: 'negozio@vigorsport.test',
			CONTACT_RETRY_POLL_MS: '200',
			STAFF_RATE_LIMIT: '100000',
			// 'Pronta' undone in its own tests (tests/server/reservations/undo.test.ts): here the e-mail
			// leaves a second after it.
			STAFF_UNDO_SECONDS: '1',
		},
	});
	pieces = singlePieces(120).filter((piece) => piece.shopId === 'torino');
});

test.afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
	rmSync(dir, { recursive: true, force: true });
});

/** Stores a reservation at Torino through the public API; returns its code and id. */
async function reserve(page: Page, email: string): Promise<{ id: number; code: string }> {
	const piece = pieces.shift();
	if (!piece) throw new Error('No single piece left at Torino.');
	const answer = await page.request.post(`${origin}/api/prenotazioni`, {
		data: validReservation({ email, items: [piece.item] }),
		headers: { Origin: origin },
	});
	expect(answer.status()).toBe(201);
	const json = (await answer.json()) as { id: number; code: string };
	return { id: json.id, code: json.code };
}

/** Axe finds nothing on the page (WCAG 2.2 AA). */
async function expectAccessible(page: Page): Promise<void> {
	const { violations } = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
		.analyze();
	expect(
		violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes[0]?.target)}`),
	).toEqual([]);
}

/** The stored state of a reservation's e-mail of this kind. */
function emailState(id: number, kind: string): string | undefined {
	const db = new Database(dbPath, { readonly: true });
	try {
		const row = db
			.prepare(`SELECT status FROM emails WHERE reservation_id = ? AND kind = ?`)
			.get(id, kind) as { status: string } | undefined;
		return row?.status;
	} finally {
		db.close();
	}
}

/** E-mails received for `to` whose subject matches. */
function mailsTo(to: string, subject: RegExp) {
	return smtp.mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
}

/** A page signed in through the real pages: a one-time link, then the passkey. */
async function signIn(context: BrowserContext, name: string): Promise<Page> {
	const page = await context.newPage();
	await addVirtualAuthenticator(page);
	const member = createStaffMember(dbPath, { name, shops: ['torino'] });
	const { url } = createStaffLink(dbPath, member.email, origin);
	await page.goto(url);
	await page.getByRole('button', { name: 'Crea la passkey' }).click();
	await page.waitForURL(`${origin}/gestione`);
	// Out, and in again with the passkey alone.
	await page.getByRole('button', { name: 'Esci' }).click();
	await page.waitForURL(/\/gestione\/accesso/);
	await page.getByRole('button', { name: 'Accedi con la passkey' }).click();
	await page.waitForURL(`${origin}/gestione`);
	return page;
}

test('ready (e-mailed once), collected, cancelled with a reason; axe on every screen', async ({
	context,
}) => {
	const page = await signIn(context, 'Giulia');
	const ready = await reserve(page, 'cliente.pronta@example.it');
	const cancelled = await reserve(page, 'cliente.annulla@example.it');
	await page.reload();
	await expect(page.getByRole('heading', { name: 'Prenotazioni', level: 1 })).toBeVisible();
	await expect(page.getByRole('heading', { level: 2, name: /^Da oggi in poi/ })).toContainText(
		'in attesa',
	);
	await expectAccessible(page);

	await page.locator(`[data-desk-row="${ready.code}"]`).click();
	await expect(page).toHaveURL(`${origin}/gestione/prenotazioni/${ready.id}`);
	await expect(page.getByRole('heading', { level: 1 })).toContainText(ready.code);
	await expect(page.getByRole('link', { name: /^Chiama / })).toHaveAttribute('href', /^tel:\+39/);
	await expect(page.getByRole('link', { name: /^Scrivi a / })).toHaveAttribute(
		'href',
		'mailto:cliente.pronta@example.it',
	);
	await expectAccessible(page);

	await page.getByRole('button', { name: 'Pronta per il ritiro' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Segnata come pronta' })).toBeVisible();
	await expect(page.locator('[data-status]').first()).toHaveText('Pronta per il ritiro');
	await expect.poll(() => emailState(ready.id, 'ready'), { timeout: 15_000 }).toBe('sent');
	// Sent: reloading the page (which sends nothing) and the retry loop add no second one.
	await page.reload();
	await expect
		.poll(() => mailsTo('cliente.pronta@example.it', /pronta per il ritiro/).length)
		.toBe(1);
	expect(mailsTo('cliente.pronta@example.it', /pronta per il ritiro/)[0]?.text).toContain(
		'Ti teniamo i prodotti fino a',
	);
	await expectAccessible(page);

	page.once('dialog', (dialog) => void dialog.accept());
	await page.getByRole('button', { name: 'Ritirata' }).click();
	await expect(page.locator('[data-status]').first()).toHaveText('Ritirata');
	await expect(page.getByText('Giulia: Pronta per il ritiro → Ritirata')).toBeVisible();
	await expect(page.getByRole('button', { name: 'Ritirata' })).toHaveCount(0);

	await page.goto(`${origin}/gestione/prenotazioni/${cancelled.id}`);
	await page.getByText('Annulla la prenotazione…').click();
	await page
		.getByLabel('Motivo (lo riceve il cliente per e-mail)')
		.fill('Il prodotto è arrivato danneggiato');
	await page.getByLabel('Confermo l’annullamento').check();
	await expectAccessible(page);
	await page.getByRole('button', { name: 'Annulla la prenotazione' }).click();
	await expect(page.locator('[data-status]').first()).toHaveText('Annullata');
	await expect(page.getByText('Motivo: Il prodotto è arrivato danneggiato')).toBeVisible();
	await expect
		.poll(() => mailsTo('cliente.annulla@example.it', /annullata/).length, { timeout: 15_000 })
		.toBe(1);
	expect(mailsTo('cliente.annulla@example.it', /annullata/)[0]?.text).toContain(
		'Motivo: Il prodotto è arrivato danneggiato',
	);

	// A reservation that is not there (or another shop's): the same 404 page.
	const missing = await page.goto(`${origin}/gestione/prenotazioni/999999`);
	expect(missing?.status()).toBe(404);
	await expect(page.getByRole('heading', { name: 'Prenotazione non trovata.' })).toBeVisible();
	await expectAccessible(page);
});

test('a second tab sees the change; acting on the old state gets the 409 message', async ({
	context,
}) => {
	const first = await signIn(context, 'Anna');
	const { id, code } = await reserve(first, 'due.schede@example.it');
	await first.goto(`${origin}/gestione/prenotazioni/${id}`);
	const second = await context.newPage();
	await second.goto(`${origin}/gestione`);
	await expect(second.locator(`[data-desk-row="${code}"] [data-status]`)).toHaveText(
		'Da preparare',
	);

	// The first tab marks it ready; the list of the second refreshes when shown again.
	await first.getByRole('button', { name: 'Pronta per il ritiro' }).click();
	await expect(first.locator('[data-status]').first()).toHaveText('Pronta per il ritiro');
	await second.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
	await expect(second.locator(`[data-desk-row="${code}"] [data-status]`)).toHaveText(
		'Pronta per il ritiro',
	);

	// The second opens it, the first collects it meanwhile: the second is told, and its own
	// action is refused with who did what.
	await second.locator(`[data-desk-row="${code}"]`).click();
	first.once('dialog', (dialog) => void dialog.accept());
	await first.getByRole('button', { name: 'Ritirata' }).click();
	await expect(first.locator('[data-status]').first()).toHaveText('Ritirata');
	await second.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
	await expect(second.getByText('Nel frattempo questa prenotazione è cambiata')).toBeVisible();
	await second.getByText('Annulla la prenotazione…').click();
	await second.getByLabel('Motivo (lo riceve il cliente per e-mail)').fill('Doppione');
	await second.getByLabel('Confermo l’annullamento').check();
	await second.getByRole('button', { name: 'Annulla la prenotazione' }).click();
	await expect(second.getByRole('alert')).toHaveText(
		/Nel frattempo Anna l’ha segnata come Ritirata alle \d\d:\d\d\. Ricarica/,
	);
	await expectAccessible(second);
});

test('keyboard: search by code, open it, mark it ready', async ({ context }) => {
	const page = await signIn(context, 'Luca');
	const { code } = await reserve(page, 'tastiera@example.it');
	await page.reload();
	await page.keyboard.press('Tab');
	await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toBeFocused();
	await page.getByLabel('Cerca per codice di ritiro').focus();
	await page.keyboard.type(code.toLowerCase());
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
	const ready = page.getByRole('button', { name: 'Pronta per il ritiro' });
	for (
		let tab = 0;
		tab < 20 && !(await ready.evaluate((el) => el === document.activeElement));
		tab++
	) {
		await page.keyboard.press('Tab');
	}
	await expect(ready).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page.locator('[data-status]').first()).toHaveText('Pronta per il ritiro');
	// A code of no reservation: said next to the field.
	await page.goto(`${origin}/gestione?codice=ZZZZZZ`);
	await expect(page.getByRole('alert')).toHaveText(/Nessuna prenotazione dei tuoi negozi/);
	await expectAccessible(page);
});

test('on a phone with touch, on a fresh page: the first taps work', async ({ browser }) => {
	const phone = await browser.newContext({
		...devices['Pixel 7'],
		locale: 'it-IT',
		timezoneId: 'Europe/Rome',
	});
	try {
		// Enrolled on the phone itself (its own authenticator), then a fresh page.
		const enrolling = await phone.newPage();
		await addVirtualAuthenticator(enrolling);
		const member = createStaffMember(dbPath, { name: 'Sara', shops: ['torino'] });
		await enrolling.goto(createStaffLink(dbPath, member.email, origin).url);
		await enrolling.getByRole('button', { name: 'Crea la passkey' }).tap();
		await enrolling.waitForURL(`${origin}/gestione`);
		await enrolling.close();
		const page = await phone.newPage();
		const { code } = await reserve(page, 'telefono@example.it');
		await page.goto(`${origin}/gestione`, { waitUntil: 'commit' });
		await page.locator(`[data-desk-row="${code}"]`).tap();
		await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
		await page.getByRole('button', { name: 'Pronta per il ritiro' }).tap();
		await expect(page.locator('[data-status]').first()).toHaveText('Pronta per il ritiro');
		// Nothing wider than the screen.
		expect(
			await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
		).toBe(true);
		// The scanner's button shows on every browser with a camera API, BarcodeDetector or not
		// (tests/e2e/staff-scan.spec.ts scans with both).
		await page.goto(`${origin}/gestione`);
		await expect(page.getByRole('button', { name: 'Scansiona il QR' })).toBeVisible();
		await expectAccessible(page);
	} finally {
		await phone.close();
	}
});
