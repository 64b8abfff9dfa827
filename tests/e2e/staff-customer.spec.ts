import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './helpers/test';
import { LINES, storeList } from './helpers/pickup';
import { signedInStaffPage, staffOrigin } from './helpers/webauthn';

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

test.describe('the messages for staff', () => {
	test('newest first, marked «Gestito» with who and when; axe before and after', async ({
		context,
		request,
	}) => {
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
