import AxeBuilder from './helpers/axe';
import { expect, test, type Page } from './helpers/test';
import { waitForIsland } from './helpers/islands';
import { FAVOURITES_KEY, SAVED_WHEY } from './helpers/favourites';
import { GOOD_ENTRY, HOSTILE_FAVOURITES } from '../fixtures/hostile-favourites';

/** Favourites (docs/favourites.md): the heart, the header count, /preferiti, storage problems. */

const CATEGORY = '/prodotti/proteine';

const heart = (page: Page, slug: string) =>
	page.locator(`button[data-favourite="${slug}"]`).first();
const headerCount = (page: Page) =>
	page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: /^Preferiti/ });

async function saveFromCategory(page: Page, slug: string) {
	const button = heart(page, slug);
	await button.scrollIntoViewIfNeeded();
	await waitForIsland(page, `button[data-favourite="${slug}"]`);
	await button.click();
	await expect(button).toHaveAttribute('aria-pressed', 'true');
}

test.use({ viewport: { width: 1280, height: 900 } });

test('the heart saves a product at once, with a toast and the header count, and survives a reload', async ({
	page,
}) => {
	await page.goto(CATEGORY);
	const button = heart(page, 'whey-concentrate-80');
	await expect(button).toHaveAttribute('aria-pressed', 'false');
	await expect(button).toHaveAccessibleName('Salva Whey 80 Concentrate nei preferiti');
	await saveFromCategory(page, 'whey-concentrate-80');
	await expect(
		page.getByRole('status').filter({ hasText: 'Aggiunto ai preferiti ✨' }),
	).toBeVisible();
	await waitForIsland(page, 'header[data-header]');
	await expect(headerCount(page)).toHaveAccessibleName('Preferiti (1)');

	await page.reload();
	await waitForIsland(page, 'button[data-favourite="whey-concentrate-80"]');
	await expect(heart(page, 'whey-concentrate-80')).toHaveAttribute('aria-pressed', 'true');
	const stored = await page.evaluate(
		(key) => JSON.parse(localStorage.getItem(key) ?? '[]') as unknown,
		FAVOURITES_KEY,
	);
	// What the heart stores, but the moment it was added.
	const { addedAt: _addedAt, ...savedWhey } = SAVED_WHEY;
	expect(stored).toEqual([expect.objectContaining(savedWhey)]);

	await heart(page, 'whey-concentrate-80').click();
	await expect(heart(page, 'whey-concentrate-80')).toHaveAttribute('aria-pressed', 'false');
	await expect(page.getByRole('status').filter({ hasText: 'Rimosso dai preferiti' })).toBeVisible();
});

test('another open tab follows the change', async ({ context }) => {
	const first = await context.newPage();
	const second = await context.newPage();
	await second.goto('/chi-siamo');
	await waitForIsland(second, 'header[data-header]');
	await expect(headerCount(second)).toHaveAccessibleName('Preferiti');
	await first.goto(CATEGORY);
	await saveFromCategory(first, 'whey-idrolizzata');
	await expect(headerCount(second)).toHaveAccessibleName('Preferiti (1)');
});

test('unreadable stored favourites count as none and do not break the page', async ({ page }) => {
	await page.addInitScript((key) => localStorage.setItem(key, '{"rotto": tru'), FAVOURITES_KEY);
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	await page.goto('/preferiti');
	await expect(page.getByRole('heading', { name: 'Nessun Preferito' })).toBeVisible();
	await page.goto(CATEGORY);
	await saveFromCategory(page, 'whey-idrolizzata');
	expect(errors).toEqual([]);
});

test('a write the browser refuses reverts the heart with an error toast', async ({ page }) => {
	await page.addInitScript((key) => {
		const real = window.localStorage;
		const refusing = new Proxy(real, {
			get: (target, name) => {
				const value = Reflect.get(target, name, target) as unknown;
				return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
			},
			set: (target, name, value) => {
				if (name === key) throw new DOMException('Spazio esaurito', 'QuotaExceededError');
				return Reflect.set(target, name, value, target);
			},
		});
		Object.defineProperty(window, 'localStorage', { value: refusing, configurable: true });
	}, FAVOURITES_KEY);
	await page.goto(CATEGORY);
	const button = heart(page, 'whey-idrolizzata');
	await button.scrollIntoViewIfNeeded();
	await waitForIsland(page, 'button[data-favourite="whey-idrolizzata"]');
	await button.click();
	const alert = page
		.getByRole('alert')
		.filter({ hasText: 'Errore durante l’aggiunta ai preferiti' });
	await expect(alert).toBeVisible();
	await expect(alert).toContainText('Errore');
	await expect(button).toHaveAttribute('aria-pressed', 'false');
});

test('/preferiti lists saved products refreshed from the catalogue, and clears them after confirmation', async ({
	page,
}) => {
	await page.goto('/preferiti');
	await expect(page.getByRole('heading', { name: 'Nessun Preferito' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Scopri i Prodotti' })).toHaveAttribute(
		'href',
		'/prodotti',
	);

	// A stored entry with an old name, one for a product no longer sold, and a real one.
	await page.evaluate((key) => {
		const base = {
			brandName: 'Nordika Nutrition',
			categoryName: 'Proteine',
			categorySlug: 'proteine',
		};
		localStorage.setItem(
			key,
			JSON.stringify([
				{
					...base,
					id: 'whey-concentrate-80',
					slug: 'whey-concentrate-80',
					name: 'Nome vecchio',
					basePrice: 19.9,
					minPriceCents: 1990,
					addedAt: '2026-01-01T00:00:00Z',
				},
				{
					...base,
					id: 'prodotto-ritirato',
					slug: 'prodotto-ritirato',
					name: 'Prodotto Ritirato',
					basePrice: 9.9,
					minPriceCents: 990,
					addedAt: '2026-01-02T00:00:00Z',
				},
			]),
		);
	}, FAVOURITES_KEY);
	await page.reload();
	await expect(page.getByRole('heading', { name: '2 prodotti salvati' })).toBeVisible();
	await expect(
		page.getByRole('link', { name: 'Whey 80 Concentrate', exact: true }),
	).toHaveAttribute('href', '/prodotti/proteine/whey-concentrate-80');
	await expect(page.getByText('Nome vecchio')).toHaveCount(0);
	await expect(page.getByText('29,90')).toBeVisible();
	await expect(page.getByText('Questo prodotto non è più in catalogo')).toBeVisible();
	await expect(page.getByRole('heading', { name: 'Continua a Esplorare' })).toBeVisible();

	await page.getByRole('button', { name: 'Rimuovi Tutti' }).click();
	const dialog = page.getByRole('dialog', { name: 'Rimuovere tutti i preferiti?' });
	await expect(dialog).toBeVisible();
	const { violations } = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
		.analyze();
	expect(violations.map((violation) => violation.id)).toEqual([]);
	await dialog.getByRole('button', { name: 'Annulla' }).click();
	await expect(dialog).toBeHidden();
	await expect(page.getByRole('button', { name: 'Rimuovi Tutti' })).toBeFocused();
	await expect(page.getByRole('heading', { name: '2 prodotti salvati' })).toBeVisible();

	await page.getByRole('button', { name: 'Rimuovi Tutti' }).click();
	await dialog.getByRole('button', { name: 'Rimuovi tutti' }).click();
	await expect(page.getByRole('status').filter({ hasText: 'Preferiti cancellati' })).toBeVisible();
	await expect(page.getByRole('heading', { name: 'Nessun Preferito' })).toBeVisible();
});

test('/preferiti falls back to the stored fields when the catalogue cannot be reached', async ({
	page,
}) => {
	await page.route('**/api/catalogue.json', (route) => route.abort());
	await page.addInitScript((key) => {
		localStorage.setItem(
			key,
			JSON.stringify([
				{
					id: 'whey-idrolizzata',
					slug: 'whey-idrolizzata',
					name: 'Hydro Whey (salvato)',
					brandName: 'Vettore Labs',
					categoryName: 'Proteine',
					categorySlug: 'proteine',
					basePrice: 44.9,
					minPriceCents: 4490,
					addedAt: '2026-03-01T00:00:00Z',
				},
			]),
		);
	}, FAVOURITES_KEY);
	await page.goto('/preferiti');
	await expect(page.getByRole('heading', { name: '1 prodotto salvato' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Hydro Whey (salvato)', exact: true })).toBeVisible();
	await expect(page.getByText('44,90')).toBeVisible();
	await expect(page.getByText('Non riusciamo a raggiungere il catalogo')).toBeVisible();
});

test('a toast can be swiped away on touch', async ({ browser }) => {
	const context = await browser.newContext({
		hasTouch: true,
		viewport: { width: 390, height: 800 },
	});
	const page = await context.newPage();
	await page.goto(CATEGORY);
	await saveFromCategory(page, 'whey-idrolizzata');
	const toast = page.locator('[data-toast="success"]');
	await expect(toast).toBeVisible();
	const box = await toast.boundingBox();
	if (!box) throw new Error('toast has no box');
	const y = box.y + box.height / 2;
	await toast.dispatchEvent('pointerdown', {
		pointerType: 'touch',
		clientX: box.x + 20,
		clientY: y,
		isPrimary: true,
	});
	await toast.dispatchEvent('pointermove', {
		pointerType: 'touch',
		clientX: box.x + 100,
		clientY: y,
		isPrimary: true,
	});
	await toast.dispatchEvent('pointerup', {
		pointerType: 'touch',
		clientX: box.x + 100,
		clientY: y,
		isPrimary: true,
	});
	await expect(toast).toBeHidden();
	await context.close();
});

// Every hostile value, each stored next to a good entry: the first as the page loads it, the others
// as another open tab writes them (the page follows the change, as a reload would show it), and
// the last once more after a reload.
test('/preferiti with a hostile stored entry next to a good one: repaired and listed, or dropped', async ({
	page,
	context,
}) => {
	test.setTimeout(60_000);
	const errors: string[] = [];
	page.on('pageerror', (error) => errors.push(error.message));
	// The stored fields are shown (catalogue unreachable): prices and names as stored. The
	// context's route also holds the requests of the service worker, which controls the reloads.
	await context.route('**/api/catalogue.json', (route) => route.abort());
	const other = await context.newPage();
	await other.goto('/robots.txt');
	const store = (...entries: unknown[]) =>
		other.evaluate(({ key, text }) => localStorage.setItem(key, text), {
			key: FAVOURITES_KEY,
			text: JSON.stringify(entries),
		});
	const listed = async (name: string, kept: boolean) => {
		const count = kept ? 2 : 1;
		await expect(
			page.getByRole('heading', { name: kept ? '2 prodotti salvati' : '1 prodotto salvato' }),
		).toBeVisible();
		const cards = page.locator('main ul > li');
		await expect(cards).toHaveCount(count);
		await expect(
			cards.first().getByRole('link', { name: GOOD_ENTRY.name, exact: true }),
		).toBeVisible();
		await expect(page.getByText('44,90')).toBeVisible();
		await expect(page.getByText(/NaN|undefined|\[object/)).toHaveCount(0);
		await expect(headerCount(page)).toHaveAccessibleName(`Preferiti (${count})`);
		expect(errors, name).toEqual([]);
	};
	const [first, ...others] = HOSTILE_FAVOURITES;
	if (!first) throw new Error('no hostile entries');
	await store(GOOD_ENTRY, first.value);
	await page.goto('/preferiti');
	await waitForIsland(page, 'header[data-header]');
	await listed(first.name, first.kept);
	for (const { name, value, kept } of [...others, first]) {
		await test.step(`${name}: ${kept ? 'repaired and listed' : 'dropped'}`, async () => {
			// From one to two cards and back, so that every step changes what is shown.
			await store(GOOD_ENTRY);
			await expect(page.locator('main ul > li')).toHaveCount(1);
			await store(GOOD_ENTRY, value);
			await listed(name, kept);
		});
	}
	const last = others.at(-1) ?? first;
	await store(GOOD_ENTRY, last.value);
	await page.reload();
	await listed(last.name, last.kept);
});
