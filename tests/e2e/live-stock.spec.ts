import type { Page, Route } from '@playwright/test';
import { LINES, storeList } from './helpers/pickup';
import { expect, test } from './helpers/test';

/**
 * The live figure of stock (docs/catalogue.md, "Availability is live") on a phone with touch: the
 * server's HTML has a placeholder, the page asks GET /api/disponibilita once after it has painted
 * and shows the server's figure; a new figure shows with no rebuild; with the server down or the
 * phone offline the page says it cannot check now; nothing moves when the figure arrives.
 */

test.use({
	viewport: { width: 412, height: 839 },
	deviceScaleFactor: 2.625,
	isMobile: true,
	hasTouch: true,
	serviceWorkers: 'block',
});

const PRODUCT = 'caseina-micellare';
const PAGE = `/prodotti/proteine/${PRODUCT}`;
const FIRST = 'cioccolato-900-g';

const stockLine = (page: Page) => page.locator('[data-stock-line]');
/** A size's button: its label (the radio itself is visually hidden). */
const size = (page: Page, name: string) => page.getByRole('radio', { name }).locator('xpath=..');
const shopFigure = (page: Page, shop: string) =>
	stockLine(page).locator(`[data-live-stock="shop"][data-shop="${shop}"]`);

/** What the server says each shop has of a variant now. */
async function serverFigure(
	page: Page,
	variantId = FIRST,
	productId = PRODUCT,
): Promise<Record<string, number>> {
	const response = await page.request.get(`/api/disponibilita?prodotto=${productId}`);
	expect(response.status()).toBe(200);
	expect(response.headers()['cache-control']).toBe('no-store');
	const body = (await response.json()) as {
		negozi: string[];
		prodotti: Record<string, Record<string, Record<string, number>>>;
	};
	expect(body.negozi).toEqual(['torino', 'aosta']);
	return body.prodotti[productId]?.[variantId] ?? {};
}

/** The stock line's words for a shop's pieces. */
const lineText = (pieces = 0) =>
	pieces > 1 ? `${pieces} disponibili` : pieces === 1 ? '1 disponibile' : 'non disponibile';

/** Holds the availability requests until `release` is called; counts them. */
async function holdAvailability(page: Page) {
	let open: () => void = () => undefined;
	const gate = new Promise<void>((resolve) => (open = resolve));
	const asked: string[] = [];
	await page.route('**/api/disponibilita?**', async (route: Route) => {
		asked.push(route.request().url());
		await gate;
		await route.continue();
	});
	return { asked, release: () => open() };
}

test('the product page shows the server’s figure after painting, and a new one with no rebuild', async ({
	page,
}) => {
	const before = await serverFigure(page);
	expect(before['torino']).toBeGreaterThan(0);
	const held = await holdAvailability(page);
	await page.goto(PAGE);
	// The server's HTML: the placeholder, no figure.
	await expect(shopFigure(page, 'torino')).toHaveText('verifica…');
	await expect(page.locator('[data-variant-state]')).toContainText('Verifica…');
	await expect.poll(() => held.asked.length).toBe(1);
	held.release();
	await expect(shopFigure(page, 'torino')).toHaveText(lineText(before['torino']));
	await expect(shopFigure(page, 'aosta')).toHaveText(lineText(before['aosta']));
	// Written by the page's small script: no island had to load for it.
	await expect(page.locator('astro-island:has([data-stock-line])')).toHaveAttribute('ssr', '');
	expect(held.asked).toHaveLength(1);
	expect(new URL(held.asked[0] ?? '').searchParams.getAll('prodotto')).toEqual([PRODUCT]);
	await page.unroute('**/api/disponibilita?**');

	// Someone reserves one piece at Torino (a day the pickup list offers): the next visit shows
	// one fewer, with no rebuild.
	await storeList(page, { line: LINES.creatine500, quantity: 1 });
	await page.goto('/lista-ritiro');
	const day =
		(await page.getByLabel('Giorno di ritiro').locator('option').nth(1).getAttribute('value')) ??
		'';
	const reserved = await page.request.post('/api/prenotazioni', {
		data: {
			shopId: 'torino',
			day,
			items: [{ productId: PRODUCT, variantId: FIRST, quantity: 1 }],
			name: 'Cliente Banco',
			email: 'cliente.banco@example.com',
			phone: '+39 333 1234567',
			privacy: true,
		},
	});
	expect(reserved.status(), await reserved.text()).toBe(201);
	const after = await serverFigure(page);
	expect(after['torino']).toBe((before['torino'] ?? 0) - 1);
	await page.goto(PAGE);
	await expect(shopFigure(page, 'torino')).toHaveText(lineText(after['torino']));

	// The islands, once hydrated by a touch, show the same figure from the same request.
	await page.locator('[data-availability]').scrollIntoViewIfNeeded();
	await size(page, '900 g').tap();
	await expect(page.locator('astro-island:has([data-availability])')).not.toHaveAttribute('ssr');
	await expect(
		page.locator('[data-availability] [data-live-stock="shop-row"][data-shop="torino"]'),
	).toHaveText(lineText(after['torino']).replace(/^n/, 'N'));
	await expect(page.locator('[data-variant-state]')).toHaveText('Disponibile');
});

test.describe('the server cannot say', () => {
	for (const [how, answer] of [
		['offline', (route: Route) => route.abort('internetdisconnected')],
		['the server unreachable', (route: Route) => route.abort('connectionrefused')],
		[
			'the server answering an error',
			(route: Route) => route.fulfill({ status: 503, json: { error: 'Servizio non disponibile' } }),
		],
	] as const) {
		test(`${how}: the page says availability cannot be checked now, and no figure`, async ({
			page,
		}) => {
			await page.route('**/api/disponibilita?**', answer);
			await page.goto(PAGE);
			await expect(shopFigure(page, 'torino')).toHaveText('non verificabile');
			await expect(shopFigure(page, 'aosta')).toHaveText('non verificabile');
			await expect(page.locator('[data-availability]')).toContainText(
				'Non possiamo verificare la disponibilità ora: chiedi al negozio o riprova più tardi.',
			);
			await expect(page.locator('[data-variant-state]')).toHaveText('Da verificare');
			// Hydrated by a touch, the islands say the same.
			await size(page, '2 kg').tap();
			await expect(page.locator('[data-variant-state]')).toHaveText('Da verificare');
			await expect(page.getByRole('radio', { name: '2 kg' })).toBeChecked();
			await expect(page.locator('[data-availability]')).not.toContainText(/\d+ disponibil/);
		});
	}
});

test('nothing moves when the figure arrives (placeholder as big as the figure)', async ({
	page,
}) => {
	const held = await holdAvailability(page);
	await page.goto(PAGE);
	await expect.poll(() => held.asked.length).toBe(1);
	// Where each block is and how tall: a text that grows sideways (the picker's state, pinned
	// left of a price pinned right) moves nothing.
	const boxes = () =>
		Promise.all(
			[
				'[data-stock-line]',
				'[data-variant-state]',
				'[data-availability]',
				'[data-pickup-main]',
			].map(async (selector) => {
				const box = await page.locator(selector).first().boundingBox();
				return box && { x: box.x, y: box.y, height: box.height };
			}),
		);
	const placeholder = await boxes();
	await page.evaluate(() => {
		const shifts: number[] = [];
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
				shifts.push(entry.value);
			}
		}).observe({ type: 'layout-shift' });
		(window as unknown as { shifts: number[] }).shifts = shifts;
	});
	held.release();
	await expect(shopFigure(page, 'torino')).not.toHaveText('verifica…');
	await expect(page.locator('[data-availability] [data-live-stock="note"]')).not.toHaveText(
		/in corso/,
	);
	expect(await boxes()).toEqual(placeholder);
	const shift = await page.evaluate(() =>
		(window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
	);
	expect(shift).toBeLessThanOrEqual(0.01);
});

test('a tap on a size while the figure is on its way is kept, and the figure follows it', async ({
	page,
}) => {
	const held = await holdAvailability(page);
	await page.goto(PAGE);
	await size(page, '2 kg').tap();
	await expect(page.getByRole('radio', { name: '2 kg' })).toBeChecked();
	await expect(page).toHaveURL(/variante=cioccolato-2-kg/);
	const figure = await serverFigure(page, 'cioccolato-2-kg');
	held.release();
	await expect(shopFigure(page, 'torino')).toHaveText(lineText(figure['torino']));
	await expect(page.getByRole('radio', { name: '2 kg' })).toBeChecked();
});

test('a category page asks once for all its cards, and each card says what the server says', async ({
	page,
}) => {
	const held = await holdAvailability(page);
	await page.goto('/prodotti/proteine');
	const cards = page.locator('[data-live-stock="card"]');
	await expect(cards.first()).toHaveText('Verifica disponibilità…');
	await expect.poll(() => held.asked.length).toBe(1);
	held.release();
	const ids = new URL(held.asked[0] ?? '').searchParams.getAll('prodotto');
	expect(ids).toHaveLength(await cards.count());
	const answer = (await (
		await page.request.get(`/api/disponibilita?${ids.map((id) => `prodotto=${id}`).join('&')}`)
	).json()) as { prodotti: Record<string, Record<string, Record<string, number>>> };
	for (const id of ids) {
		const pieces = Object.values(answer.prodotti[id] ?? {}).flatMap((shops) =>
			Object.values(shops),
		);
		const some = pieces.some((count) => count > 0);
		await expect(page.locator(`[data-live-stock="card"][data-product="${id}"]`)).toHaveText(
			some ? 'Disponibile in negozio' : 'Esaurito nei negozi',
		);
	}
	expect(held.asked).toHaveLength(1);
});

test.describe('the main link under the table says what the figures say', () => {
	const link = (page: Page) => page.locator('[data-availability] a[href^="/contatti?"]');
	const notHydrated = (page: Page) =>
		expect(page.locator('astro-island:has([data-availability])')).toHaveAttribute('ssr', '');
	const total = (page: Page) => page.locator('[data-availability] [data-live-stock="total"]');
	/** The contact form's address for a variant and the shop the link should name. */
	const contactHref = (product: string, variant: string, figure: Record<string, number>) => {
		const shop = ['torino', 'aosta'].find((id) => (figure[id] ?? 0) > 0) ?? 'torino';
		return `/contatti?prodotto=${product}&variante=${variant}&negozio=${shop}#modulo`;
	};

	test('in stock: a label that claims nothing, then «Prenota in negozio», before any island hydrates, moving nothing', async ({
		page,
	}) => {
		const figure = await serverFigure(page);
		const pieces = (figure['torino'] ?? 0) + (figure['aosta'] ?? 0);
		expect(pieces).toBeGreaterThan(0);
		const held = await holdAvailability(page);
		await page.goto(PAGE);
		await expect(link(page)).toHaveText('Contatta il negozio');
		const before = await link(page).boundingBox();
		await expect.poll(() => held.asked.length).toBe(1);
		held.release();
		await expect(total(page)).toHaveText(`${pieces} ${pieces === 1 ? 'pezzo' : 'pezzi'}`);
		await expect(link(page)).toHaveText('Prenota in negozio');
		await expect(link(page)).toHaveAttribute('href', contactHref(PRODUCT, FIRST, figure));
		await notHydrated(page);
		expect(await link(page).boundingBox()).toEqual(before);
	});

	test('none free: «Chiedi disponibilità» before hydration; a size some shop has turns it into «Prenota in negozio»', async ({
		page,
	}) => {
		const product = 'whey-concentrate-80';
		const none = await serverFigure(page, 'cioccolato-900-g', product);
		expect((none['torino'] ?? 0) + (none['aosta'] ?? 0)).toBe(0);
		const some = await serverFigure(page, 'cioccolato-2-kg', product);
		expect((some['torino'] ?? 0) + (some['aosta'] ?? 0)).toBeGreaterThan(0);
		await page.goto(`/prodotti/proteine/${product}`);
		await expect(total(page)).toHaveText('0 pezzi');
		await expect(link(page)).toHaveText('Chiedi disponibilità');
		await expect(link(page)).toHaveAttribute(
			'href',
			contactHref(product, 'cioccolato-900-g', none),
		);
		await notHydrated(page);

		// The picker changes the variant: the figures and the link follow it together.
		await size(page, '2 kg').tap();
		await expect(page.getByRole('radio', { name: '2 kg' })).toBeChecked();
		await expect(link(page)).toHaveText('Prenota in negozio');
		await expect(link(page)).toHaveAttribute('href', contactHref(product, 'cioccolato-2-kg', some));
		await expect(total(page)).not.toHaveText('0 pezzi');
		// The size no shop has is disabled now (docs/catalogue.md): there is no way back to it.
		await expect(page.getByRole('radio', { name: '900 g' })).toBeDisabled();
	});

	test('without JavaScript the link claims nothing either way', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto(PAGE);
		await expect(link(page)).toHaveText('Contatta il negozio');
		await expect(link(page)).toHaveAttribute(
			'href',
			`/contatti?prodotto=${PRODUCT}&variante=${FIRST}&negozio=torino#modulo`,
		);
		await context.close();
	});
});
