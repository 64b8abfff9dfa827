import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { createStaffSession, playwrightCookie } from '../helpers/staff';
import { REPORT_NOW, seedMonth } from '../server/helpers/report';
import { E2E_PORT } from './helpers/messages';
import type { Browser } from '@playwright/test';
import { expect, test, type BrowserContext } from './helpers/test';

/**
 * L'andamento (/gestione/andamento) in Chromium on a phone with touch (390×844, tap()), against
 * a server of its own whose database holds the month of tests/server/helpers/report.ts: the
 * figures read on a phone without sideways scrolling, the charts are named images with their
 * figures as a table, a brand's settings are saved with the page's own form (no script), and
 * axe finds nothing.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

// Each spec with a server of its own has its own port: staff-desk +1, staff-push +5,
// staff-stock +6, this one +7 (the CDN suite takes +1 to +3 in its own run).
const PORT = E2E_PORT + 7;
const origin = `http://127.0.0.1:${PORT}`;
let server: RunningServer;
let dir: string;
let dbPath: string;

test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-report-e2e-'));
	dbPath = join(dir, 'messages.sqlite');
	server = await startServer({
		port: PORT,
		env: {
			CONTACT_DB_PATH: dbPath,
			STOCK_SEED_CSV: '',
			REPORTS_NOW: REPORT_NOW,
			STAFF_RATE_LIMIT: '100000',
		},
	});
	const { member } = createStaffSession(dbPath, { name: 'Giulia', shops: ['torino'] }, origin);
	seedMonth(dbPath, member.id);
});

test.afterAll(async () => {
	await server?.stop();
	rmSync(dir, { recursive: true, force: true });
});

/** A phone with touch, signed in as a member of Torino's shop. */
async function phone(browser: Browser): Promise<BrowserContext> {
	const context = await browser.newContext({
		viewport: { width: 390, height: 844 },
		hasTouch: true,
		isMobile: true,
		locale: 'it-IT',
		timezoneId: 'Europe/Rome',
	});
	const { token } = createStaffSession(dbPath, { name: 'Sara', shops: ['torino'] }, origin);
	const { url: _url, ...cookie } = playwrightCookie(token, origin);
	await context.addCookies([{ ...cookie, domain: '127.0.0.1', path: '/' }]);
	return context;
}

test('the figures on a phone, the charts as tables, a brand’s settings saved, axe', async ({
	browser,
}) => {
	const context = await phone(browser);
	const page = await context.newPage();
	await page.goto(`${origin}/gestione/andamento?negozio=torino&da=2026-10-26&a=2026-11-22`);
	await expect(page.getByRole('heading', { level: 1, name: 'Andamento' })).toBeVisible();
	await expect(page.getByRole('link', { name: 'Andamento', exact: true })).toHaveAttribute(
		'aria-current',
		'page',
	);
	const noShow = page.getByRole('term').filter({ hasText: 'Non ritirate' });
	await expect(noShow.locator('xpath=following-sibling::dd[1]')).toHaveText('1 · 25 %');
	// Nothing wider than the phone.
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

	// The charts are images with a name; their figures are a table a tap away.
	await expect(page.getByRole('img', { name: /Prenotazioni per settimana/ })).toBeVisible();
	await expect(page.getByRole('img', { name: /Non ritirate sul totale/ })).toBeVisible();
	await page.getByText('I valori in tabella').first().tap();
	await expect(
		page.getByRole('table', { name: 'Prenotazioni per settimana' }).getByRole('row', {
			name: '16 novembre 2026 3',
		}),
	).toBeVisible();

	// Nordika Nutrition's lead time, with the page's own form.
	const group = page.getByRole('region', { name: 'Da riordinare: Nordika Nutrition' });
	await expect(group).toContainText('Da ordinare: 9');
	await group.getByLabel('Giorni di consegna').fill('10');
	await group.getByLabel('Giorni da coprire').fill('20');
	await group.getByRole('button', { name: 'Salva per Nordika Nutrition' }).tap();
	await expect(page.getByRole('status')).toContainText('Impostazioni della marca salvate');
	await expect(page).toHaveURL(/da=2026-10-26&a=2026-11-22#riordino$/);
	await expect(
		page.getByRole('region', { name: 'Da riordinare: Nordika Nutrition' }),
	).toContainText('Da ordinare: 13');

	const { violations } = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
		.analyze();
	expect(
		violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes[0]?.target)}`),
	).toEqual([]);
	await context.close();
});
