import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { createStaffSession, playwrightCookie } from '../helpers/staff';
import { startSmtp, type TestSmtp } from '../server/helpers/smtp';
import { waitForIsland } from './helpers/islands';
import { E2E_PORT } from './helpers/messages';
import { expect, test } from './helpers/test';

/**
 * 'Avvisami' end to end on a phone with touch (390×844, tap()), against a server of its own
 * sending to a real SMTP server: a visitor asks on a variant no shop has, confirms from the
 * caught e-mail, staff record '+ Arrivo merce', the notice arrives, and its link opens the
 * product with that variant chosen and available.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

// Each spec with a server of its own has its own port: staff-stock +6, this one +7.
const PORT = E2E_PORT + 7;
const origin = `http://127.0.0.1:${PORT}`;
let server: RunningServer;
let smtp: TestSmtp;
let dir: string;
let dbPath: string;

test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-alerts-e2e-'));
	dbPath = join(dir, 'messages.sqlite');
	smtp = await startSmtp();
	server = await startServer({
		port: PORT,
		env: {
			CONTACT_DB_PATH: dbPath,
			CONTACT_RATE_LIMIT: '100000',
			STAFF_RATE_LIMIT: '100000',
			SMTP_HOST: '127.0.0.1',
			SMTP_PORT: String(smtp.port),
			SMTP_SECURE: 'false',
			SHOP_EMAIL: 'negozio@vigorsport.test',
			PUBLIC_ORIGIN: origin,
			CONTACT_RETRY_POLL_MS: '100',
		},
	});
});

test.afterAll(async () => {
	await server?.stop();
	await smtp?.stop();
	rmSync(dir, { recursive: true, force: true });
});

const PRODUCT = '/prodotti/proteine/whey-concentrate-80';
const VARIANT = 'cioccolato-900-g';
const EMAIL = 'giulia.bianchi@example.it';

/** The link of the latest e-mail to EMAIL whose subject starts with `subject`. */
async function linkIn(subject: string, pattern: RegExp): Promise<string> {
	await expect
		.poll(() =>
			smtp.mails.some((mail) => mail.to.includes(EMAIL) && mail.subject.startsWith(subject)),
		)
		.toBe(true);
	const mail = smtp.mails.findLast(
		(item) => item.to.includes(EMAIL) && item.subject.startsWith(subject),
	);
	const link = pattern.exec(mail?.text ?? '')?.[0];
	if (!link) throw new Error(`no link in ${mail?.text ?? 'no mail'}`);
	return link;
}

test('ask on a sold-out variant, confirm, an arrival at the shop, the e-mail opens the variant', async ({
	browser,
}) => {
	const context = await browser.newContext({
		viewport: { width: 390, height: 844 },
		hasTouch: true,
		isMobile: true,
		locale: 'it-IT',
		timezoneId: 'Europe/Rome',
	});
	try {
		const visitor = await context.newPage();
		await visitor.goto(`${origin}${PRODUCT}?variante=${VARIANT}`);
		const torino = visitor.locator(
			'[data-stock-line] [data-live-stock="shop"][data-shop="torino"]',
		);
		await expect(torino).toHaveText('non disponibile', { timeout: 15_000 });
		// The link appears once the figures say a shop has none, and opens the form's page.
		await visitor.getByRole('link', { name: 'Avvisami quando torna disponibile' }).tap();
		await expect(visitor).toHaveURL(
			/\/avviso\?prodotto=whey-concentrate-80&variante=cioccolato-900-g$/,
		);
		await waitForIsland(visitor, '[data-alert-request]');
		const form = visitor.locator('[data-alert-request]');
		await expect(form.getByLabel('Negozio')).toBeVisible();
		await form.getByLabel('Negozio').selectOption('torino');
		await form.getByLabel('Email').fill(EMAIL);
		// Without consent: the form's Italian message, nothing sent.
		await form.getByRole('button', { name: 'Avvisami' }).tap();
		await expect(form).toContainText('Devi accettare la Privacy Policy per continuare.');
		await form.getByRole('checkbox').tap();
		await form.getByRole('button', { name: 'Avvisami' }).tap();
		await expect(form.getByRole('status')).toContainText('apri il link nell’email per confermare');

		const confirm = await linkIn('Conferma l’avviso', /http:\/\/\S+\/avviso\?token=\S+/);
		await visitor.goto(confirm);
		await visitor.getByRole('button', { name: 'Conferma la richiesta' }).tap();
		await expect(
			visitor.getByRole('status').filter({ hasText: 'Richiesta confermata' }),
		).toBeVisible();

		// Staff record the arrival on the stock page.
		const { token } = createStaffSession(dbPath, { name: 'Sara', shops: ['torino'] }, origin);
		const { url: _url, ...cookie } = playwrightCookie(token, origin);
		await context.addCookies([{ ...cookie, domain: '127.0.0.1', path: '/' }]);
		const staff = await context.newPage();
		await staff.goto(
			`${origin}/gestione/magazzino/variante?negozio=torino&prodotto=whey-concentrate-80&variante=${VARIANT}`,
		);
		await staff.getByLabel('Pezzi').fill('2');
		await staff.getByRole('button', { name: '+ Arrivo merce' }).tap();
		await expect(
			staff.getByRole('status').filter({ hasText: 'Movimento registrato.' }),
		).toBeVisible();

		const notice = await linkIn(
			'È tornato disponibile',
			new RegExp(`http://\\S+${PRODUCT}\\?variante=${VARIANT}`),
		);
		const page = await context.newPage();
		await page.goto(notice);
		await expect(
			page.locator('[data-stock-line] [data-live-stock="shop"][data-shop="torino"]'),
		).toHaveText('2 disponibili');
		// The variant chosen: the availability box names it.
		await expect(page.locator('[data-availability]')).toContainText('Cioccolato – 900 g');
		expect(new URL(page.url()).searchParams.get('variante')).toBe(VARIANT);
	} finally {
		await context.close();
	}
});
