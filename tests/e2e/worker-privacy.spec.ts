import { expect, test, type Page } from './helpers/test';
import { openControlled } from './helpers/worker';

// Tests here use the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/**
 * What the service worker keeps of a visit stays on the phone for weeks: a pickup code (which
 * collects the reservation at the counter) or what a visitor searched for must not be in it.
 * The page cache keeps pages by their address without the query.
 */

const CODE = 'K7P2QX';
const WORD = 'magnesiosegreto';
const CONFIRMATION = `/lista-ritiro/confermata?codice=${CODE}&negozio=aosta&giorno=2030-04-23&email=simulazione`;

/** Every entry of every cache of the site: the cache, the address and the body. */
function cachedEntries(page: Page) {
	return page.evaluate(async () => {
		const entries: { cache: string; url: string; body: string }[] = [];
		for (const name of await caches.keys()) {
			const cache = await caches.open(name);
			for (const request of await cache.keys()) {
				const response = await cache.match(request);
				const type = response?.headers.get('content-type') ?? '';
				const body = /text|json|javascript/.test(type) ? ((await response?.text()) ?? '') : '';
				entries.push({ cache: name, url: request.url, body });
			}
		}
		return entries;
	});
}

/** The addresses the page cache holds. */
async function cachedPages(page: Page): Promise<string[]> {
	const entries = await cachedEntries(page);
	return entries.filter((entry) => entry.cache === 'pagine').map((entry) => entry.url);
}

test('a confirmation and a search are kept without their code and query', async ({
	page,
	baseURL,
}) => {
	await openControlled(page, '/');
	await page.goto(CONFIRMATION);
	await expect(page.getByText(CODE).first()).toBeVisible();
	await page.goto(`/cerca?q=${WORD}`);
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

	// The worker stores each page once its answer has come: wait until both are in.
	await expect
		.poll(async () => (await cachedPages(page)).map((url) => new URL(url).pathname).sort())
		.toEqual(expect.arrayContaining(['/cerca', '/lista-ritiro/confermata']));

	const entries = await cachedEntries(page);
	expect(entries.length).toBeGreaterThan(0);
	for (const entry of entries) {
		expect(entry.url, entry.cache).not.toContain(CODE);
		expect(entry.url, entry.cache).not.toContain(WORD);
		expect(entry.body, `${entry.cache} ${entry.url}`).not.toContain(CODE);
		expect(entry.body, `${entry.cache} ${entry.url}`).not.toContain(WORD);
	}
	for (const url of await cachedPages(page)) expect(url).not.toContain('?');
	expect(await cachedPages(page)).toContain(`${baseURL}/lista-ritiro/confermata`);
});

test('offline, the confirmation kept without its code still shows the code of its address', async ({
	page,
	context,
}) => {
	await openControlled(page, '/');
	await page.goto(CONFIRMATION);
	await expect(page.getByText(CODE).first()).toBeVisible();
	await expect
		.poll(async () => (await cachedPages(page)).some((url) => url.includes('/confermata')))
		.toBe(true);
	await context.setOffline(true);
	await page.goto('/lista-ritiro/confermata?codice=Q4Z9TB&negozio=torino&giorno=2030-04-23');
	await expect(page.getByText('Q4Z9TB').first()).toBeVisible();
	await context.setOffline(false);
});
