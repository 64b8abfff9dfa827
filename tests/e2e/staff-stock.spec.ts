import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from './helpers/axe';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { createStaffSession, playwrightCookie } from '../helpers/staff';
import { validReservation, WHEY } from '../server/helpers/pickup';
import { E2E_PORT } from './helpers/messages';
import type { Browser } from '@playwright/test';
import { expect, test, type BrowserContext, type Page } from './helpers/test';

/**
 * The stock page (/gestione/magazzino) in Chromium on a phone with touch (390×844, tap()),
 * against a server of its own on a fresh database (the sample shop's counts loaded once): goods
 * received show in the availability visitors read without a rebuild, a collection lowers it, a
 * stocktake of three rows, a count from a stale page asks again (409), the keyboard, axe, and
 * every way in without a session.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

// Each spec with a server of its own has its own port: staff-desk +1, staff-push +5, this one +6
// (the CDN suite takes +1 to +3 in its own run).
const PORT = E2E_PORT + 6;
const origin = `http://127.0.0.1:${PORT}`;
let server: RunningServer;
let dir: string;
let dbPath: string;

test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-stock-e2e-'));
	dbPath = join(dir, 'messages.sqlite');
	server = await startServer({
		port: PORT,
		env: { CONTACT_DB_PATH: dbPath, CONTACT_RATE_LIMIT: '100000', STAFF_RATE_LIMIT: '100000' },
	});
});

test.afterAll(async () => {
	await server?.stop();
	rmSync(dir, { recursive: true, force: true });
});

/** A phone with touch, signed in as a member of Torino's shop. */
async function phone(browser: Browser, name = 'Sara'): Promise<BrowserContext> {
	const context = await browser.newContext({
		viewport: { width: 390, height: 844 },
		hasTouch: true,
		isMobile: true,
		locale: 'it-IT',
		timezoneId: 'Europe/Rome',
	});
	const { token } = createStaffSession(dbPath, { name, shops: ['torino'] }, origin);
	// By host and path: Chromium refuses a __Host- cookie given with an http `url`.
	const { url: _url, ...cookie } = playwrightCookie(token, origin);
	await context.addCookies([{ ...cookie, domain: '127.0.0.1', path: '/' }]);
	return context;
}

/** The pieces visitors are offered now at Torino (GET /api/disponibilita). */
async function offered(page: Page, productId: string, variantId: string): Promise<number> {
	const answer = await page.request.get(
		`${origin}/api/disponibilita?negozio=torino&prodotto=${productId}`,
	);
	expect(answer.status()).toBe(200);
	const body = (await answer.json()) as { prodotti: Record<string, Record<string, number>> };
	return body.prodotti[productId]?.[variantId] ?? -1;
}

const variantPage = (productId: string, variantId: string) =>
	`${origin}/gestione/magazzino/variante?negozio=torino&prodotto=${productId}&variante=${variantId}`;

async function expectAccessible(page: Page): Promise<void> {
	const { violations } = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
		.analyze();
	expect(
		violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes[0]?.target)}`),
	).toEqual([]);
}

test('goods received on the phone are what visitors are offered, without a rebuild', async ({
	browser,
}) => {
	const context = await phone(browser);
	try {
		const page = await context.newPage();
		const before = await offered(page, WHEY.productId, WHEY.variantId);
		await page.goto(`${origin}/gestione`);
		await page.getByRole('link', { name: 'Magazzino' }).tap();
		await page
			.getByRole('searchbox', { name: 'Cerca per nome, marca o gusto' })
			.fill('whey 80 cioccolato 2 kg');
		await page.getByRole('button', { name: 'Cerca' }).tap();
		const row = page.locator(`[data-stock-row="torino/${WHEY.productId}/${WHEY.variantId}"]`);
		await expect(page.locator('[data-stock-row]')).toHaveCount(1);
		await expect(row.locator('[data-figure="disponibili"]')).toHaveText(String(before));
		await expectAccessible(page);
		await row.getByRole('link').tap();
		await expect(page.getByRole('heading', { level: 1 })).toContainText('Cioccolato');
		await page.getByLabel('Pezzi').fill('6');
		await page.getByLabel('Nota (facoltativa)').fill('Bolla 1234');
		await page.getByRole('button', { name: '+ Arrivo merce' }).tap();
		await expect(
			page.getByRole('status').filter({ hasText: 'Movimento registrato.' }),
		).toBeVisible();
		await expect(page.locator('[data-figure="disponibili"]')).toHaveText(String(before + 6));
		const last = page.locator('[data-movement]').first();
		await expect(last).toContainText('Arrivo merce');
		await expect(last).toContainText('+6');
		await expect(last).toContainText('Sara');
		await expect(last).toContainText('«Bolla 1234»');
		expect(await offered(page, WHEY.productId, WHEY.variantId)).toBe(before + 6);
		expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(
			true,
		);
		await expectAccessible(page);
	} finally {
		await context.close();
	}
});

test('goods received at the shelf show on the product page at once, with no rebuild', async ({
	browser,
}) => {
	// Whey's first size, the one its page opens on, has no piece at either shop in the sample.
	const product = '/prodotti/proteine/whey-concentrate-80';
	const torino = (page: Page) =>
		page.locator('[data-stock-line] [data-live-stock="shop"][data-shop="torino"]');
	const context = await phone(browser);
	try {
		const visitor = await context.newPage();
		await visitor.goto(`${origin}${product}`);
		await expect(torino(visitor)).toHaveText('non disponibile');
		const staff = await context.newPage();
		await staff.goto(variantPage(WHEY.productId, 'cioccolato-900-g'));
		await staff.getByLabel('Pezzi').fill('3');
		await staff.getByRole('button', { name: '+ Arrivo merce' }).tap();
		await expect(
			staff.getByRole('status').filter({ hasText: 'Movimento registrato.' }),
		).toBeVisible();
		await visitor.reload();
		await expect(torino(visitor)).toHaveText('3 disponibili');
	} finally {
		await context.close();
	}
});

test('a collection at the desk lowers what is on hand and offered', async ({ browser }) => {
	const context = await phone(browser);
	try {
		const page = await context.newPage();
		const answer = await page.request.post(`${origin}/api/prenotazioni`, {
			data: validReservation({
				email: 'ritiro@example.it',
				items: [{ productId: WHEY.productId, variantId: WHEY.variantId, quantity: 1 }],
			}),
			headers: { Origin: origin },
		});
		expect(answer.status()).toBe(201);
		const { id } = (await answer.json()) as { id: number };
		await page.goto(variantPage(WHEY.productId, WHEY.variantId));
		const onHand = Number(await page.locator('[data-figure="in-negozio"]').textContent());
		await expect(page.locator('[data-figure="prenotati"]')).toHaveText('1');
		expect(await offered(page, WHEY.productId, WHEY.variantId)).toBe(onHand - 1);
		await page.goto(`${origin}/gestione/prenotazioni/${id}`);
		page.once('dialog', (dialog) => void dialog.accept());
		await page.getByRole('button', { name: 'Ritirata' }).tap();
		await expect(page.locator('[data-status]').first()).toHaveText('Ritirata');
		await page.goto(variantPage(WHEY.productId, WHEY.variantId));
		await expect(page.locator('[data-figure="in-negozio"]')).toHaveText(String(onHand - 1));
		await expect(page.locator('[data-figure="prenotati"]')).toHaveText('0');
		await expect(page.locator('[data-movement]').first()).toContainText(`Ritiro prenotazione`);
		await expect(page.locator('[data-movement]').first()).toContainText(`Prenotazione n. ${id}`);
		expect(await offered(page, WHEY.productId, WHEY.variantId)).toBe(onHand - 1);
	} finally {
		await context.close();
	}
});

test('a stocktake of three rows: the differences first, then one confirmation', async ({
	browser,
}) => {
	const context = await phone(browser);
	try {
		const page = await context.newPage();
		await page.goto(`${origin}/gestione/magazzino?cerca=eaa+essential`);
		await page.getByRole('link', { name: 'Inventario: conta più righe' }).tap();
		const fields = page.getByRole('textbox', { name: 'Contati' });
		await expect(fields).toHaveCount(3);
		await expectAccessible(page);
		// EAA Essential at Torino: three sizes and flavours.
		const onHand = await page.locator('[data-figure="in-negozio"]').allTextContents();
		const counts = onHand.map((figure, index) => Number(figure) + [1, -2, 0][index]!);
		for (const [index, count] of counts.entries()) await fields.nth(index).fill(String(count));
		await page.getByRole('button', { name: 'Rivedi le differenze' }).tap();
		await expect(page.locator('[data-review]')).toContainText('2 differenze, 1 righe uguali.');
		await expect(page.locator('[data-review]')).toContainText('(+1)');
		await expect(page.locator('[data-review]')).toContainText('(−2)');
		await page.getByRole('button', { name: 'Conferma il conteggio' }).tap();
		await expect(
			page.getByRole('status').filter({ hasText: 'Conteggio registrato' }),
		).toBeVisible();
		await expect(page.locator('[data-figure="in-negozio"]')).toHaveText(counts.map(String));
	} finally {
		await context.close();
	}
});

test('a count made on a stale page asks again, showing the figure now; a change never does', async ({
	browser,
}) => {
	const context = await phone(browser);
	const other = createStaffSession(dbPath, { name: 'Luca', shops: ['torino'] }, origin);
	try {
		const page = await context.newPage();
		await page.goto(variantPage('aminoacidi-plus', '150-compresse'));
		const onHand = Number(await page.locator('[data-figure="in-negozio"]').textContent());
		// Another tablet sells one meanwhile.
		const sale = await page.request.post(`${origin}/api/gestione/magazzino/movimento`, {
			data: {
				negozio: 'torino',
				prodotto: 'aminoacidi-plus',
				variante: '150-compresse',
				motivo: 'counter_sale',
				pezzi: 1,
			},
			headers: { Origin: origin, Cookie: other.cookie },
		});
		expect(sale.status()).toBe(200);
		await page.getByLabel('Pezzi').fill('9');
		await page.getByRole('button', { name: 'Conteggio' }).tap();
		const status = page.locator('[data-action-status]');
		await expect(status).toContainText('Luca');
		await expect(status).toContainText(`Ora in negozio: ${onHand - 1}.`);
		await expect(page.locator('[data-figure="in-negozio"]')).toHaveText(String(onHand - 1));
		await page.getByRole('button', { name: 'Conteggio' }).tap();
		await expect(
			page.getByRole('status').filter({ hasText: 'Movimento registrato.' }),
		).toBeVisible();
		await expect(page.locator('[data-figure="in-negozio"]')).toHaveText('9');
		// Two changes from two tablets both apply (a page's version never blocks them).
		await page.getByLabel('Pezzi').fill('2');
		const another = await page.request.post(`${origin}/api/gestione/magazzino/movimento`, {
			data: {
				negozio: 'torino',
				prodotto: 'aminoacidi-plus',
				variante: '150-compresse',
				motivo: 'arrival',
				pezzi: 3,
			},
			headers: { Origin: origin, Cookie: other.cookie },
		});
		expect(another.status()).toBe(200);
		await page.getByRole('button', { name: '− Vendita al banco' }).tap();
		await expect(page.locator('[data-figure="in-negozio"]')).toHaveText('10');
	} finally {
		await context.close();
	}
});

test('a CSV count confirmed after a sale is refused, naming the row; loaded again, it applies', async ({
	browser,
}) => {
	const context = await phone(browser);
	const other = createStaffSession(dbPath, { name: 'Luca', shops: ['torino'] }, origin);
	const ref = { negozio: 'torino', prodotto: WHEY.productId, variante: WHEY.variantId };
	const onHandNow = async (page: Page) => {
		const answer = await page.request.get(
			`${origin}/api/gestione/magazzino/storico?${new URLSearchParams(ref).toString()}`,
			{ headers: { Cookie: other.cookie } },
		);
		return ((await answer.json()) as { riga: { onHand: number } }).riga.onHand;
	};
	try {
		const page = await context.newPage();
		await page.goto(variantPage(WHEY.productId, WHEY.variantId));
		const onHand = Number(await page.locator('[data-figure="in-negozio"]').textContent());
		const file = {
			name: 'conteggio.csv',
			mimeType: 'text/csv',
			buffer: Buffer.from(
				`negozio;prodotto;variante;pezzi\r\ntorino;${WHEY.productId};${WHEY.variantId};${onHand + 5}\r\n`,
			),
		};
		await page.goto(`${origin}/gestione/magazzino`);
		await page.getByLabel('Carica un CSV').setInputFiles(file);
		await page.getByRole('button', { name: 'Mostra le differenze' }).tap();
		const result = page.locator('[data-import-result]');
		await expect(result).toContainText(`${onHand} → ${onHand + 5} (+5)`);
		// Another tablet sells one between the preview and the confirmation.
		const sale = await page.request.post(`${origin}/api/gestione/magazzino/movimento`, {
			data: { ...ref, motivo: 'counter_sale', pezzi: 1 },
			headers: { Origin: origin, Cookie: other.cookie },
		});
		expect(sale.status()).toBe(200);
		await page.getByRole('button', { name: 'Applica il file' }).tap();
		await expect(result).toContainText('sono cambiate le righe 2 del file');
		await expect(page.getByRole('button', { name: 'Applica il file' })).toBeHidden();
		expect(await onHandNow(page)).toBe(onHand - 1);
		// Loaded again, the differences are those of now, and the count applies.
		await page.getByRole('button', { name: 'Mostra le differenze' }).tap();
		await expect(result).toContainText(`${onHand - 1} → ${onHand + 5} (+6)`);
		await page.getByRole('button', { name: 'Applica il file' }).tap();
		await expect(page).toHaveURL(/esito=importa/);
		expect(await onHandNow(page)).toBe(onHand + 5);
	} finally {
		await context.close();
	}
});

test('keyboard: the minimum, then a sale, without a pointer', async ({ browser }) => {
	const context = await phone(browser);
	try {
		const page = await context.newPage();
		await page.goto(variantPage('acido-alfa-lipoico', '60-compresse'));
		await page.getByLabel('Scorta minima').focus();
		await page.keyboard.press('ControlOrMeta+A');
		await page.keyboard.type('50');
		await page.keyboard.press('Enter');
		await expect(
			page.getByRole('status').filter({ hasText: 'Scorta minima salvata.' }),
		).toBeVisible();
		await expect(page.locator('[data-figure="scorta"]')).toHaveText('50');
		await expect(page.getByText('Sotto la scorta minima')).toBeVisible();
		const onHand = Number(await page.locator('[data-figure="in-negozio"]').textContent());
		await page.getByLabel('Pezzi').focus();
		await page.keyboard.type('1');
		await page.keyboard.press('Tab');
		await page.keyboard.type('Cliente al banco');
		await page.keyboard.press('Tab');
		await page.keyboard.press('Tab');
		await expect(page.getByRole('button', { name: '− Vendita al banco' })).toBeFocused();
		await page.keyboard.press('Enter');
		await expect(page.locator('[data-figure="in-negozio"]')).toHaveText(String(onHand - 1));
		// The desk's header counts it and leads to the filtered list.
		await page.goto(`${origin}/gestione`);
		await page.locator('[data-below-minimum] a').focus();
		await page.keyboard.press('Enter');
		await page.waitForURL(/filtro=sotto-scorta/);
		await expect(
			page.locator('[data-stock-row="torino/acido-alfa-lipoico/60-compresse"]'),
		).toHaveCount(1);
		// A bad number is refused in Italian, before anything is sent.
		await page.goto(variantPage('acido-alfa-lipoico', '60-compresse'));
		await page.getByLabel('Pezzi').fill('1,5');
		await page.getByRole('button', { name: '+ Arrivo merce' }).press('Enter');
		await expect(page.locator('[data-action-status]')).toContainText('numero intero');
	} finally {
		await context.close();
	}
});

test('closed without a session: the pages send to the sign-in, the API answers 401', async ({
	request,
}) => {
	for (const path of [
		'/gestione/magazzino',
		'/gestione/magazzino?modo=conteggio',
		'/gestione/magazzino/variante?negozio=torino&prodotto=x&variante=y',
	]) {
		const answer = await request.get(`${origin}${path}`, { maxRedirects: 0 });
		expect(answer.status(), path).toBe(303);
		expect(answer.headers()['location'], path).toMatch(/^\/gestione\/accesso/);
		expect(answer.headers()['cache-control'], path).toContain('no-store');
	}
	const api = `${origin}/api/gestione/magazzino`;
	for (const [method, path] of [
		['GET', ''],
		['GET', '/storico?negozio=torino&prodotto=x&variante=y'],
		['GET', '/esporta'],
		['POST', '/movimento'],
		['POST', '/conteggio'],
		['POST', '/scorta-minima'],
		['POST', '/importa?motivo=conteggio'],
		['DELETE', '/movimento'],
	] as const) {
		const answer = await request.fetch(`${api}${path}`, {
			method,
			headers: { Origin: origin },
			...(method === 'POST' ? { data: {} } : {}),
		});
		expect(answer.status(), `${method} ${path}`).toBe(401);
		expect(((await answer.json()) as { error: string }).error).toBe(
			'Accesso richiesto: entra con la tua passkey nell’area staff.',
		);
	}
	// Signed in: no-store, another site's post refused, bad input answered in Italian.
	const { cookie } = createStaffSession(dbPath, { shops: ['torino'] }, origin);
	const page = await request.get(`${origin}/gestione/magazzino`, { headers: { Cookie: cookie } });
	expect(page.status()).toBe(200);
	expect(page.headers()['cache-control']).toContain('no-store');
	const body = { negozio: 'torino', prodotto: WHEY.productId, variante: WHEY.variantId };
	const foreign = await request.post(`${api}/movimento`, {
		data: { ...body, motivo: 'arrival', pezzi: 1 },
		headers: { Cookie: cookie, Origin: 'https://altro.example' },
	});
	expect(foreign.status()).toBe(403);
	const bad = await request.post(`${api}/movimento`, {
		data: { ...body, motivo: 'arrival', pezzi: 'tre' },
		headers: { Cookie: cookie, Origin: origin },
	});
	expect(bad.status()).toBe(422);
	expect(((await bad.json()) as { error: string }).error).toContain('numero intero');
	const aosta = await request.get(
		`${origin}/gestione/magazzino/variante?negozio=aosta&prodotto=${WHEY.productId}&variante=${WHEY.variantId}`,
		{ headers: { Cookie: cookie } },
	);
	expect(aosta.status()).toBe(403);
});
