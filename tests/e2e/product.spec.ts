import { expect, test, type Page } from './helpers/test';
import { waitForIsland } from './helpers/islands';

/** Product page: variant picker, price, image, availability, tabs, share (docs/catalogue.md). */

const WHEY = '/prodotti/proteine/whey-concentrate-80';

const availability = (page: Page) => page.locator('[data-availability]');

/** What the server says each shop has of a whey variant now (GET /api/disponibilita). */
async function serverFigure(page: Page, variantId: string): Promise<Record<string, number>> {
	const response = await page.request.get('/api/disponibilita?prodotto=whey-concentrate-80');
	expect(response.headers()['cache-control']).toBe('no-store');
	const body = (await response.json()) as {
		prodotti: Record<string, Record<string, Record<string, number>>>;
	};
	return body.prodotti['whey-concentrate-80']?.[variantId] ?? {};
}

/** The availability table's words for a shop's pieces. */
const rowText = (pieces = 0) =>
	pieces > 1 ? `${pieces} disponibili` : pieces === 1 ? '1 disponibile' : 'Non disponibile';
const price = (page: Page) => page.locator('[data-product-price]');

async function open(page: Page, path = WHEY) {
	await page.goto(path);
	await waitForIsland(page, '[data-variant-state]');
	await waitForIsland(page, '[data-availability]');
	await waitForIsland(page, '[data-product-price]');
}

// One visit of the whey's page: what it shows first, then its tabs, then a change of flavour.
test('the whey page: structured data, the first variant, the live figure, tabs by keyboard, a change of flavour', async ({
	page,
}) => {
	await open(page);
	await test.step('structured data describes the product group and its offers, sold in store', async () => {
		const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
		const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
		const group = data.find((item) => item['@type'] === 'ProductGroup') as
			{ hasVariant: { offers: { availability: string; price: string } }[] } | undefined;
		expect(group?.hasVariant).toHaveLength(8);
		expect(group?.hasVariant[0]?.offers).toMatchObject({
			price: '29.90',
			availability: 'https://schema.org/InStoreOnly',
		});
		expect(data.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
	});

	await test.step('opens on the first flavour and its first size; the live figure says it is sold out', async () => {
		await expect(page.getByLabel('Gusto')).toHaveValue('Cioccolato');
		// 900 g of Cioccolato has no piece in either shop: the build cannot know it, the live
		// figure says so once it has arrived, and the page does not change the visitor's variant.
		expect(await serverFigure(page, 'cioccolato-900-g')).toEqual({ torino: 0, aosta: 0 });
		await expect(page.getByRole('radio', { name: /900 g/ })).toBeChecked();
		await expect(page.getByRole('radio', { name: /900 g/ })).toBeDisabled();
		await expect(page.getByRole('radio', { name: '2 kg' })).toBeEnabled();
		await expect(page.getByRole('group', { name: 'Formato' })).toBeVisible();
		await expect(price(page)).toContainText('29,90');
		await expect(page.locator('[data-variant-state]')).toHaveText('Esaurito');
		await expect(availability(page)).toContainText('0 pezzi');
		// A wide screen keeps two columns: the photo at the left of the name, no bar at the bottom.
		const photo = await page.locator('[data-product-photo]').boundingBox();
		const name = await page.getByRole('heading', { level: 1 }).boundingBox();
		expect(name?.x ?? 0).toBeGreaterThan((photo?.x ?? 0) + (photo?.width ?? Infinity));
		await expect(page.locator('[data-pickup-bar]')).toBeHidden();
	});

	await test.step('tabs follow the WAI-ARIA pattern by keyboard', async () => {
		const tabs = page.getByRole('tablist', { name: 'Informazioni sul prodotto' });
		await waitForIsland(page, '[role="tablist"]');
		const description = tabs.getByRole('tab', { name: 'Descrizione' });
		await expect(description).toHaveAttribute('aria-selected', 'true');
		await description.focus();
		await page.keyboard.press('ArrowRight');
		const nutrition = tabs.getByRole('tab', { name: 'Valori Nutrizionali' });
		await expect(nutrition).toBeFocused();
		await expect(nutrition).toHaveAttribute('aria-selected', 'true');
		await expect(page.getByRole('tabpanel')).toContainText('Proteine');
		await expect(page.getByRole('table')).toBeVisible();
		await page.keyboard.press('End');
		await expect(tabs.getByRole('tab', { name: 'Ingredienti' })).toBeFocused();
		await expect(page.getByRole('tabpanel').locator('strong').first()).toHaveText(/latte/i);
		await page.keyboard.press('ArrowRight');
		await expect(description).toBeFocused();
		await page.keyboard.press('ArrowLeft');
		await expect(tabs.getByRole('tab', { name: 'Ingredienti' })).toHaveAttribute(
			'aria-selected',
			'true',
		);
		await page.keyboard.press('Home');
		await expect(description).toHaveAttribute('aria-selected', 'true');
		await expect(page.getByRole('tabpanel')).toContainText("Il consiglio dell'esperto");
	});

	await test.step('changing flavour resets the size and changes price, picture and availability', async () => {
		const picture = page.locator('[data-image-state] img');
		const before = await picture.getAttribute('src');

		await page.getByLabel('Gusto').selectOption('Vaniglia');
		await expect(page.getByRole('radio', { name: '900 g' })).toBeChecked();
		await expect(price(page)).toContainText('29,90');
		await expect(price(page)).not.toContainText('60,90');
		await expect(picture).toHaveAttribute('alt', /vaniglia/i);
		expect(await picture.getAttribute('src')).not.toBe(before);
		await expect(availability(page)).toContainText('Vaniglia – 900 g');
		const vanilla = await serverFigure(page, 'vaniglia-900-g');
		await expect(availability(page).getByRole('definition').first()).toHaveText(
			rowText(vanilla['torino']),
		);
		await expect(availability(page)).toContainText('Totale disponibile');
		await expect(availability(page)).toContainText(
			`${(vanilla['torino'] ?? 0) + (vanilla['aosta'] ?? 0)} pezzi`,
		);
		await expect(page).toHaveURL(/variante=vaniglia-900-g/);

		await page.getByLabel('Gusto').selectOption('Biscotto');
		await page.getByRole('radio', { name: '2 kg' }).check({ force: true });
		expect(await serverFigure(page, 'biscotto-2-kg')).toMatchObject({ torino: 0 });
		await expect(availability(page).getByRole('definition').nth(0)).toHaveText('Non disponibile');
		await expect(availability(page).getByRole('definition').nth(1)).toHaveText(
			rowText((await serverFigure(page, 'biscotto-2-kg'))['aosta']),
		);
		await expect(
			availability(page).getByRole('link', { name: 'Prenota in negozio' }),
		).toHaveAttribute(
			'href',
			'/contatti?prodotto=whey-concentrate-80&variante=biscotto-2-kg&negozio=aosta#modulo',
		);
	});
});

test('?variante= preselects a variant', async ({ page }) => {
	await open(page, `${WHEY}?variante=fragola-2-kg`);
	await expect(page.getByLabel('Gusto')).toHaveValue('Fragola');
	await expect(page.getByRole('radio', { name: '2 kg' })).toBeChecked();
	await expect(price(page)).toContainText('54,90');
});

test('every tab panel is in the HTML without JavaScript', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto(WHEY);
	const html = await page.content();
	for (const text of ['Valori medi', 'Avvertenze', 'Ingredienti', "Il consiglio dell'esperto"]) {
		expect(html).toContain(text);
	}
	await context.close();
});

test('a supplement shows %VNR, the daily dose and the three statements required in Italy', async ({
	page,
}) => {
	await page.goto('/prodotti/supplementi/vitamina-c');
	await waitForIsland(page, '[role="tablist"]');
	await page.getByRole('tab', { name: 'Valori Nutrizionali' }).click();
	await expect(page.getByRole('columnheader', { name: '%VNR*' })).toBeVisible();
	await expect(page.getByText('*VNR: Valori Nutritivi di Riferimento')).toBeVisible();
	await page.getByRole('tab', { name: "Modalità d'Uso" }).click();
	const panel = page.getByRole('tabpanel');
	await expect(panel).toContainText('Dose giornaliera raccomandata');
	await expect(panel).toContainText('Non superare la dose giornaliera raccomandata.');
	await expect(panel).toContainText('sostituti di una dieta variata');
	await expect(panel).toContainText('al di sotto dei tre anni');
});

test('a product without label data says so; merchandise has technical specs and no nutrition', async ({
	page,
}) => {
	await page.goto('/prodotti/alimenti-fit/crema-di-riso');
	await waitForIsland(page, '[role="tablist"]');
	await page.getByRole('tab', { name: 'Valori Nutrizionali' }).click();
	await expect(page.getByRole('tabpanel')).toHaveText(
		'Valori nutrizionali non disponibili per questo prodotto',
	);

	await page.goto('/prodotti/merchandising-e-cosmetici/t-shirt-tecnica');
	await waitForIsland(page, '[role="tablist"]');
	const tabs = page.getByRole('tab');
	await expect(tabs).toHaveText(['Descrizione', 'Caratteristiche Tecniche']);
	await page.getByRole('tab', { name: 'Caratteristiche Tecniche' }).click();
	await expect(page.getByRole('table', { name: 'Caratteristiche Tecniche' })).toBeVisible();
	await expect(page.getByRole('group', { name: 'Formato' })).toBeVisible();
});

test('share copies the address and confirms for two seconds', async ({ page, context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await page.clock.install();
	await open(page);
	const button = page.getByRole('button', { name: 'Condividi' });
	await waitForIsland(page, 'button:has-text("Condividi")');
	await button.click();
	await expect(page.getByText('✓ Link copiato!')).toBeVisible();
	expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
		'/prodotti/proteine/whey-concentrate-80',
	);
	await page.clock.runFor(2100);
	await expect(page.getByText('✓ Link copiato!')).toBeHidden();
	await expect(page.getByRole('button', { name: 'Condividi' })).toBeVisible();
});

test('an unknown product answers 404 with «Torna alle Categorie» to the catalogue', async ({
	page,
}) => {
	const response = await page.goto('/prodotti/proteine/prodotto-inesistente');
	expect(response?.status()).toBe(404);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prodotto non trovato');
	// 'Torna alle Categorie', leading to /prodotti (the old site's link was broken).
	await expect(page.getByRole('link', { name: 'Torna alle Categorie' })).toHaveAttribute(
		'href',
		'/prodotti',
	);
});

test('the old /product/{slug} address leads to the product page', async ({ request }) => {
	const response = await request.get('/product/whey-concentrate-80', { maxRedirects: 0 });
	expect(response.status()).toBe(301);
	expect(response.headers()['location']).toMatch(/\/prodotti\/proteine\/whey-concentrate-80$/);
});

test('the static read API is generated at build', async ({ request }) => {
	const catalogue = await request.get('/api/catalogue.json');
	expect(catalogue.status()).toBe(200);
	const { products } = (await catalogue.json()) as {
		products: { slug: string; imageUrl: string }[];
	};
	expect(products.length).toBeGreaterThanOrEqual(60);
	const whey = products.find((product) => product.slug === 'whey-concentrate-80');
	expect(whey).toMatchObject({ minPriceCents: 2990, categorySlug: 'proteine', url: WHEY });
	expect((await request.get(whey?.imageUrl ?? '/none')).status()).toBe(200);

	const product = (await (await request.get('/api/product/whey-concentrate-80.json')).json()) as {
		variants: unknown[];
	};
	expect(product.variants).toHaveLength(8);
	const list = (await (await request.get('/api/products/proteine.json')).json()) as unknown[];
	expect(list.length).toBeGreaterThan(4);
	const grouped = (await (await request.get('/api/products-grouped/proteine.json')).json()) as {
		variant_count: number;
	}[];
	expect(grouped.every((group) => group.variant_count > 1)).toBe(true);
});
