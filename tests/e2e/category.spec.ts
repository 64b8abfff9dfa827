import { expect, test, type Page } from './helpers/test';
import { waitForIsland } from './helpers/islands';
import { FAVOURITES_KEY, SAVED_WHEY, storedFavourites } from './helpers/favourites';

/** Category page: sorting, filters, reset and the state kept in the address (docs/catalogue.md). */

const CATEGORY = '/prodotti/proteine';

const cards = (page: Page) => page.locator('[data-product]:visible');

/** Prices shown on the visible cards, in cents, in the order shown. */
async function shownPrices(page: Page): Promise<number[]> {
	const texts = await cards(page).locator('text=/\\d+,\\d{2}\\s€/').allInnerTexts();
	return texts.map((text) => Number(text.replace(/[^\d]/g, '')));
}

async function shownNames(page: Page): Promise<string[]> {
	return cards(page).getByRole('heading').allInnerTexts();
}

async function open(page: Page, path = CATEGORY) {
	await page.goto(path);
	await waitForIsland(page, 'select');
}

test('lists every product of the category in the HTML, A–Z, with the count', async ({
	browser,
}) => {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto(CATEGORY);
	const names = await shownNames(page);
	expect(names.length).toBeGreaterThan(4);
	expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'it')));
	await expect(page.getByText(`${names.length} prodotti`)).toBeVisible();
	await expect(cards(page).first().getByText('A partire da')).toBeVisible();
	await expect(
		cards(page)
			.first()
			.getByRole('link', { name: /Vedi Dettagli/ }),
	).toBeVisible();
	await context.close();
});

test('sorting reorders the cards', async ({ page }) => {
	await open(page);
	const sort = page.getByLabel('Ordina per');

	await sort.selectOption('prezzo-crescente');
	const ascending = await shownPrices(page);
	expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

	await sort.selectOption('prezzo-decrescente');
	const descending = await shownPrices(page);
	expect(descending).toEqual([...ascending].reverse());

	await sort.selectOption('nome-za');
	const names = await shownNames(page);
	expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'it')));
	await expect(page).toHaveURL(/ordina=nome-za/);
});

test('the brand filter narrows to one brand and the price band to its prices', async ({ page }) => {
	await open(page);
	const total = await cards(page).count();
	await page.getByRole('button', { name: /Filtri/ }).click();
	await expect(page.getByRole('button', { name: /Filtri/ })).toHaveAttribute(
		'aria-expanded',
		'true',
	);

	await page.getByLabel('Marca').selectOption('Nordika Nutrition');
	const brands = await cards(page).locator('[data-brand]').allInnerTexts();
	expect(brands.length).toBeGreaterThan(0);
	expect(brands.length).toBeLessThan(total);
	expect(new Set(brands)).toEqual(new Set(['Nordika Nutrition']));
	await expect(page.getByText(`${brands.length} prodott`, { exact: false }).first()).toBeVisible();

	await page.getByLabel('Marca').selectOption('tutte');
	await page.getByLabel('Prezzo').selectOption('25-50');
	const prices = await shownPrices(page);
	expect(prices.length).toBeLessThan(total);
	for (const price of prices) expect(price).toBeGreaterThanOrEqual(2500);
	for (const price of prices) expect(price).toBeLessThanOrEqual(5000);
});

test('no match shows the empty state, and reset brings every product back', async ({ page }) => {
	await open(page);
	const total = await cards(page).count();
	await page.getByRole('button', { name: /Filtri/ }).click();
	await page.getByLabel('Prezzo').selectOption('100+');
	await expect(page.getByText('Nessun prodotto trovato')).toBeVisible();
	await expect(page.getByText('Prova a modificare i filtri di ricerca.')).toBeVisible();
	await expect(cards(page)).toHaveCount(0);

	await page.getByRole('button', { name: 'Azzera filtri' }).click();
	await expect(cards(page)).toHaveCount(total);
	await expect(page.getByLabel('Prezzo')).toHaveValue('tutti');
	await expect(page.getByLabel('Marca')).toHaveValue('tutte');
	await expect(page).toHaveURL(new RegExp(`${CATEGORY}$`));
});

test('the choices survive a reload and the back button', async ({ page }) => {
	await open(page);
	await page.getByLabel('Ordina per').selectOption('prezzo-decrescente');
	await page.getByRole('button', { name: /Filtri/ }).click();
	await page.getByLabel('Marca').selectOption('Nordika Nutrition');
	const before = await shownNames(page);

	await page.reload();
	await waitForIsland(page, 'select');
	await expect(page.getByLabel('Ordina per')).toHaveValue('prezzo-decrescente');
	await expect(page.getByLabel('Marca')).toHaveValue('Nordika Nutrition');
	expect(await shownNames(page)).toEqual(before);

	await page.goBack();
	await expect(page.getByLabel('Marca')).toHaveValue('tutte');
	await expect(page.getByLabel('Ordina per')).toHaveValue('prezzo-decrescente');
});

test('a heart held down while the sort controls wake up saves the product when let go', async ({
	page,
}) => {
	// Stored favourites: the hearts wake up on their own, the sort controls on the first press.
	await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
		key: FAVOURITES_KEY,
		value: storedFavourites(SAVED_WHEY),
	});
	await page.goto(CATEGORY);
	const controls = page.locator('astro-island:has(select)');
	const card = cards(page).first();
	const heart = card.locator('button[data-favourite]');
	const island = page.locator('astro-island:has(button[data-favourite])').first();
	await expect(island).not.toHaveAttribute('ssr');
	await expect(controls).toHaveAttribute('ssr');
	await expect(heart).toHaveAttribute('aria-pressed', 'false');
	const box = await heart.boundingBox();
	if (!box) throw new Error('the first card’s heart has no box');
	// A finger slower than the page: pressed, held while the controls load and sort, let go.
	await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
	await page.mouse.down();
	await expect(controls).not.toHaveAttribute('ssr');
	await expect(page.getByText(/\d+ prodotti/).first()).toBeVisible();
	await page.mouse.up();
	await expect(heart).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByRole('status').filter({ hasText: 'Aggiunto ai preferiti' })).toBeVisible();
});

test('an unknown category answers 404 with its own message', async ({ page }) => {
	const response = await page.goto('/prodotti/categoria-inesistente');
	expect(response?.status()).toBe(404);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categoria non trovata');
	await expect(page.getByText('La categoria richiesta non esiste.')).toBeVisible();
	await expect(page.getByRole('link', { name: 'Torna ai Prodotti' })).toHaveAttribute(
		'href',
		'/prodotti',
	);
});

test('grouped variants list each variant with a link that preselects it', async ({ page }) => {
	await page.goto(`${CATEGORY}/varianti`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(
		'Proteine - Varianti Raggruppate',
	);
	await expect(page.getByRole('link', { name: 'Torna alla lista prodotti' })).toHaveAttribute(
		'href',
		CATEGORY,
	);
	const group = page
		.getByRole('listitem')
		.filter({ has: page.getByRole('heading', { name: 'Whey 80 Concentrate' }) });
	await expect(group.getByText('8 varianti')).toBeVisible();
	await group.getByRole('link', { name: /Fragola.*2 kg/ }).click();
	await expect(page).toHaveURL(/whey-concentrate-80\?variante=fragola-2-kg$/);
	await waitForIsland(page, '[data-variant-state]');
	await expect(page.getByLabel('Gusto')).toHaveValue('Fragola');
	await expect(page.getByRole('radio', { name: '2 kg' })).toBeChecked();
});
