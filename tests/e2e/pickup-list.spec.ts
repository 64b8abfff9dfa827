import AxeBuilder from './helpers/axe';
import { expect, test, type Page } from './helpers/test';
import { openHoldingReact, waitForIsland } from './helpers/islands';
import { FAVOURITES_KEY, storedFavourites } from './helpers/favourites';
import { LINES, storedList, storeList } from './helpers/pickup';
import { openControlled } from './helpers/worker';

/**
 * The pickup list (docs/reservations.md) on a phone: adding from the product page, cards and favourites,
 * the header's badge, /lista-ritiro (pieces up to the shop's stock, remove, shop switch, pickup
 * days, the form, 422 errors), the confirmation page with its QR code, axe, the keyboard.
 *
 * The last two tests send real reservations to POST /api/prenotazioni, online and offline:
 * they need the server of the pickup-server branch.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WHEY = '/prodotti/proteine/whey-concentrate-80';
const CREATINE = '/prodotti/aminoacidi-e-creatina/creatina-monoidrato';
/** A product whose first variant some shop has: the page opens on it. */
const CASEIN = '/prodotti/proteine/caseina-micellare';
const LIST = '/lista-ritiro';
/** Friday 27 November 2026, 11:00 in Rome: pickup from Saturday; Sunday both shops are closed. */
const FRIDAY = new Date('2026-11-27T11:00:00+01:00');

// A phone, consent stored (helpers/test.ts). The page sends its own requests, so page.route can
// answer for the server where a test says so; the offline test lets the worker in.
test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, serviceWorkers: 'block' });

const badge = (page: Page) =>
	page
		.locator('header[data-header]')
		.getByRole('link', { name: /^Lista ritiro/ })
		.last();
const line = (page: Page, key: string) => page.locator(`[data-pickup-line="${key}"]`);
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Opens /lista-ritiro, whose island hydrates at once with a stored list. */
async function openList(page: Page) {
	await page.goto(LIST);
	await expect(page.getByRole('button', { name: 'Invia prenotazione' })).toBeVisible();
}

/** The details of a visitor, filled in. */
async function fillDetails(page: Page) {
	await page.getByLabel('Nome e cognome').fill('Giulia Bianchi');
	await page.getByLabel('E-mail', { exact: true }).fill('giulia.bianchi@example.com');
	await page.getByLabel('Telefono', { exact: true }).fill('+39 333 1234567');
	await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
}

/** The first pickup day offered. */
async function chooseFirstDay(page: Page): Promise<string> {
	const select = page.getByLabel('Giorno di ritiro');
	const first = (await select.locator('option').nth(1).getAttribute('value')) ?? '';
	await select.selectOption(first);
	return first;
}

test('one tap on «Aggiungi alla lista ritiro» on a fresh page adds the chosen variant', async ({
	page,
}) => {
	const react = await openHoldingReact(page, CASEIN);
	const add = page.getByRole('button', { name: 'Aggiungi alla lista ritiro' });
	await expect(add).toBeEnabled();
	await add.tap();
	react.release();
	await expect(toast(page, 'Aggiunto alla lista ritiro')).toBeVisible();
	await expect(
		toast(page, 'Caseina Micellare Night, Cioccolato – 900 g: 1 nella lista.'),
	).toBeVisible();
	await expect(badge(page)).toHaveAccessibleName('Lista ritiro (1)');
	expect(await storedList(page)).toEqual([
		expect.objectContaining({ variantId: 'cioccolato-900-g', quantity: 1 }),
	]);
});

test('one tap on «Aggiungi» for a size no shop has now says so, and adds nothing', async ({
	page,
}) => {
	// Whey's first size, Cioccolato 900 g, has no piece in either shop (the live figure).
	const react = await openHoldingReact(page, WHEY);
	await expect(page.locator('[data-variant-state]')).toContainText('Esaurito');
	await page.getByRole('button', { name: 'Aggiungi alla lista ritiro' }).tap();
	react.release();
	await expect(
		page.getByRole('alert').filter({
			hasText: 'Questo prodotto ora non è disponibile in nessun negozio.',
		}),
	).toBeVisible();
	expect(await storedList(page)).toEqual([]);
	// Once hydrated, the box says so in place of the button, and another size can be chosen.
	await expect(page.locator('[data-pickup-add-box]')).toContainText(
		'Questa variante non è disponibile in nessun negozio',
	);
	await page.getByRole('radio', { name: '2 kg' }).locator('xpath=..').tap();
	await expect(page.getByRole('button', { name: 'Aggiungi alla lista ritiro' })).toBeVisible();
});

test('two products in different variants, the same variant again, the badge counts pieces', async ({
	page,
}) => {
	await page.goto(WHEY);
	await waitForIsland(page, '[data-pickup-add-box]');
	await page.getByLabel('Gusto').selectOption('Vaniglia');
	await expect(page).toHaveURL(/variante=vaniglia-900-g/);
	await page.getByLabel('Pezzi').selectOption('2');
	await page.getByRole('button', { name: 'Aggiungi alla lista ritiro' }).tap();
	await expect(toast(page, 'Vaniglia – 900 g: 2 nella lista.')).toBeVisible();

	await page.goto(CREATINE);
	await waitForIsland(page, '[data-pickup-add-box]');
	await page.getByRole('radio', { name: '1 kg' }).check({ force: true });
	await page.getByRole('button', { name: 'Aggiungi alla lista ritiro' }).tap();
	await expect(toast(page, 'Creatina Monoidrato 200 Mesh, 1 kg: 1 nella lista.')).toBeVisible();
	// Three in all, two more of the same variant: the line stops at the 3 Torino has.
	await page.getByLabel('Pezzi').selectOption('3');
	await page.getByRole('button', { name: 'Aggiungi alla lista ritiro' }).tap();
	await expect(toast(page, '1 kg: 3 nella lista. Nessun negozio ne ha di più.')).toBeVisible();
	await expect(badge(page)).toHaveAccessibleName('Lista ritiro (5)');

	// Back up the page, where the header shows again, and to the list.
	await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
	await badge(page).tap();
	await expect(page).toHaveURL(/\/lista-ritiro$/);
	await expect(page.getByRole('heading', { name: 'Prodotti (5 prodotti)' })).toBeVisible();
	await expect(line(page, 'whey-concentrate-80/vaniglia-900-g')).toContainText('Vaniglia – 900 g');
	await expect(line(page, 'creatina-monoidrato/1-kg')).toContainText('1 kg');
	await expect(page.locator('[data-pickup-total]')).toContainText('188,50'); // 2 × 29,90 + 3 × 42,90
});

test('a card and a favourite add a product that has a single variant', async ({ page }) => {
	await page.goto('/prodotti/supplementi');
	const card = page.getByRole('button', { name: /^Aggiungi alla lista ritiro\s*: Selenio 55$/ });
	await card.scrollIntoViewIfNeeded();
	await card.tap();
	await expect(toast(page, 'Aggiunto alla lista ritiro')).toBeVisible();

	await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
		FAVOURITES_KEY,
		storedFavourites({
			id: 'ashwagandha',
			slug: 'ashwagandha',
			name: 'Ashwagandha Radice',
			brandName: 'Monviso Naturals',
			categoryName: 'Supplementi',
			categorySlug: 'supplementi',
			minPriceCents: 1690,
			addedAt: '2026-11-01T00:00:00Z',
		}),
	] as const);
	await page.goto('/preferiti');
	await page.getByRole('button', { name: /^Aggiungi alla lista ritiro\s*: Ashwagandha/ }).tap();
	await expect(toast(page, 'Aggiunto alla lista ritiro')).toBeVisible();
	await expect(badge(page)).toHaveAccessibleName('Lista ritiro (2)');
	expect((await storedList(page)).map((item) => item.variantId)).toHaveLength(2);
});

test('a stored list hydrates the header’s badge without any interaction', async ({ page }) => {
	await storeList(page, { line: LINES.vanilla900, quantity: 3 });
	await page.goto('/');
	await expect(badge(page)).toHaveAccessibleName('Lista ritiro (3)');
});

test('pieces go up to the shop’s stock; the list says what another shop lacks; remove', async ({
	page,
}) => {
	await storeList(
		page,
		{ line: LINES.vanilla900, quantity: 1 },
		{ line: LINES.creatine500, quantity: 1 },
	);
	await openList(page);
	const vanilla = line(page, 'whey-concentrate-80/vaniglia-900-g');
	const pieces = vanilla.getByLabel('Quantità: Whey 80 Concentrate, Vaniglia – 900 g');
	await expect(page.getByRole('radio', { name: /Sede Torino/ })).toBeChecked();
	await expect(vanilla.locator('[data-line-status]')).toHaveText(
		'Disponibile a Sede Torino (7 pezzi liberi)',
	);
	// Torino has 7: the select offers 1 to 7, no more.
	await expect(pieces.locator('option')).toHaveCount(7);
	await pieces.selectOption('7');
	await expect(page.getByRole('heading', { name: 'Prodotti (8 prodotti)' })).toBeVisible();
	await expect(badge(page)).toHaveAccessibleName('Lista ritiro (8)');

	// Aosta has 3: the line says so and keeps the reservation from going until corrected.
	await page.getByRole('radio', { name: /Sede Aosta/ }).check();
	await expect(vanilla.locator('[data-line-status]')).toHaveText(
		'Ne sono disponibili solo 3 a Sede Aosta: riduci la quantità.',
	);
	await expect(pieces).toHaveAttribute('aria-invalid', 'true');
	await pieces.selectOption('3');
	await expect(vanilla.locator('[data-line-status]')).toHaveText(
		'Disponibile a Sede Aosta (3 pezzi liberi)',
	);
	await expect(pieces.locator('option')).toHaveCount(3);

	await vanilla
		.getByRole('button', { name: /^Rimuovi\s*: Whey 80 Concentrate, Vaniglia – 900 g$/ })
		.tap();
	await expect(toast(page, 'Rimosso dalla lista ritiro')).toBeVisible();
	await expect(vanilla).toHaveCount(0);
	await expect(page.getByRole('heading', { name: 'Prodotti (1 prodotto)' })).toBeFocused();
	await expect(badge(page)).toHaveAccessibleName('Lista ritiro (1)');
	expect(await storedList(page)).toEqual([expect.objectContaining({ variantId: '500-g' })]);
});

test('switching shop changes each line’s availability; one tap moves to the shop that has it', async ({
	page,
}) => {
	await storeList(
		page,
		{ line: LINES.biscuit2kg, quantity: 1 },
		{ line: LINES.vanilla2kg, quantity: 2 },
	);
	await openList(page);
	const biscuit = line(page, 'whey-concentrate-80/biscotto-2-kg');
	const vanilla = line(page, 'whey-concentrate-80/vaniglia-2-kg');
	await expect(biscuit.locator('[data-line-status]')).toHaveText(
		'Non disponibile a Sede Torino, disponibile a Sede Aosta.',
	);
	await expect(vanilla.locator('[data-line-status]')).toHaveText(
		'Disponibile a Sede Torino (3 pezzi liberi)',
	);

	await biscuit.getByRole('button', { name: 'Ritira a Sede Aosta' }).tap();
	await expect(page.getByRole('radio', { name: /Sede Aosta/ })).toBeChecked();
	await expect(biscuit.locator('[data-line-status]')).toHaveText(
		'Disponibile a Sede Aosta (2 pezzi liberi)',
	);
	await expect(vanilla.locator('[data-line-status]')).toHaveText(
		'Non disponibile a Sede Aosta, disponibile a Sede Torino.',
	);
	await expect(vanilla.getByRole('button', { name: 'Ritira a Sede Torino' })).toBeVisible();
});

test('a line the shop has none of offers «Avvisami» for that shop; the form opens with it chosen', async ({
	page,
}) => {
	await storeList(
		page,
		{ line: LINES.biscuit2kg, quantity: 1 },
		{ line: LINES.vanilla2kg, quantity: 1 },
	);
	await openList(page);
	const biscuit = line(page, 'whey-concentrate-80/biscotto-2-kg');
	const vanilla = line(page, 'whey-concentrate-80/vaniglia-2-kg');
	const alertOf = (item: typeof biscuit) =>
		item.getByRole('link', { name: /^Avvisami quando torna disponibile ?: Whey 80 Concentrate/ });
	// Torino has no 2 kg biscuit and three 2 kg vanilla.
	await expect(biscuit.locator('[data-line-status]')).toHaveText(
		'Non disponibile a Sede Torino, disponibile a Sede Aosta.',
	);
	await expect(alertOf(biscuit)).toHaveAttribute(
		'href',
		'/avviso?prodotto=whey-concentrate-80&variante=biscotto-2-kg&negozio=torino',
	);
	await expect(vanilla.locator('[data-line-status]')).toHaveText(/^Disponibile a Sede Torino/);
	await expect(alertOf(vanilla)).toHaveCount(0);

	// At Aosta it is the other way round: the offer follows the shop chosen.
	await biscuit.getByRole('button', { name: 'Ritira a Sede Aosta' }).tap();
	await expect(alertOf(biscuit)).toHaveCount(0);
	await expect(alertOf(vanilla)).toHaveAttribute(
		'href',
		'/avviso?prodotto=whey-concentrate-80&variante=vaniglia-2-kg&negozio=aosta',
	);
	await alertOf(vanilla).tap();
	await expect(page).toHaveURL(
		/\/avviso\?prodotto=whey-concentrate-80&variante=vaniglia-2-kg&negozio=aosta$/,
	);
	await expect(
		page.getByRole('heading', { name: 'Avvisami quando torna disponibile' }).last(),
	).toBeVisible();
	// The form's page names the variant and has the shop chosen in its HTML, before its island
	// has hydrated (it hydrates on the visitor's first use of the page).
	await expect(page.locator('[data-alert-page]')).toContainText(
		'Whey 80 Concentrate – Vaniglia – 2 kg',
	);
	await expect(page.locator('astro-island:has([data-alert-request])')).toHaveAttribute('ssr', '');
	await expect(page.getByLabel('Negozio')).toHaveValue('aosta');
});

test('the pickup day is one of the shop’s open days, never a closed one, with its hours', async ({
	page,
}) => {
	await page.clock.setFixedTime(FRIDAY);
	await storeList(page, { line: LINES.creatine500, quantity: 1 });
	await openList(page);
	const day = page.getByLabel('Giorno di ritiro');
	const options = () => day.locator('option').allTextContents();
	await expect.poll(options).toContain('sabato 28 novembre · 09:30–12:30');
	expect((await options()).slice(1, 3)).toEqual([
		'sabato 28 novembre · 09:30–12:30',
		'lunedì 30 novembre · 09:30–12:30, 15:30–19:30',
	]);
	expect((await options()).some((text) => text.startsWith('domenica'))).toBe(false);
	await day.selectOption('2026-11-28');
	await expect(
		page.getByText('Ritiro sabato 28 novembre, negli orari del negozio: 09:30–12:30.'),
	).toBeVisible();

	// Aosta opens on Saturday afternoon too; the chosen Saturday stays chosen.
	await page.getByRole('radio', { name: /Sede Aosta/ }).check();
	await expect(day).toHaveValue('2026-11-28');
	await expect(
		page.getByText('Ritiro sabato 28 novembre, negli orari del negozio: 09:00–12:30, 15:00–19:00.'),
	).toBeVisible();
	expect((await options()).some((text) => text.startsWith('domenica'))).toBe(false);
});

test('no pickup on national holidays: Christmas week skips 25 and 26 December', async ({
	page,
}) => {
	await page.clock.setFixedTime(new Date('2026-12-22T11:00:00+01:00'));
	await storeList(page, { line: LINES.creatine500, quantity: 1 });
	await openList(page);
	const day = page.getByLabel('Giorno di ritiro');
	const options = () => day.locator('option').allTextContents();
	await expect.poll(options).toContain('mercoledì 23 dicembre · 09:30–12:30, 15:30–19:30');
	expect((await options()).slice(1, 4)).toEqual([
		'mercoledì 23 dicembre · 09:30–12:30, 15:30–19:30',
		'giovedì 24 dicembre · 09:30–12:30, 15:30–19:30',
		'lunedì 28 dicembre · 09:30–12:30, 15:30–19:30',
	]);
});

test('an empty list shows its empty state from the HTML, with the way to the products', async ({
	page,
}) => {
	const scripts: string[] = [];
	page.on('request', (request) => {
		if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
	});
	await page.goto(LIST, { waitUntil: 'networkidle' });
	await expect(page.getByRole('heading', { name: 'La tua lista ritiro è vuota' })).toBeVisible();
	await expect(page.getByText('Caricamento lista ritiro...')).toBeHidden();
	await expect(page.getByRole('link', { name: 'Scopri i Prodotti' })).toHaveAttribute(
		'href',
		'/prodotti',
	);
	expect(scripts.filter((path) => /PickupListPage|client\./.test(path))).toEqual([]);
});

test('without JavaScript the page says it needs it and links to the products', async ({
	browser,
}) => {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto(LIST);
	// Neither state shows without the page's mark (a script); the note is in <noscript>, which
	// Chromium with scripting turned off by Playwright still parses as if scripts ran
	// (search.spec.ts reads it the same way).
	await expect(page.getByRole('heading', { name: 'La tua lista ritiro è vuota' })).toBeHidden();
	await expect(page.getByText('Caricamento lista ritiro...')).toBeHidden();
	const html = await page.content();
	const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
	expect(noscript).toContain('si invia con JavaScript: attivalo per vederla');
	expect(noscript).toContain('href="/prodotti"');
	await context.close();
});

test('the form checks the details with the contact form’s rules, and shows a 422 on fields and lines', async ({
	page,
}) => {
	await storeList(
		page,
		{ line: LINES.vanilla900, quantity: 2 },
		{ line: LINES.creatine500, quantity: 1 },
	);
	await openList(page);
	await page.getByRole('button', { name: 'Invia prenotazione' }).tap();
	await expect(page.getByText('Scegli il giorno di ritiro.')).toBeVisible();
	await expect(page.getByText('Il nome deve essere di almeno 3 caratteri.')).toBeVisible();
	await expect(page.getByText('Devi accettare la Privacy Policy per continuare.')).toBeVisible();
	await expect(page.getByLabel('Giorno di ritiro')).toBeFocused();
	const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
	expect(violations.map((violation) => violation.id)).toEqual([]);

	await chooseFirstDay(page);
	await fillDetails(page);
	await page.route('**/api/prenotazioni', (route) =>
		route.fulfill({
			status: 422,
			json: {
				error: 'Controlla i dati della prenotazione.',
				fields: { email: 'Inserisci un indirizzo email valido.' },
				items: [
					{
						index: 1,
						productId: 'creatina-monoidrato',
						variantId: '500-g',
						error: 'Ne resta solo 0 a Sede Torino.',
					},
				],
			},
		}),
	);
	await page.getByRole('button', { name: 'Invia prenotazione' }).tap();
	await expect(
		page.getByRole('alert').filter({ hasText: 'Controlla i dati della prenotazione.' }),
	).toBeVisible();
	await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();
	await expect(page.getByText('Inserisci un indirizzo email valido.')).toBeVisible();
	await expect(line(page, 'creatina-monoidrato/500-g')).toContainText(
		'Ne resta solo 0 a Sede Torino.',
	);
	expect(await storedList(page)).toHaveLength(2);
});

test('an accepted reservation opens the confirmation with its code and QR, and empties the list', async ({
	page,
}) => {
	await storeList(page, { line: LINES.vanilla900, quantity: 2 });
	await openList(page);
	await page.getByRole('radio', { name: /Sede Aosta/ }).check();
	const day = await chooseFirstDay(page);
	await fillDetails(page);
	let sent: Record<string, unknown> = {};
	await page.route('**/api/prenotazioni', async (route) => {
		sent = route.request().postDataJSON() as Record<string, unknown>;
		await route.fulfill({
			status: 201,
			json: {
				ok: true,
				id: 7,
				code: 'K7P2QX',
				duplicate: false,
				emailStatus: { adminNotified: false, userConfirmationSent: false, simulationMode: true },
			},
		});
	});
	await page.getByRole('button', { name: 'Invia prenotazione' }).tap();
	await expect(page).toHaveURL(
		`/lista-ritiro/confermata?codice=K7P2QX&negozio=aosta&giorno=${day}&email=simulazione`,
	);
	expect(sent).toMatchObject({
		shopId: 'aosta',
		day,
		items: [{ productId: 'whey-concentrate-80', variantId: 'vaniglia-900-g', quantity: 2 }],
		name: 'Giulia Bianchi',
		privacy: true,
		extra_info: '',
	});
	expect(sent['submissionKey']).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
	expect(JSON.stringify(sent)).not.toContain('priceCents');
	await expect(page.locator('[data-pickup-code]')).toHaveText('K7P2QX');
	await expect(page.getByRole('img', { name: 'Codice QR del ritiro K7P2QX' })).toBeVisible();
	await expect(page.locator('[data-pickup-confirmation]')).toContainText('Sede di Aosta');
	await expect(page.getByText('in modalità simulazione')).toBeVisible();
	expect(await storedList(page)).toEqual([]);
	await expect(badge(page)).toHaveAccessibleName('Lista ritiro');
	const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
	expect(violations.map((violation) => violation.id)).toEqual([]);
});

test('the list page passes axe with lines, a line another shop has and a short one', async ({
	page,
}) => {
	await storeList(
		page,
		{ line: LINES.biscuit2kg, quantity: 1 },
		{ line: LINES.vanilla900, quantity: 9 },
	);
	await openList(page);
	await expect(page.getByRole('button', { name: 'Ritira a Sede Aosta' })).toBeVisible();
	const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
	expect(violations.map((violation) => violation.id)).toEqual([]);
});

test('works by keyboard: shop, pieces, remove, day, details, send', async ({ page }) => {
	await storeList(
		page,
		{ line: LINES.vanilla900, quantity: 1 },
		{ line: LINES.creatine500, quantity: 1 },
	);
	await page.route('**/api/prenotazioni', (route) =>
		route.fulfill({
			status: 201,
			json: { ok: true, id: 8, code: 'Q4Z9TB', duplicate: false, emailStatus: {} },
		}),
	);
	await openList(page);
	await page.getByRole('radio', { name: /Sede Torino/ }).focus();
	await page.keyboard.press('ArrowRight');
	await expect(page.getByRole('radio', { name: /Sede Aosta/ })).toBeChecked();

	await page.keyboard.press('Tab');
	await expect(page.getByRole('link', { name: 'Whey 80 Concentrate' })).toBeFocused();
	await page.keyboard.press('Tab');
	const vanilla = page.getByLabel('Quantità: Whey 80 Concentrate, Vaniglia – 900 g');
	await expect(vanilla).toBeFocused();
	await page.keyboard.press('ArrowDown');
	await expect(vanilla).toHaveValue('2');
	await page.keyboard.press('Tab');
	await expect(
		page.getByRole('button', { name: /^Rimuovi\s*: Whey 80 Concentrate, Vaniglia – 900 g$/ }),
	).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page.getByRole('heading', { name: 'Prodotti (1 prodotto)' })).toBeFocused();

	// Sent with nothing filled in: the first field at fault takes the focus.
	await page.getByRole('button', { name: 'Invia prenotazione' }).focus();
	await page.keyboard.press('Enter');
	const day = page.getByLabel('Giorno di ritiro');
	await expect(day).toBeFocused();
	await page.keyboard.press('ArrowDown');
	await expect(day).not.toHaveValue('');
	await page.keyboard.press('Tab');
	await expect(page.getByLabel('Nome e cognome')).toBeFocused();
	await page.keyboard.type('Luca Verdi');
	await page.keyboard.press('Tab');
	await page.keyboard.type('luca.verdi@example.com');
	await page.keyboard.press('Tab');
	await page.keyboard.type('0165 123456');
	await page.keyboard.press('Tab');
	await expect(page.getByRole('checkbox', { name: /Privacy Policy/ })).toBeFocused();
	await page.keyboard.press('Space');
	await page.getByRole('button', { name: 'Invia prenotazione' }).focus();
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/lista-ritiro\/confermata\?codice=Q4Z9TB&negozio=aosta/);
	await expect(page.locator('[data-pickup-code]')).toHaveText('Q4Z9TB');
});

test('the confirmation page without a code says there is nothing to show', async ({ page }) => {
	await page.goto('/lista-ritiro/confermata?codice=%3Cb%3E');
	await expect(
		page.getByRole('heading', { name: 'Nessuna prenotazione da mostrare' }),
	).toBeVisible();
	await expect(page.getByRole('img', { name: /Codice QR/ })).toHaveCount(0);
});

// Both tests below send real reservations: they need POST /api/prenotazioni of the
// pickup-server branch (simulation mode, as the contact form's tests).

test('a reservation sent to the server opens the confirmation with its code; the list is emptied', async ({
	page,
}) => {
	await storeList(
		page,
		{ line: LINES.vanilla900, quantity: 2 },
		{ line: LINES.creatine500, quantity: 1 },
	);
	await openList(page);
	await chooseFirstDay(page);
	await fillDetails(page);
	const answer = page.waitForResponse((response) => response.url().endsWith('/api/prenotazioni'));
	await page.getByRole('button', { name: 'Invia prenotazione' }).tap();
	expect((await answer).status()).toBe(201);
	await expect(page).toHaveURL(/\/lista-ritiro\/confermata\?codice=[A-Za-z0-9]{6}&negozio=torino/);
	await expect(page.locator('[data-pickup-code]')).toHaveText(/^[A-Za-z0-9]{6}$/);
	await expect(page.getByRole('img', { name: /^Codice QR del ritiro/ })).toBeVisible();
	expect(await storedList(page)).toEqual([]);
});

test('the pieces others have reserved are not offered; without the server no old figure stands', async ({
	page,
}) => {
	const free = async () => {
		const answer = await page.request.get(
			'/api/disponibilita?negozio=torino&prodotto=whey-concentrate-80',
		);
		expect(answer.headers()['cache-control']).toBe('no-store');
		const body = (await answer.json()) as { prodotti: Record<string, Record<string, number>> };
		return body.prodotti['whey-concentrate-80']?.['biscotto-900-g'] ?? 0;
	};
	const figure = (count: number) =>
		`Disponibile a Sede Torino (${count === 1 ? '1 pezzo libero' : `${count} pezzi liberi`})`;
	await storeList(page, { line: LINES.biscuit900, quantity: 1 });
	await openList(page);
	const day =
		(await page.getByLabel('Giorno di ritiro').locator('option').nth(1).getAttribute('value')) ??
		'';

	// Another customer reserves one of Torino's 6 (fewer are free if this test ran before).
	const before = await free();
	expect(before).toBeGreaterThan(1);
	const reserved = await page.request.post('/api/prenotazioni', {
		data: {
			shopId: 'torino',
			day,
			items: [{ productId: 'whey-concentrate-80', variantId: 'biscotto-900-g', quantity: 1 }],
			name: 'Altro Cliente',
			email: 'altro.cliente@example.com',
			phone: '+39 333 7654321',
			privacy: true,
		},
	});
	expect(reserved.status()).toBe(201);
	expect(await free()).toBe(before - 1);

	await page.reload();
	const biscuit = line(page, 'whey-concentrate-80/biscotto-900-g');
	const pieces = biscuit.getByLabel('Quantità: Whey 80 Concentrate, Biscotto – 900 g');
	await expect(biscuit.locator('[data-line-status]')).toHaveText(figure(before - 1));
	await expect(pieces.locator('option')).toHaveCount(before - 1);

	// The server unreachable: the line says its availability cannot be checked now (no old
	// figure), and the server checks on sending.
	await page.route('**/api/disponibilita?**', (route) => route.abort('internetdisconnected'));
	await page.reload();
	await expect(biscuit.locator('[data-line-status]')).toHaveText(
		'Disponibilità non verificabile ora: la controlla il negozio.',
	);
});

test.describe('offline', () => {
	test.use({ serviceWorkers: 'allow' });

	test('a reservation sent offline is queued, said to be sent later, and confirmed once online', async ({
		page,
		context,
	}) => {
		await openControlled(page, '/');
		await storeList(page, { line: LINES.creatine500, quantity: 2 });
		await openList(page);
		await chooseFirstDay(page);
		await fillDetails(page);
		await context.setOffline(true);
		await page.getByRole('button', { name: 'Invia prenotazione' }).tap();
		await expect(
			page
				.getByRole('status')
				.filter({ hasText: 'verrà inviata appena torna la connessione' })
				.first(),
		).toBeVisible();
		expect(await storedList(page)).toHaveLength(1);
		await context.setOffline(false);
		// Chromium may fire 'online' itself, and the page then leaves for the confirmation before
		// this event is dispatched: a page already gone has nothing left to tell.
		await page
			.evaluate(() => window.dispatchEvent(new Event('online')))
			.catch((error: unknown) => {
				if (!String(error).includes('Execution context was destroyed')) throw error;
			});
		await expect(page).toHaveURL(/\/lista-ritiro\/confermata\?codice=[A-Za-z0-9]{6}/);
		await expect(page.locator('[data-pickup-code]')).toHaveText(/^[A-Za-z0-9]{6}$/);
		expect(await storedList(page)).toEqual([]);
	});
});
