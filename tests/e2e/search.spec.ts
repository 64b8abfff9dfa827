import AxeBuilder from './helpers/axe';
import { expect, test, type Page } from './helpers/test';

/**
 * The catalogue search (docs/search.md): Pagefind's index of the product pages, the header's field
 * and /cerca. Byte counts, never timings.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The first search may transfer this much of Pagefind (JS, worker, WASM, index), brotli. */
const FIRST_SEARCH_BUDGET = 100 * 1024;

const field = (page: Page) => page.getByRole('searchbox', { name: 'Cosa cerchi?' });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /prodott/ });
const results = (page: Page) => page.locator('[data-search-result]');
const resultNames = (page: Page) => results(page).getByRole('heading', { level: 2 });

/** Opens /cerca and searches for `words` by typing them, as a visitor does. */
async function search(page: Page, words: string) {
	if (!page.url().endsWith('/cerca') && !page.url().includes('/cerca?')) await page.goto('/cerca');
	await field(page).fill(words);
	await shown(page, `?${new URLSearchParams({ q: words }).toString()}`);
}

/** Waits until the page shows the results of the address query `search` ('?q=whey'). */
async function shown(page: Page, search: string) {
	await expect(page.locator(`[data-results-for="${search}"]`)).toBeVisible();
}

/** The count the page announces ('12 prodotti' → 12). */
async function count(page: Page): Promise<number> {
	await expect(status(page)).toHaveText(/^\d+ prodott[io]$/);
	return Number.parseInt((await status(page).textContent()) ?? '', 10);
}

test.describe('search', () => {
	test.use({ serviceWorkers: 'block' });

	test('nothing of search loads before the field is focused; the first search stays small', async ({
		page,
	}) => {
		const loaded: { path: string; bytes: number }[] = [];
		page.on('requestfinished', async (request) => {
			const path = new URL(request.url()).pathname;
			if (!path.startsWith('/pagefind/')) return;
			// Bytes on the wire; a worker's script is reported as 0, its Content-Length says.
			const length = Number((await request.response())?.headers()['content-length'] ?? 0);
			loaded.push({ path, bytes: Math.max((await request.sizes()).responseBodySize, length) });
		});
		await page.goto('/prodotti/proteine/whey-concentrate-80', { waitUntil: 'networkidle' });
		await page.getByRole('searchbox', { name: 'Cerca prodotti' }).focus();
		await page.goto('/cerca', { waitUntil: 'networkidle' });
		await page.keyboard.press('Shift');
		await expect(page.locator('astro-island[component-url*="SearchPage"]')).not.toHaveAttribute(
			'ssr',
		);
		await page.waitForLoadState('networkidle');
		expect(loaded, 'no Pagefind file before the field has focus').toEqual([]);

		await field(page).fill('whey');
		await expect(resultNames(page).first()).toBeVisible();
		await page.waitForLoadState('networkidle');
		const total = loaded.reduce((sum, file) => sum + file.bytes, 0);
		console.log(
			`first search: ${total} bytes over ${loaded.length} files\n` +
				loaded.map((file) => `  ${file.path} ${file.bytes}`).join('\n'),
		);
		expect(loaded.some((file) => file.path === '/pagefind/pagefind.js')).toBe(true);
		expect(total).toBeLessThanOrEqual(FIRST_SEARCH_BUDGET);
	});

	// One page of /cerca for every search typed in turn: each one replaces the results of the
	// one before, as when a visitor tries several words.
	test('searches typed in turn: a brand, accents, two words, nothing found (axe), a product name', async ({
		page,
	}) => {
		await test.step('a brand finds its products, and only them', async () => {
			await search(page, 'Granforza');
			expect(await count(page)).toBeGreaterThan(3);
			for (const brand of await results(page).locator('p').first().allTextContents()) {
				expect(brand).toBe('Granforza Foods');
			}
			const brands = await results(page).evaluateAll((items) =>
				items.map((item) => item.querySelector('p')?.textContent),
			);
			expect(new Set(brands)).toEqual(new Set(['Granforza Foods']));
		});

		await test.step("'caffe' and 'caffè' find the same products", async () => {
			await search(page, 'caffè');
			const accented = await resultNames(page).allTextContents();
			expect(accented).toContain('Hydro Whey');
			await search(page, 'caffe');
			expect((await resultNames(page).allTextContents()).sort()).toEqual(accented.sort());
		});

		await test.step('two words narrow the results', async () => {
			await search(page, 'whey');
			const one = await count(page);
			await search(page, 'whey isolate');
			const two = await count(page);
			expect(two).toBeGreaterThan(0);
			expect(two).toBeLessThan(one);
		});

		await test.step('nothing found: says so, with suggestions and the categories; axe finds nothing', async () => {
			await search(page, 'zanzariera');
			const empty = page.locator('[data-search-empty]');
			await expect(empty.getByRole('heading', { level: 2 })).toHaveText(
				'Nessun prodotto trovato per «zanzariera»',
			);
			await expect(empty.getByRole('link', { name: 'Proteine' })).toHaveAttribute(
				'href',
				'/prodotti/proteine',
			);
			await expect(results(page)).toHaveCount(0);
			// The start is in the site-wide sweep (a11y.spec.ts), results with a filter set in
			// phone.spec.ts, on both phones.
			const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
			expect(violations.map((v) => `${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
		});

		await test.step('a product name finds it, with picture, brand, price, category and link', async () => {
			await search(page, 'Whey Isolate');
			expect(await count(page)).toBe(1);
			const result = results(page).first();
			await expect(result.getByRole('link', { name: 'Whey Isolate 90' })).toHaveAttribute(
				'href',
				'/prodotti/proteine/whey-isolate-90',
			);
			await expect(result).toContainText('Nordika Nutrition');
			await expect(result).toContainText(/A partire da \d+,\d\d\s€/);
			await expect(result).toContainText('Proteine');
			await expect(result.locator('img')).toHaveAttribute('src', /\.webp$/);
			await result.getByRole('link').click();
			await expect(page).toHaveURL(/\/prodotti\/proteine\/whey-isolate-90$/);
		});
	});

	test("'proteica' and 'proteine' find each other", async ({ page }) => {
		// In one category each, so the product is on the first page of results.
		await page.goto('/cerca?q=proteica&categoria=dimagranti');
		await shown(page, '?q=proteica&categoria=dimagranti');
		await expect(resultNames(page)).toContainText(['Shake Linea Proteine e Fibre']);
		await page.goto('/cerca?q=proteine&categoria=alimenti-fit');
		await shown(page, '?q=proteine&categoria=alimenti-fit');
		await expect(resultNames(page)).toContainText(['Crema Proteica Spalmabile']);
	});

	test('filters narrow and reset, in the address; back and forward follow', async ({ page }) => {
		await page.goto('/cerca?q=proteine');
		await shown(page, '?q=proteine');
		const all = await count(page);
		// The filters and the order are behind 'Filtri', which counts the filters set.
		const filters = page.getByRole('button', { name: /^Filtri/ });
		await filters.click();
		await expect(filters).toHaveAttribute('aria-expanded', 'true');
		await page.getByLabel('Categoria').selectOption('alimenti-fit');
		await shown(page, '?q=proteine&categoria=alimenti-fit');
		await expect.poll(() => count(page)).toBeLessThan(all);
		const inCategory = await count(page);
		await expect(results(page).getByText('Alimenti Fit', { exact: true })).toHaveCount(inCategory);

		await page.getByLabel('Prezzo').selectOption('0-25');
		await shown(page, '?q=proteine&categoria=alimenti-fit&prezzo=0-25');
		await expect.poll(() => count(page)).toBeLessThanOrEqual(inCategory);
		await expect(filters).toHaveAccessibleName('Filtri 2 attivi');

		await page.getByLabel('Ordina per').selectOption('prezzo-crescente');
		await expect(page).toHaveURL(/ordina=prezzo-crescente/);

		await page.goBack();
		await expect(page).not.toHaveURL(/ordina=/);
		await page.goBack();
		await shown(page, '?q=proteine&categoria=alimenti-fit');
		await expect.poll(() => count(page)).toBe(inCategory);
		await expect(page.getByLabel('Categoria')).toHaveValue('alimenti-fit');

		await page.getByRole('button', { name: 'Rimuovi i filtri' }).click();
		await shown(page, '?q=proteine');
		await expect.poll(() => count(page)).toBe(all);
	});

	test('results come a page at a time; «Mostra altri risultati» adds the next', async ({
		page,
	}) => {
		await page.goto('/cerca?prezzo=0-25');
		await shown(page, '?prezzo=0-25');
		const total = await count(page);
		expect(total, 'the sample catalogue has more than a page of these').toBeGreaterThan(12);
		await expect(results(page)).toHaveCount(12);
		await page.getByRole('button', { name: /^Mostra altri risultati/ }).click();
		await expect(results(page)).toHaveCount(Math.min(total, 24));
	});

	test('a shared address shows the same results, sorted by price', async ({ page }) => {
		await page.goto('/cerca?q=whey&ordina=prezzo-decrescente');
		await shown(page, '?q=whey&ordina=prezzo-decrescente');
		await expect(field(page)).toHaveValue('whey');
		await expect(page.getByLabel('Ordina per')).toHaveValue('prezzo-decrescente');
		await expect(resultNames(page).first()).toBeVisible();
		const prices = await results(page).evaluateAll((items) =>
			items.map((item) =>
				Number((/(\d+),(\d\d)/.exec(item.textContent ?? '') ?? []).slice(1).join('')),
			),
		);
		expect(prices.length).toBeGreaterThan(1);
		expect(prices).toEqual([...prices].sort((a, b) => b - a));
	});

	test('by keyboard only: header field, Enter, a result', async ({ page }) => {
		await page.goto('/');
		const header = page.getByRole('searchbox', { name: 'Cerca prodotti' });
		for (
			let tab = 0;
			tab < 20 && !(await header.evaluate((el) => el === document.activeElement));
			tab++
		) {
			await page.keyboard.press('Tab');
		}
		await expect(header).toBeFocused();
		await page.keyboard.type('creatina');
		await page.keyboard.press('Enter');
		await expect(page).toHaveURL(/\/cerca\?q=creatina$/);
		await expect(field(page)).toHaveValue('creatina');
		const first = results(page).first().getByRole('link');
		await expect(first).toBeVisible();
		for (
			let tab = 0;
			tab < 40 && !(await first.evaluate((el) => el === document.activeElement));
			tab++
		) {
			await page.keyboard.press('Tab');
		}
		await expect(first).toBeFocused();
		const href = await first.getAttribute('href');
		await page.keyboard.press('Enter');
		await expect(page).toHaveURL(new RegExp(`${href}$`));
	});

	test('only product pages are in the index', async ({ page }) => {
		await page.goto('/cerca?q=negozi');
		await shown(page, '?q=negozi');
		for (const href of await results(page)
			.getByRole('link')
			.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
			expect(href).toMatch(/^\/prodotti\/[^/]+\/[^/]+$/);
		}
		await page.goto('/cerca?q=Buttigliera');
		await shown(page, '?q=Buttigliera');
		await expect(page.locator('[data-search-empty]')).toBeVisible();
	});
});

test('without JavaScript, /cerca explains that search needs it and lists the categories', async ({
	request,
}) => {
	// Chromium with scripting turned off by Playwright still parses <noscript> as if it ran
	// scripts, so the page's HTML is checked as a browser without JavaScript receives it.
	const html = await (await request.get('/cerca')).text();
	const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
	expect(noscript).toContain('La ricerca ha bisogno di JavaScript');
	expect(noscript).toContain('href="/prodotti/proteine"');
	expect(noscript).toContain('href="/prodotti/alimenti-fit"');
	// The form is a plain GET form to /cerca, as are the header's two (wide screens, phones).
	const forms = html.match(/<form[^>]*>/g) ?? [];
	const searchForms = forms.filter((form) => form.includes('role="search"'));
	expect(searchForms).toHaveLength(3);
	for (const form of searchForms) {
		expect(form).toContain('action="/cerca"');
		expect(form).toContain('method="get"');
	}
});

test.describe('on a phone', () => {
	test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, hasTouch: true });

	test('one tap on the header search button opens a field; its words open the results', async ({
		page,
	}) => {
		// A fresh page: the header has not hydrated, and the button works natively.
		await page.goto('/', { waitUntil: 'networkidle' });
		await page.getByRole('button', { name: 'Cerca' }).tap();
		const panelField = page.getByRole('searchbox', { name: 'Cerca prodotti' });
		await expect(panelField).toBeVisible();
		await expect(panelField).toBeFocused();
		await page.keyboard.type('creatina');
		await page.keyboard.press('Enter');
		await expect(page).toHaveURL(/\/cerca\?q=creatina$/);
		await expect(resultNames(page).first()).toBeVisible();
		await expect(status(page)).toHaveText(/^\d+ prodott[io]$/);
	});

	test('the search panel closes with Escape and with its close button', async ({ page }) => {
		await page.goto('/prodotti');
		const button = page.getByRole('button', { name: 'Cerca', exact: true });
		await button.tap();
		const panelField = page.getByRole('searchbox', { name: 'Cerca prodotti' });
		await expect(panelField).toBeFocused();
		await page.keyboard.press('Escape');
		await expect(panelField).toBeHidden();
		await expect(button).toBeFocused();
		await button.tap();
		await page.getByRole('button', { name: 'Chiudi la ricerca' }).tap();
		await expect(panelField).toBeHidden();
	});
});

test.describe('offline', () => {
	// The service worker keeps the search's files (playwright.config.ts blocks it by default).
	test.use({ serviceWorkers: 'allow' });

	test('after one search online, search works offline; pages not kept say so', async ({
		page,
		context,
	}) => {
		await page.goto('/cerca');
		await page.evaluate(async () => {
			await navigator.serviceWorker.ready;
			if (!navigator.serviceWorker.controller) {
				await new Promise((resolve) =>
					navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
				);
			}
		});
		await page.goto('/prodotti/proteine/whey-isolate-90');
		await page.goto('/cerca?q=whey');
		await shown(page, '?q=whey');
		await expect(resultNames(page)).toHaveCount(await count(page));
		await context.setOffline(true);
		await page.reload();
		await shown(page, '?q=whey');
		await expect(field(page)).toHaveValue('whey');
		await expect(status(page)).toHaveText(/^\d+ prodotti$/);
		const visited = results(page).filter({ hasText: 'Whey Isolate 90' });
		await expect(visited.getByRole('link', { name: 'Whey Isolate 90' })).toBeVisible();
		const other = results(page).filter({ hasText: 'Hydro Whey' });
		await expect(other).toContainText('Pagina non disponibile offline');
		await expect(other.getByRole('link')).toHaveCount(0);
		await context.setOffline(false);
	});
});
