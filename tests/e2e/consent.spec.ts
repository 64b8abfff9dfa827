import AxeBuilder from './helpers/axe';
import { expect, test, type Page } from './helpers/test';
import { waitForIsland } from './helpers/islands';

/** Cookie banner (docs/consent.md). */

const CONSENT = 'vigorsport:cookie-consent';
const PREFERENCES = 'vigorsport:cookie-preferences';
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// A first-time visitor: no decision stored.
test.use({ consentBanner: true });

const banner = (page: Page) =>
	page.getByRole('region', { name: /Rispettiamo la tua privacy|Personalizza i cookie/ });

async function open(page: Page, path = '/') {
	await page.goto(path);
	await waitForIsland(page, 'header[data-header]');
	await expect(banner(page)).toBeVisible();
}

async function stored(page: Page) {
	return page.evaluate(
		([consent, preferences]) => ({
			decision: JSON.parse(localStorage.getItem(consent) ?? 'null') as { decision: string } | null,
			preferences: JSON.parse(localStorage.getItem(preferences) ?? 'null') as Record<
				string,
				boolean
			> | null,
		}),
		[CONSENT, PREFERENCES] as const,
	);
}

test('"Accetta tutti" stores accepted with everything on, and the banner stays closed', async ({
	page,
}) => {
	await open(page);
	await banner(page).getByRole('button', { name: 'Accetta tutti' }).click();
	await expect(banner(page)).toBeHidden();
	expect(await stored(page)).toEqual({
		decision: expect.objectContaining({ decision: 'accepted' }),
		preferences: { necessary: true, analytics: true, marketing: true, functional: true },
	});
	await page.goto('/negozi');
	await waitForIsland(page, 'header[data-header]');
	await page.waitForLoadState('networkidle');
	await expect(page.getByRole('region', { name: 'Rispettiamo la tua privacy' })).toHaveCount(0);
});

test.describe('keeping only necessary cookies', () => {
	for (const [how, button] of [
		['rejected', 'Rifiuta tutti'],
		['dismissed', 'Chiudi e usa solo i cookie necessari'],
	] as const) {
		test(`"${button}" stores ${how}`, async ({ page }) => {
			await open(page);
			await banner(page).getByRole('button', { name: button, exact: true }).click();
			await expect(banner(page)).toBeHidden();
			expect(await stored(page)).toEqual({
				decision: expect.objectContaining({ decision: how }),
				preferences: { necessary: true, analytics: false, marketing: false, functional: false },
			});
		});
	}
});

test('"Personalizza" offers the toggles; "Salva Preferenze" stores them as customized', async ({
	page,
}) => {
	await open(page);
	await banner(page).getByRole('button', { name: 'Personalizza' }).click();
	const details = page.getByRole('region', { name: 'Personalizza i cookie' });
	await expect(details.getByRole('switch', { name: 'Necessari' })).toBeChecked();
	await expect(details.getByRole('switch', { name: 'Necessari' })).toBeDisabled();
	for (const name of ['Statistici', 'Marketing', 'Funzionali']) {
		await expect(details.getByRole('switch', { name })).not.toBeChecked();
	}
	const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
	expect(violations.map((violation) => violation.id)).toEqual([]);

	await details.getByRole('switch', { name: 'Statistici' }).check();
	await details.getByRole('button', { name: 'Salva Preferenze' }).click();
	await expect(details).toBeHidden();
	expect(await stored(page)).toEqual({
		decision: expect.objectContaining({ decision: 'customized' }),
		preferences: { necessary: true, analytics: true, marketing: false, functional: false },
	});
	await page.reload();
	await waitForIsland(page, 'header[data-header]');
	await expect(page.getByRole('region', { name: /Rispettiamo/ })).toHaveCount(0);
});

test('the detailed view accepts all, and its close button returns to the main view', async ({
	page,
}) => {
	await open(page);
	await banner(page).getByRole('button', { name: 'Personalizza' }).click();
	await page
		.getByRole('button', { name: 'Chiudi la personalizzazione e torna alla scelta' })
		.click();
	await expect(page.getByRole('region', { name: 'Rispettiamo la tua privacy' })).toBeVisible();
	await banner(page).getByRole('button', { name: 'Personalizza' }).click();
	await banner(page).getByRole('button', { name: 'Accetta Tutti' }).click();
	await expect(banner(page)).toBeHidden();
	expect((await stored(page)).decision?.decision).toBe('accepted');
});

test('a decision older than six months is asked again', async ({ page }) => {
	await page.clock.install({ time: new Date('2026-01-10T10:00:00Z') });
	await open(page);
	await banner(page).getByRole('button', { name: 'Rifiuta tutti' }).click();
	await page.clock.setSystemTime(new Date('2026-07-01T10:00:00Z'));
	await page.reload();
	await waitForIsland(page, 'header[data-header]');
	await page.clock.runFor(500);
	await expect(page.getByRole('region', { name: /Rispettiamo/ })).toHaveCount(0);
	await page.clock.setSystemTime(new Date('2026-07-11T10:00:00Z'));
	await page.reload();
	await page.clock.runFor(3000);
	await expect(banner(page)).toBeVisible();
});

test('unreadable preferences give a console warning and the defaults', async ({ page }) => {
	await page.addInitScript(
		([consent, preferences]) => {
			localStorage.setItem(
				consent,
				JSON.stringify({ decision: 'customized', decidedAt: new Date().toISOString() }),
			);
			localStorage.setItem(preferences, '{"analytics": tru');
		},
		[CONSENT, PREFERENCES] as const,
	);
	const warnings: string[] = [];
	page.on('console', (message) => {
		if (message.type() === 'warning') warnings.push(message.text());
	});
	await page.goto('/');
	await waitForIsland(page, 'header[data-header]');
	await expect.poll(() => warnings.some((text) => text.includes('Preferenze cookie'))).toBe(true);
	await page.getByRole('link', { name: 'Preferenze cookie' }).click();
	await banner(page).getByRole('button', { name: 'Personalizza' }).click();
	await expect(page.getByRole('switch', { name: 'Statistici' })).not.toBeChecked();
});

test('"Preferenze cookie" in the footer reopens the banner and moves focus to it', async ({
	page,
}) => {
	await open(page);
	await banner(page).getByRole('button', { name: 'Accetta tutti' }).click();
	await page.getByRole('link', { name: 'Preferenze cookie' }).click();
	await expect(banner(page)).toBeVisible();
	await expect(banner(page).getByRole('heading')).toBeFocused();
	await expect(page).not.toHaveURL(/cookie-policy/);
});

test('"Preferenze cookie" reopens the banner also as the first thing a returning visitor does', async ({
	page,
}) => {
	// A decision is stored: the banner is hidden and its island has not hydrated
	// (client:interaction).
	await page.addInitScript(
		(key) =>
			localStorage.setItem(
				key,
				JSON.stringify({ decision: 'accepted', decidedAt: new Date().toISOString() }),
			),
		CONSENT,
	);
	await page.goto('/');
	await expect(banner(page)).toBeHidden();
	await expect(page.locator('astro-island:has([data-cookie-banner])')).toHaveAttribute('ssr');
	await page.getByRole('link', { name: 'Preferenze cookie' }).click();
	await expect(banner(page)).toBeVisible();
	await expect(banner(page).getByRole('heading')).toBeFocused();
	await expect(page).not.toHaveURL(/cookie-policy/);
});

test('the banner never covers the focused element and never blocks the page', async ({ page }) => {
	await open(page, '/chi-siamo');
	const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
	expect(violations.map((violation) => violation.id)).toEqual([]);
	// Focus the last links of the page, right above the banner.
	for (const name of ['Privacy Policy', 'Cookie Policy', 'Preferenze cookie']) {
		const link = page.getByRole('contentinfo').getByRole('link', { name, exact: true });
		await link.focus();
		const covered = await link.evaluate((element) => {
			const box = element.getBoundingClientRect();
			const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
			return !(top === element || element.contains(top));
		});
		expect(covered, `${name} is hidden by the banner`).toBe(false);
	}
	// The page underneath still works: a link can be followed while the banner is open.
	await page.getByRole('contentinfo').getByRole('link', { name: 'Negozi' }).click();
	await expect(page).toHaveURL(/\/negozi$/);
});

test('no script from another host is ever loaded, before or after consent', async ({
	page,
	baseURL,
}) => {
	const scripts: string[] = [];
	page.on('request', (request) => {
		if (request.resourceType() === 'script') scripts.push(request.url());
	});
	await open(page);
	await banner(page).getByRole('button', { name: 'Accetta tutti' }).click();
	await page.goto('/prodotti/proteine/whey-concentrate-80');
	await page.waitForLoadState('networkidle');
	expect(scripts.length).toBeGreaterThan(0);
	const origin = new URL(baseURL ?? '').origin;
	expect(scripts.filter((url) => new URL(url).origin !== origin)).toEqual([]);
});

test.describe('before any script of the site has run', () => {
	// The banner is in the HTML; only the small script in <head> decides whether it shows.
	test.beforeEach(async ({ page }) => {
		await page.route('**/_astro/*.js', (route) => route.abort());
	});

	test('a first-time visitor sees the banner with the first paint', async ({ page }) => {
		await page.goto('/contatti');
		await expect(banner(page)).toBeVisible();
		await expect(page.locator('html')).toHaveAttribute('data-consent-pending', '');
	});

	for (const [what, decidedAt, shown] of [
		['a decision of yesterday hides it', -1, false],
		['a decision of seven months ago shows it again', -213, true],
		['a decision dated in the future shows it', 2, true],
	] as const) {
		test(what, async ({ page }) => {
			await page.addInitScript(
				([key, days]) => {
					const at = new Date(Date.now() + days * 86_400_000).toISOString();
					localStorage.setItem(key, JSON.stringify({ decision: 'rejected', decidedAt: at }));
				},
				[CONSENT, decidedAt] as const,
			);
			await page.goto('/contatti');
			await expect(page.locator('[data-cookie-banner]')).toHaveCount(1);
			if (shown) await expect(banner(page)).toBeVisible();
			else await expect(banner(page)).toBeHidden();
		});
	}

	test('an unreadable stored decision shows it', async ({ page }) => {
		await page.addInitScript((key) => localStorage.setItem(key, '{non json'), CONSENT);
		await page.goto('/contatti');
		await expect(banner(page)).toBeVisible();
	});
});

test('without JavaScript the banner, whose buttons could not work, is not shown', async ({
	browser,
}) => {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto('/contatti');
	await expect(page.locator('[data-cookie-banner]')).toHaveCount(1);
	await expect(page.locator('[data-cookie-banner]')).toBeHidden();
	await context.close();
});
