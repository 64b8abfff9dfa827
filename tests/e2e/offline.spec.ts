import { expect, test, type BrowserContext, type Page } from './helpers/test';
import { waitForIsland } from './helpers/islands';
import { FAVOURITES_KEY, SAVED_WHEY, storedFavourites } from './helpers/favourites';
import { storedMessagesFrom } from './helpers/messages';
import { openControlled } from './helpers/worker';

// Tests here use the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/** The service worker at /sw.js: offline pages, the offline page, updates (docs/offline.md). */

const PRODUCT = '/prodotti/proteine/whey-concentrate-80';

test('registers /sw.js with scope / after the page has loaded', async ({ page, baseURL }) => {
	await page.goto('/');
	const registration = await page.evaluate(async () => {
		const ready = await navigator.serviceWorker.ready;
		return { scope: ready.scope, script: ready.active?.scriptURL ?? '' };
	});
	expect(registration.scope).toBe(`${baseURL}/`);
	expect(registration.script).toBe(`${baseURL}/sw.js`);
});

test('a visited product page opens offline', async ({ page, context }) => {
	await openControlled(page, '/');
	await page.goto(PRODUCT);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whey 80 Concentrate');
	await context.setOffline(true);
	await page.reload();
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whey 80 Concentrate');
	await context.setOffline(false);
});

test('a page never visited shows "Sei offline" with the pages available', async ({
	page,
	context,
}) => {
	await openControlled(page, '/');
	await context.setOffline(true);
	await page.goto('/prodotti/supplementi/magnesio');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sei offline');
	await expect(page.getByRole('link', { name: 'I tuoi preferiti' })).toHaveAttribute(
		'href',
		'/preferiti',
	);
	await context.setOffline(false);
});

test('/preferiti works offline, with the saved products', async ({ page, context }) => {
	await openControlled(page, '/');
	await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
		FAVOURITES_KEY,
		storedFavourites(SAVED_WHEY),
	] as const);
	await context.setOffline(true);
	await page.goto('/preferiti');
	await expect(page.getByRole('heading', { name: 'I Tuoi Preferiti' })).toBeVisible();
	await expect(page.getByRole('heading', { name: '1 prodotto salvato' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Whey 80 Concentrate', exact: true })).toBeVisible();
	await context.setOffline(false);
});

/**
 * Fills the contact form on a page the worker controls, goes offline and sends: the message is
 * queued, as the status under the form says.
 */
async function sendOffline(
	page: Page,
	context: BrowserContext,
	fields: { name: string; email: string; phone: string; message: string },
) {
	await openControlled(page, '/contatti');
	await waitForIsland(page, 'form');
	await page.getByLabel('Nome e cognome').fill(fields.name);
	await page.getByLabel('E-mail', { exact: true }).fill(fields.email);
	await page.getByLabel('Telefono', { exact: true }).fill(fields.phone);
	await page.getByLabel('Messaggio', { exact: true }).fill(fields.message);
	await page.getByRole('checkbox').check();
	await context.setOffline(true);
	await page.getByRole('button', { name: 'Invia Messaggio' }).click();
	await expect(
		page
			.getByRole('status')
			.filter({ hasText: 'verrà inviato appena torna la connessione' })
			.first(),
	).toBeVisible();
}

test('a contact message written offline is sent once back online', async ({ page, context }) => {
	await sendOffline(page, context, {
		name: 'Giulia Offline',
		email: 'giulia.offline@example.com',
		phone: '+39 333 1234567',
		message: 'Vorrei sapere se avete la creatina da 500 g.',
	});
	await expect(page.getByLabel('Nome e cognome')).toHaveValue('Giulia Offline');
	await context.setOffline(false);
	await page.evaluate(() => window.dispatchEvent(new Event('online')));
	await expect(page.getByText('Messaggio ricevuto in modalità simulazione')).toBeVisible();
	await expect(page.getByLabel('Nome e cognome')).toHaveValue('');
});

test('a message queued offline, sent with its tab closed, is not stored again when resent', async ({
	page,
	context,
}) => {
	// An address of this attempt's own: repeats and retries write to the same database.
	const { repeatEachIndex, retry } = test.info();
	const EMAIL = `marco.doppione.${repeatEachIndex}.${retry}@example.com`;
	await sendOffline(page, context, {
		name: 'Marco Doppione',
		email: EMAIL,
		phone: '+39 333 7654321',
		message: 'Avete la whey al cioccolato da 2 kg?',
	});
	await page.close();

	// Back online with only the home page open: the worker sends the queued message (the
	// browser's sync event, or the page's word that it is online), and no contact form hears.
	const home = await context.newPage();
	await context.setOffline(false);
	await openControlled(home, '/');
	await home.evaluate(() =>
		navigator.serviceWorker.controller?.postMessage({ type: 'REPLAY_CONTACT' }),
	);
	await expect.poll(() => storedMessagesFrom(EMAIL)).toBe(1);

	// Later the visitor finds the draft and sends it again: the shop has it once.
	await home.goto('/contatti');
	await waitForIsland(home, 'form');
	await expect(home.getByLabel('Nome e cognome')).toHaveValue('Marco Doppione');
	await home.getByRole('checkbox').check();
	const answer = home.waitForResponse((response) => response.url().endsWith('/api/contact'));
	await home.getByRole('button', { name: 'Invia Messaggio' }).click();
	expect((await answer).status()).toBe(200);
	await expect(home.getByText('Messaggio ricevuto in modalità simulazione')).toBeVisible();
	await expect(home.getByLabel('Nome e cognome')).toHaveValue('');
	expect(storedMessagesFrom(EMAIL)).toBe(1);
});

test('the manifest makes the site installable', async ({ request, page }) => {
	await page.goto('/');
	const href = await page.locator('link[rel="manifest"]').getAttribute('href');
	expect(href).toBe('/manifest.webmanifest');
	const response = await request.get(href ?? '');
	expect(response.headers()['cache-control']).toContain('must-revalidate');
	const manifest = (await response.json()) as {
		name: string;
		short_name: string;
		lang: string;
		start_url: string;
		display: string;
		icons: { src: string; sizes: string; purpose: string }[];
	};
	expect(manifest).toMatchObject({
		short_name: 'Vigor Sport',
		lang: 'it',
		start_url: '/',
		display: 'standalone',
	});
	// Chromium's installability rules: a 192 and a 512 px icon, and one maskable.
	const sizes = manifest.icons.map((icon) => icon.sizes);
	expect(sizes).toContain('192x192');
	expect(sizes).toContain('512x512');
	expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
	for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
});

test('HTML, /sw.js and the manifest are revalidated; hashed assets are immutable', async ({
	request,
	page,
}) => {
	for (const path of ['/sw.js', '/manifest.webmanifest', '/', '/prodotti']) {
		const response = await request.get(path);
		expect(response.headers()['cache-control'], path).toBe('public, max-age=0, must-revalidate');
	}
	await page.goto('/');
	// The layout's script, which «avvio» imports after the first paint (docs/navigation.md).
	const script = await page
		.locator('script[data-site-script="avvio"][data-src^="/_astro/"]')
		.getAttribute('data-src');
	const asset = await request.get(script ?? '');
	expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('the editor (/admin) is never kept by the service worker, and offline it does not open', async ({
	page,
	context,
}) => {
	await openControlled(page, '/');
	const editor = await page.goto('/admin');
	expect(editor?.status()).toBe(200);
	await page.getByRole('button').first().waitFor();
	const kept = await page.evaluate(async () => {
		const urls: string[] = [];
		for (const name of await caches.keys()) {
			for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
		}
		return urls;
	});
	expect(kept.length).toBeGreaterThan(0);
	expect(kept.filter((url) => new URL(url).pathname.startsWith('/admin'))).toEqual([]);
	await context.setOffline(true);
	await expect(page.goto('/admin')).rejects.toThrow();
	await context.setOffline(false);
});
