import { expect, test } from './helpers/test';

/**
 * Each shop says whether it is open now, in Rome time, on /negozi, on /contatti and in a
 * product's availability box; /negozi gives directions in the phone's maps app (docs/shops.md).
 */

// Monday 23 November 2026, 10:00 in Rome: both shops are open until 12:30.
const MONDAY_MORNING = new Date('2026-11-23T10:00:00+01:00');
// Saturday 28 November 2026, 16:00 in Rome: Torino is closed until Monday, Aosta open until 19.
const SATURDAY_AFTERNOON = new Date('2026-11-28T16:00:00+01:00');

test('/negozi: open now and until when, for each shop', async ({ page }) => {
	await page.clock.setFixedTime(MONDAY_MORNING);
	await page.goto('/negozi');
	const lines = page.locator('[data-open-now]');
	await expect(lines).toHaveText([
		'Aperto ora · chiude alle 12:30',
		'Aperto ora · chiude alle 12:30',
	]);
});

test('/negozi on Christmas Day: no «Aperto ora», and the rule of national holidays', async ({
	page,
}) => {
	// Friday 25 December 2026, 10:00: a weekday both shops open, closed for Christmas; Saturday
	// 26 is Santo Stefano, so both open again on Monday.
	await page.clock.setFixedTime(new Date('2026-12-25T10:00:00+01:00'));
	await page.goto('/negozi');
	await expect(page.locator('[data-open-now]')).toHaveText([
		'Chiuso · apre lunedì alle 9:30',
		'Chiuso · apre lunedì alle 9:00',
	]);
	await expect(
		page.getByText('Nelle festività nazionali il negozio è chiuso, salvo aperture straordinarie.'),
	).toHaveCount(2);
});

test('/contatti: closed and when it opens next', async ({ page }) => {
	await page.clock.setFixedTime(SATURDAY_AFTERNOON);
	await page.goto('/contatti');
	await expect(page.locator('[data-open-now]')).toHaveText([
		'Chiuso · apre lunedì alle 9:30',
		'Aperto ora · chiude alle 19:00',
	]);
});

test('a product’s availability box says which shop is open now', async ({ page }) => {
	await page.clock.setFixedTime(SATURDAY_AFTERNOON);
	await page.goto('/prodotti/proteine/whey-concentrate-80');
	const box = page.locator('[data-availability]');
	await expect(box.getByText('Sede Torino:', { exact: true })).toBeVisible();
	await expect(box.locator('[data-open-now]').first()).toHaveText('Chiuso · apre lunedì alle 9:30');
});

test('/negozi: «Indicazioni stradali» opens Google Maps directions to each shop', async ({
	page,
}) => {
	await page.goto('/negozi');
	const links = page.getByRole('link', { name: /^Indicazioni stradali/ });
	await expect(links).toHaveCount(2);
	await expect(links.first()).toHaveAttribute(
		'href',
		'https://www.google.com/maps/dir/?api=1&destination=Corso%20Torino%2085%2C%2010090%20Buttigliera%20Alta%20(TO)',
	);
	await expect(links.nth(1)).toHaveAttribute('href', /destination=Corso%20Saint-Martin/);
});
