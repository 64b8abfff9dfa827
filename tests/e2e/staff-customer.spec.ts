import AxeBuilder from './helpers/axe';
import { expect, test, type Page } from './helpers/test';
import { LINES, storeList } from './helpers/pickup';
import { signedInStaffPage, staffOrigin } from './helpers/webauthn';
import { openControlled } from './helpers/worker';

// Tests here use the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/**
 * The customer's link and the staff's messages, with the real server, SQLite and Chromium: a
 * reservation sent through the real pickup list on a phone (touch), its confirmation's link,
 * the page of the reservation and its cancelling; the contact messages' list for staff, signed
 * in with a passkey (a virtual authenticator), and its 'Gestito' mark. axe on every screen.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe finds nothing on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
	const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
	expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.describe('the customer’s link', () => {
	test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, serviceWorkers: 'block' });

	test('reserve on the phone, open the link from the confirmation, cancel it once', async ({
		page,
	}) => {
		// A reservation, three pages and three axe runs: on a loaded 2-core machine over 30 s.
		test.setTimeout(120_000);
		await storeList(page, { line: LINES.creatine500, quantity: 1 });
		await page.goto('/lista-ritiro');
		await expect(page.getByRole('button', { name: 'Invia prenotazione' })).toBeVisible();
		const select = page.getByLabel('Giorno di ritiro');
		await select.selectOption((await select.locator('option').nth(1).getAttribute('value')) ?? '');
		await page.getByLabel('Nome e cognome').fill('Chiara Neri');
		await page.getByLabel('E-mail', { exact: true }).fill('chiara.neri@example.com');
		await page.getByLabel('Telefono', { exact: true }).fill('+39 333 7654321');
		await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
		await page.getByRole('button', { name: 'Invia prenotazione' }).tap();

		// The link travels in the fragment: never in the query, never sent to a server.
		await expect(page).toHaveURL(/\/lista-ritiro\/confermata\?[^#]+#link=[A-Za-z0-9_-]{32}$/);
		const code = (await page.locator('[data-pickup-code]').textContent()) ?? '';
		expect(new URL(page.url()).search).not.toContain('link');
		const link = page.getByRole('link', { name: 'Vedi o annulla la prenotazione' });
		await expect(link).toHaveAttribute('href', /^\/prenotazione\/[A-Za-z0-9_-]{32}$/);
		await link.tap();

		await expect(page).toHaveURL(/\/prenotazione\/[A-Za-z0-9_-]{32}$/);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('La tua prenotazione');
		await expect(page.getByText(`Codice di ritiro ${code}`)).toBeVisible();
		await expect(page.locator('[data-customer-status]')).toHaveText('Ricevuta');
		await expect(page.getByText('Creatina Monoidrato 200 Mesh')).toBeVisible();
		await expectAccessible(page);

		await page.getByRole('link', { name: 'Annulla la prenotazione' }).tap();
		const confirm = page.getByRole('region', { name: 'Vuoi davvero annullare la prenotazione?' });
		await expect(confirm).toBeVisible();
		await expectAccessible(page);
		await page
			.getByLabel('Motivo per il negozio (facoltativo)')
			.fill('Passo la settimana prossima');
		await page.getByRole('button', { name: 'Sì, annulla la prenotazione' }).tap();

		await expect(page).toHaveURL(/\/prenotazione\/[A-Za-z0-9_-]{32}\?annullata$/);
		await expect(
			page.getByRole('status').filter({ hasText: 'Prenotazione annullata' }),
		).toBeVisible();
		await expect(page.locator('[data-customer-status]')).toHaveText('Annullata');
		await expect(page.getByRole('link', { name: 'Annulla la prenotazione' })).toHaveCount(0);
		await expectAccessible(page);

		// A reload sends nothing again (the cancel answered 303) and the state stays.
		await page.reload();
		await expect(page.locator('[data-customer-status]')).toHaveText('Annullata');
	});
});

test('the service worker keeps neither the confirmation’s link nor the link’s page', async ({
	page,
}) => {
	const token = 'Zt4-Q_9kLmN0pR2sT5uV7wX8yA1bC3dE';
	await openControlled(page, '/');
	await page.goto(
		`/lista-ritiro/confermata?codice=K7P2QX&negozio=aosta&giorno=2030-04-23&email=simulazione#link=${token}`,
	);
	await expect(page.getByRole('link', { name: 'Vedi o annulla la prenotazione' })).toHaveAttribute(
		'href',
		`/prenotazione/${token}`,
	);
	// A token no reservation has: the not-found page, from the network only.
	expect((await page.goto(`/prenotazione/${token}`))?.status()).toBe(404);
	await page.goto('/');
	const cached = () =>
		page.evaluate(async () => {
			const found: string[] = [];
			for (const name of await caches.keys()) {
				const cache = await caches.open(name);
				for (const request of await cache.keys()) {
					const response = await cache.match(request);
					const type = response?.headers.get('content-type') ?? '';
					const body = /text|json|javascript/.test(type) ? ((await response?.text()) ?? '') : '';
					found.push(`${request.url}\n${body}`);
				}
			}
			return found;
		});
	// The worker stores a page once its answer has come: wait until the confirmation is in.
	await expect
		.poll(async () => (await cached()).some((entry) => entry.includes('/lista-ritiro/confermata')))
		.toBe(true);
	const entries = await cached();
	expect(entries.length).toBeGreaterThan(0);
	for (const entry of entries) expect(entry).not.toContain(token);
});

test.describe('the messages for staff', () => {
	test('newest first, marked «Gestito» with who and when; axe before and after', async ({
		context,
		request,
	}) => {
		test.setTimeout(120_000);
		const sender = `messaggio-${Date.now()}@example.com`;
		const sent = await request.post(`${staffOrigin}/api/contact`, {
			data: {
				name: 'Elena Conti',
				email: sender,
				phone: '+39 011 9876543',
				message: 'Avete la creatina in polvere da 1 kg ad Aosta?',
				privacy: true,
			},
		});
		expect(sent.status()).toBe(201);
		const { page, member } = await signedInStaffPage(context, { name: 'Paola Ferri' });
		await page.goto(`${staffOrigin}/gestione/messaggi`);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messaggi dal sito');
		const item = page.locator('[data-message]').filter({ hasText: sender });
		await expect(page.locator('[data-message]').first()).toContainText(sender);
		await expect(item).toContainText('E-mail: nessuna (modalità simulazione)');
		await expectAccessible(page);

		await item.getByRole('button', { name: 'Segna come gestito' }).click();
		await expect(page.getByRole('status')).toHaveText('Messaggio segnato come gestito.');
		await expect(item).toHaveAttribute('data-state', 'handled');
		await expect(item.locator('[data-handled]')).toContainText(`Gestito da ${member.name} il `);
		await expect(item.getByRole('button', { name: 'Segna come gestito' })).toHaveCount(0);
		await expectAccessible(page);
	});
});
