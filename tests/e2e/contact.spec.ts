import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from './helpers/axe';
import { expect, test, type Locator, type Page } from './helpers/test';
import { startServer } from '../../scripts/start-server.mjs';
import {
	CONTACT_ERRORS,
	CONTACT_FIELDS,
	NAME_SHAPE_ERROR,
	type ContactField,
} from '../../src/lib/messages/message-schema';
import { waitForIsland } from './helpers/islands';

/**
 * The contact form on /contatti against the real server (simulation mode: the webServer of
 * playwright.config.ts has no SMTP_HOST), in Chromium (docs/messages.md).
 */

const FORM = 'form[action="/api/contact"]';

// The form as the page itself sends it. Once the service worker controls the page it sends the
// POST itself (to queue it when offline: offline.spec.ts), and page.route cannot hold or fail a
// worker's request, so these tests run without it.
test.use({ serviceWorkers: 'block' });
const WHEY = '/prodotti/proteine/whey-concentrate-80';

/** Each field by its visible label. */
function fields(page: Page): Record<ContactField, Locator> {
	return {
		name: page.getByLabel('Nome e cognome'),
		email: page.getByLabel('E-mail', { exact: true }),
		phone: page.getByLabel('Telefono', { exact: true }),
		message: page.getByLabel('Messaggio', { exact: true }),
		privacy: page.getByRole('checkbox', { name: 'Ho letto e accetto la Privacy Policy' }),
	};
}

const submit = (page: Page) => page.locator(FORM).getByRole('button', { name: /Invia/ });

async function openForm(page: Page, path = '/contatti') {
	await page.goto(path);
	await waitForIsland(page, FORM);
	// Astro marks the island before React has finished; the form's first effect turns the
	// browser's own checks off, so this says it is really running.
	await expect(page.locator(FORM)).toHaveJSProperty('noValidate', true);
}

async function fillValid(page: Page) {
	const form = fields(page);
	await form.name.fill('Mario Rossi');
	await form.email.fill('mario.rossi@example.it');
	await form.phone.fill('+39 011 123 4567');
	await form.message.fill('Vorrei un consiglio su una proteina per la sera.');
	await form.privacy.check();
}

/** The field's error: its aria-describedby points at the red text under it. */
async function expectError(page: Page, field: ContactField, message: string | null) {
	const input = fields(page)[field];
	if (message === null) {
		await expect(input).toHaveAttribute('aria-invalid', 'false');
		await expect(input).not.toHaveAttribute('aria-describedby');
		return;
	}
	await expect(input).toHaveAttribute('aria-invalid', 'true');
	const id = await input.getAttribute('aria-describedby');
	const error = page.locator(`[id="${id}"]`);
	await expect(error).toHaveText(message);
	await expect(error).toBeVisible();
	// Red: the red channel well above the others.
	const [red = 0, green = 0, blue = 0] = await error.evaluate((element) => {
		const canvas = document.createElement('canvas').getContext('2d');
		if (!canvas) return [];
		canvas.fillStyle = getComputedStyle(element).color;
		canvas.fillRect(0, 0, 1, 1);
		return [...canvas.getImageData(0, 0, 1, 1).data];
	});
	expect(red).toBeGreaterThan(150);
	expect(green + blue).toBeLessThan(red);
}

test('shows every validation message under its field, and checks again as the visitor corrects', async ({
	page,
}) => {
	// Axe and some thirty checks of the form: past the default 30 s twice beside the accessibility
	// sweep on a loaded 2-core machine. More time, no timing asserted.
	test.setTimeout(60_000);
	const posts: string[] = [];
	page.on('request', (request) => {
		if (request.url().endsWith('/api/contact')) posts.push(request.method());
	});
	await openForm(page);
	const form = fields(page);
	for (const field of CONTACT_FIELDS) await expectError(page, field, null);

	await submit(page).click();
	for (const field of CONTACT_FIELDS) await expectError(page, field, CONTACT_ERRORS[field]);
	await expect(form.name).toBeFocused();
	const { violations } = await new AxeBuilder({ page })
		.include(FORM)
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
		.analyze();
	expect(violations.map((violation) => violation.id)).toEqual([]);

	// Each message goes as soon as its field follows the rule, and comes back if it breaks it.
	await form.name.fill('Al');
	await expectError(page, 'name', CONTACT_ERRORS.name);
	await form.name.fill('Ali');
	await expectError(page, 'name', null);
	// A name is a name: never a link to send someone.
	await form.name.fill('accedi a https://evil.example/r');
	await expectError(page, 'name', NAME_SHAPE_ERROR);
	await form.name.fill('Ali');
	await expectError(page, 'name', null);
	await form.email.fill('mario@');
	await expectError(page, 'email', CONTACT_ERRORS.email);
	await form.email.fill('mario@example.it');
	await expectError(page, 'email', null);
	// A phone needs six digits: signs alone, or five digits, are not one.
	await form.phone.fill('-----');
	await expectError(page, 'phone', CONTACT_ERRORS.phone);
	await form.phone.fill('12345');
	await expectError(page, 'phone', CONTACT_ERRORS.phone);
	await form.phone.fill('123456');
	await expectError(page, 'phone', null);
	await form.message.fill('Troppo co');
	await expectError(page, 'message', CONTACT_ERRORS.message);
	await form.message.fill('Ora basta così');
	await expectError(page, 'message', null);
	await form.privacy.check();
	await expectError(page, 'privacy', null);
	await form.privacy.uncheck();
	await expectError(page, 'privacy', CONTACT_ERRORS.privacy);

	// Submitting again with one error focuses it and sends nothing.
	await form.phone.fill('12');
	await form.privacy.check();
	await submit(page).click();
	await expect(form.phone).toBeFocused();
	await expectError(page, 'phone', CONTACT_ERRORS.phone);
	expect(posts).toEqual([]);
});

test('while sending the button is disabled; success shows the simulation toast and empties the form', async ({
	page,
}) => {
	await openForm(page);
	await fillValid(page);
	// Hold the request until the sending state has been checked; the real server then answers.
	let release = () => {};
	const held = new Promise<void>((resolve) => (release = resolve));
	await page.route('**/api/contact', async (route) => {
		await held;
		await route.continue();
	});

	await submit(page).click();
	const button = page.locator(FORM).getByRole('button', { name: 'Invio in corso...' });
	await expect(button).toBeDisabled();
	await expect(page.locator(FORM)).toHaveAttribute('data-state', 'submitting');
	release();

	const toast = page.getByRole('status').filter({ hasText: 'Messaggio ricevuto' });
	await expect(toast).toContainText('Messaggio ricevuto in modalità simulazione');
	await expect(submit(page)).toHaveText('Invia Messaggio');
	await expect(submit(page)).toBeEnabled();
	const form = fields(page);
	for (const field of ['name', 'email', 'phone', 'message'] as const) {
		await expect(form[field]).toHaveValue('');
	}
	await expect(form.privacy).not.toBeChecked();
	for (const field of CONTACT_FIELDS) await expectError(page, field, null);

	// The draft went with the message.
	await page.reload();
	await waitForIsland(page, FORM);
	await expect(form.name).toHaveValue('');
});

test('what is typed before the form has hydrated is kept', async ({ page }) => {
	// Hold the form's script, as a slow phone would, while the visitor starts typing.
	let release = () => {};
	const held = new Promise<void>((resolve) => (release = resolve));
	await page.route('**/_astro/ContactForm.*.js', async (route) => {
		await held;
		await route.continue();
	});
	await page.goto('/contatti');
	const form = fields(page);
	await form.name.fill('Mario Rossi');
	await form.message.fill('Scritto prima che la pagina fosse pronta.');
	await form.privacy.check();
	release();
	await expect(page.locator(FORM)).toHaveJSProperty('noValidate', true);
	await form.email.fill('mario.rossi@example.it');
	await expect(form.name).toHaveValue('Mario Rossi');
	await expect(form.message).toHaveValue('Scritto prima che la pagina fosse pronta.');
	await expect(form.privacy).toBeChecked();
	await expect(form.email).toHaveValue('mario.rossi@example.it');
});

test('a stopped server shows the error toast and keeps what was written', async ({ page }) => {
	const dir = mkdtempSync(join(tmpdir(), 'vigorsport-e2e-stop-'));
	const second = await startServer({
		env: { CONTACT_DB_PATH: join(dir, 'messages.sqlite'), SMTP_HOST: '' },
	});
	try {
		await openForm(page, `${second.url}/contatti`);
		await fillValid(page);
		await second.stop();

		await submit(page).click();
		const alert = page.getByRole('alert').filter({ hasText: 'Errore' });
		await expect(alert).toContainText('Errore');
		await expect(alert).toContainText(
			'Si è verificato un errore: impossibile raggiungere il server.',
		);
		await expect(fields(page).name).toHaveValue('Mario Rossi');
		await expect(fields(page).privacy).toBeChecked();
		await expect(submit(page)).toBeEnabled();
	} finally {
		await second.stop();
		rmSync(dir, { recursive: true, force: true });
	}
});

test('the draft survives a reload; the privacy box is asked again', async ({ page }) => {
	await openForm(page);
	await fillValid(page);
	await page.reload();
	await waitForIsland(page, FORM);
	const form = fields(page);
	await expect(form.name).toHaveValue('Mario Rossi');
	await expect(form.email).toHaveValue('mario.rossi@example.it');
	await expect(form.phone).toHaveValue('+39 011 123 4567');
	await expect(form.message).toHaveValue('Vorrei un consiglio su una proteina per la sera.');
	await expect(form.privacy).not.toBeChecked();

	// An unreadable draft is an empty form, not a broken page.
	await page.evaluate(() => localStorage.setItem('vigorsport:contact-draft', '{rotto'));
	await page.reload();
	await waitForIsland(page, FORM);
	await expect(form.name).toHaveValue('');
	await form.name.fill('Anna');
	await expect(form.name).toHaveValue('Anna');
});

test('Prenota in negozio prefills the message with product, variant and shop', async ({
	page,
	request,
}) => {
	const product = (await (await request.get('/api/product/whey-concentrate-80.json')).json()) as {
		name: string;
	};
	await page.goto(`${WHEY}?variante=biscotto-2-kg`);
	await waitForIsland(page, '[data-availability]');
	await page.getByRole('link', { name: 'Prenota in negozio' }).click();
	await expect(page).toHaveURL(
		/\/contatti\?prodotto=whey-concentrate-80&variante=biscotto-2-kg&negozio=aosta#modulo$/,
	);
	await waitForIsland(page, FORM);
	await expect(fields(page).message).toHaveValue(
		`Vorrei prenotare: ${product.name}\nVariante: Biscotto – 2 kg\nNegozio per il ritiro: Sede di Aosta`,
	);

	// What the visitor adds is kept across a reload, with the reservation once.
	await fields(page).message.press('ControlOrMeta+End');
	await fields(page).message.pressSequentially('\nRitiro sabato mattina.');
	await page.reload();
	await waitForIsland(page, FORM);
	await expect(fields(page).message).toHaveValue(
		`Vorrei prenotare: ${product.name}\nVariante: Biscotto – 2 kg\nNegozio per il ritiro: Sede di Aosta\nRitiro sabato mattina.`,
	);
});

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false });

	test('the form posts and lands on the thank-you page', async ({ page }) => {
		await page.goto('/contatti');
		await fillValid(page);
		await submit(page).click();
		await expect(page).toHaveURL(/\/contatti\/inviato$/);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grazie, messaggio ricevuto');
		await page.getByRole('link', { name: 'Torna ai Contatti' }).click();
		await expect(page).toHaveURL(/\/contatti$/);
	});

	test('a message the server refuses gets a page that lists the errors', async ({ page }) => {
		await page.goto('/contatti');
		await fillValid(page);
		// The browser accepts this address; the server's rule wants a domain with a dot.
		await fields(page).email.fill('mario@localhost');
		await submit(page).click();
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(
			'Il messaggio non è stato inviato',
		);
		await expect(page.getByRole('listitem')).toHaveText([`E-mail: ${CONTACT_ERRORS.email}`]);
		await page.getByRole('link', { name: 'Torna al modulo di contatto' }).click();
		await expect(page).toHaveURL(/\/contatti#modulo$/);
	});
});
