import { expect, test, type Page } from './helpers/test';
import { FAVOURITES_KEY, SAVED_WHEY, storedFavourites } from './helpers/favourites';
import { openHoldingReact } from './helpers/islands';

/**
 * No first tap is ever lost (docs/navigation.md). A returning visitor on a phone (touch, a phone's
 * viewport, consent stored, nothing touched yet) taps each island control once on a fresh page,
 * while the islands' React is held back as on a slow connection: the tap does what the control
 * says once the island has hydrated. No control is `disabled` in the server's HTML merely
 * because it has not hydrated: a tap on a button is held and replayed by client:interaction,
 * and a field (select, radio) works by itself and is applied when the island hydrates.
 */

test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 }, hasTouch: true });

const WHEY = '/prodotti/proteine/whey-concentrate-80';
const PROTEINS = '/prodotti/proteine';

const fresh = openHoldingReact;

/** The server's HTML has no island control disabled merely because it has not hydrated. */
async function expectNothingDisabledBeforeHydration(page: Page) {
	const disabled = await page
		.locator('astro-island[ssr] :is(button, select, input):disabled')
		.evaluateAll((fields) =>
			fields
				// Controls out of sight (a closed panel) are not what a first tap reaches.
				.filter((field) => field.checkVisibility())
				// Sold-out sizes are disabled by rule, not for want of JavaScript.
				.filter((field) => !(field instanceof HTMLInputElement && field.type === 'radio'))
				.map((field) => field.outerHTML.slice(0, 120)),
		);
	expect(disabled).toEqual([]);
}

test('one tap on «Filtri» opens the filters', async ({ page }) => {
	const react = await fresh(page, PROTEINS);
	await expectNothingDisabledBeforeHydration(page);
	const filters = page.getByRole('button', { name: /^Filtri/ });
	await filters.tap();
	react.release();
	await expect(filters).toHaveAttribute('aria-expanded', 'true');
	await expect(page.getByLabel('Marca')).toBeVisible();
});

test('a sort chosen while the island loads is applied', async ({ page }) => {
	const react = await fresh(page, PROTEINS);
	const sort = page.getByLabel('Ordina per');
	await sort.tap();
	await sort.selectOption('prezzo-decrescente');
	react.release();
	await expect(page).toHaveURL(/ordina=prezzo-decrescente/);
	await expect(sort).toHaveValue('prezzo-decrescente');
	// The address changes first and the list is sorted right after: the cards' prices are read
	// again until they are in order (or the expect timeout says they never were).
	const prices = () =>
		page
			.locator('[data-product]:visible [data-card-price]')
			.evaluateAll((prices) =>
				prices.map((price) => Number(price.textContent?.replace(/[^\d,]/g, '').replace(',', '.'))),
			);
	await expect
		.poll(async () => {
			const shown = await prices();
			return shown.length > 1 &&
				shown.every((price, index) => index === 0 || shown[index - 1]! >= price)
				? 'in ordine decrescente'
				: shown.join(' ');
		})
		.toBe('in ordine decrescente');
});

test('a flavour chosen while the island loads is applied', async ({ page }) => {
	const react = await fresh(page, WHEY);
	await expectNothingDisabledBeforeHydration(page);
	const flavour = page.getByLabel('Gusto');
	await flavour.tap();
	await flavour.selectOption('Vaniglia');
	react.release();
	await expect(page).toHaveURL(/variante=vaniglia-900-g/);
	await expect(page.getByRole('radio', { name: '900 g' })).toBeChecked();
	await expect(page.locator('[data-product-price]')).toContainText('29,90');
});

test('one tap on a size chooses it', async ({ page }) => {
	const react = await fresh(page, '/prodotti/proteine/whey-isolate-90');
	const sizes = page.getByRole('radio');
	const checked = await sizes.evaluateAll((radios) =>
		radios.findIndex((radio) => (radio as HTMLInputElement).checked),
	);
	const other = await sizes.evaluateAll(
		(radios, skip) =>
			radios.findIndex((radio, index) => index !== skip && !(radio as HTMLInputElement).disabled),
		checked,
	);
	expect(other).toBeGreaterThanOrEqual(0);
	const size = sizes.nth(other);
	const id = (await size.getAttribute('value')) ?? '';
	await size.locator('xpath=..').tap();
	react.release();
	await expect(page).toHaveURL(new RegExp(`variante=${id}`));
	await expect(size).toBeChecked();
});

test('one tap on a tab opens it', async ({ page }) => {
	const react = await fresh(page, WHEY);
	const tab = page.getByRole('tab', { name: 'Valori Nutrizionali' });
	await tab.tap();
	react.release();
	await expect(tab).toHaveAttribute('aria-selected', 'true');
	await expect(page.getByRole('tabpanel', { name: 'Valori Nutrizionali' })).toBeVisible();
});

test('one tap on a card’s heart saves the product', async ({ page }) => {
	const react = await fresh(page, PROTEINS);
	const heart = page.locator('button[data-favourite]').first();
	await heart.tap();
	react.release();
	await expect(heart).toHaveAttribute('aria-pressed', 'true');
	await expect(page.getByRole('link', { name: 'Preferiti (1)' }).first()).toBeAttached();
});

test('one tap on «Condividi» shares the page', async ({ page, context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	const react = await fresh(page, WHEY);
	await page.getByRole('button', { name: 'Condividi' }).tap();
	react.release();
	await expect(page.getByText('✓ Link copiato!')).toBeVisible();
});

test('one tap on the menu button opens the menu', async ({ page }) => {
	const react = await fresh(page, '/');
	const menu = page.getByRole('button', { name: 'Apri il menu' });
	await menu.tap();
	react.release();
	await expect(page.getByRole('button', { name: 'Chiudi il menu' })).toHaveAttribute(
		'aria-expanded',
		'true',
	);
	await expect(page.getByRole('navigation', { name: 'Menu mobile' })).toBeVisible();
});

test('one tap on a gallery photo opens it in the lightbox', async ({ page }) => {
	const react = await fresh(page, '/galleria');
	const photo = page.locator('[data-photo-group] a[href]').first();
	await photo.tap();
	react.release();
	await expect(page.getByRole('dialog')).toBeVisible();
	await expect(page).toHaveURL(/\/galleria$/);
});

test('one tap on «Rimuovi Tutti» asks for confirmation', async ({ page }) => {
	await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
		FAVOURITES_KEY,
		storedFavourites(SAVED_WHEY),
	] as const);
	await page.goto('/preferiti');
	// Stored favourites: the list is the island's own, shown once it has hydrated by itself.
	const clear = page.getByRole('button', { name: 'Rimuovi Tutti' });
	await clear.tap();
	await expect(page.getByRole('dialog')).toBeVisible();
});

test.describe('the cookie banner, for a first-time visitor', () => {
	test.use({ consentBanner: true });

	test('one tap on «Accetta tutti» stores the choice and closes the banner', async ({ page }) => {
		const react = await fresh(page, '/');
		const banner = page.getByRole('region', { name: 'Rispettiamo la tua privacy' });
		await expect(banner).toBeVisible();
		await banner.getByRole('button', { name: 'Accetta tutti' }).tap();
		react.release();
		await expect(banner).toBeHidden();
		expect(await page.evaluate(() => localStorage.getItem('vigorsport:cookie-consent'))).toContain(
			'accepted',
		);
	});

	test('one tap on «Personalizza» opens the detailed view', async ({ page }) => {
		const react = await fresh(page, '/');
		await page.getByRole('button', { name: 'Personalizza' }).tap();
		react.release();
		await expect(page.getByRole('region', { name: 'Personalizza i cookie' })).toBeVisible();
	});
});
