import AxeBuilder from './helpers/axe';
import { nextPickupDay, singlePieces, validReservation } from '../server/helpers/pickup';
import { signInContext, staffOrigin } from './helpers/staff-session';
import { expect, test, type Locator, type Page } from './helpers/test';

/**
 * A reservation's page at the counter, as layout geometry (boundingBox), never timings: on a
 * Pixel 7 and an iPhone SE, touch, a fresh page, the first screen shows the code, the state, the
 * customer's name, the pieces and the next action ('Pronta per il ritiro' while it is to prepare,
 * 'Ritirata' once ready), with the details and the history below. The action is tapped there,
 * and 'Annulla' takes its place on the first screen.
 */
const PHONES = [
	{ name: 'Pixel 7', width: 412, height: 839, deviceScaleFactor: 2.625 },
	{ name: 'iPhone SE', width: 320, height: 568, deviceScaleFactor: 2 },
] as const;

/** `locator` ends above the fold of a page not yet scrolled. */
async function expectOnFirstScreen(page: Page, locator: Locator, what: string) {
	expect(await page.evaluate(() => window.scrollY), 'the page has not scrolled').toBe(0);
	const box = await locator.boundingBox();
	expect(box, `${what} has a box`).not.toBeNull();
	expect((box?.y ?? NaN) + (box?.height ?? NaN), `${what} on the first screen`).toBeLessThanOrEqual(
		page.viewportSize()?.height ?? 0,
	);
}

/** `first` comes before `second` down the page. */
async function expectAbove(first: Locator, second: Locator, what: string) {
	const [a, b] = [await first.boundingBox(), await second.boundingBox()];
	expect((a?.y ?? NaN) < (b?.y ?? NaN), what).toBe(true);
}

test.describe.configure({ timeout: 90_000 });

/**
 * Single pieces at Torino for each phone's reservation, past those the other specs on this
 * server take from the start of the list (a worker restarted after a failure reads them anew).
 */
const PIECES = singlePieces(400)
	.filter((piece) => piece.shopId === 'torino')
	.slice(100);

for (const [index, phone] of PHONES.entries()) {
	test.describe(`on a ${phone.name} (${phone.width} × ${phone.height})`, () => {
		test.use({
			viewport: { width: phone.width, height: phone.height },
			deviceScaleFactor: phone.deviceScaleFactor,
			isMobile: true,
			hasTouch: true,
			serviceWorkers: 'block',
		});

		test("a reservation's first screen: code, state, customer, pieces and the next action", async ({
			context,
			baseURL,
		}) => {
			const origin = staffOrigin(baseURL!);
			await signInContext(context, origin, { name: 'Giulia Rossi', shops: ['torino'] });
			const items = PIECES.slice(index * 2, index * 2 + 2).map((piece) => piece.item);
			const stored = await context.request.post(`${origin}/api/prenotazioni`, {
				data: validReservation({
					name: 'Alessandra Bonaventura',
					email: `telefono.${phone.width}@example.it`,
					items,
				}),
				headers: { Origin: origin },
			});
			expect(stored.status()).toBe(201);
			const { id, code } = (await stored.json()) as { id: number; code: string };

			const page = await context.newPage();
			await page.goto(`${origin}/gestione/prenotazioni/${id}`);
			const heading = page.getByRole('heading', { level: 1 });
			await expect(heading).toContainText(code);
			const state = page.locator('[data-status]').first();
			await expect(state).toHaveText('Da preparare');
			const customer = page.locator('[data-desk-customer]');
			await expect(customer).toHaveText('Alessandra Bonaventura');
			const count = page.locator('[data-desk-pieces]');
			await expect(count).toHaveText('2 pezzi');
			const ready = page.getByRole('button', { name: 'Pronta per il ritiro' });
			for (const [locator, what] of [
				[heading, 'the code'],
				[state, 'the state'],
				[customer, "the customer's name"],
				[count, 'the pieces'],
				[ready, "'Pronta per il ritiro'"],
			] as const) {
				await expectOnFirstScreen(page, locator, what);
			}
			// The details and the history follow the action.
			await expectAbove(ready, page.getByRole('heading', { name: 'Prodotti' }), 'products below');
			await expectAbove(ready, page.getByRole('heading', { name: 'Storia' }), 'history below');
			expect(
				await page.evaluate(
					() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
				),
				'nothing wider than the screen',
			).toBeLessThanOrEqual(0);
			const { violations } = await new AxeBuilder({ page })
				.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
				.analyze();
			expect(violations.map((violation) => violation.id)).toEqual([]);

			// Tapped there: the page comes back with 'Annulla' and then 'Ritirata' on the first screen.
			await ready.tap();
			await expect(state).toHaveText('Pronta per il ritiro');
			await expectOnFirstScreen(
				page,
				page.getByRole('button', { name: 'Annulla', exact: true }),
				"'Annulla'",
			);
			await expectOnFirstScreen(page, page.getByRole('button', { name: 'Ritirata' }), "'Ritirata'");
		});
	});
}

test('the pick list prints on one A4 page', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ locale: 'it-IT', timezoneId: 'Europe/Rome' });
	try {
		const origin = staffOrigin(baseURL!);
		await signInContext(context, origin, { name: 'Marta', shops: ['torino'] });
		// A busy morning: eight reservations of two pieces each, on the next open day.
		const day = nextPickupDay('torino');
		for (let n = 0; n < 8; n++) {
			const items = PIECES.slice(10 + n * 2, 12 + n * 2).map((piece) => piece.item);
			const stored = await context.request.post(`${origin}/api/prenotazioni`, {
				data: validReservation({ email: `stampa.${n}@example.it`, items, day }),
				headers: { Origin: origin },
			});
			expect(stored.status()).toBe(201);
		}
		const page = await context.newPage();
		await page.goto(`${origin}/gestione/preparazione?giorno=${day}`);
		await expect(page.locator('[data-pick-line]')).not.toHaveCount(0);
		await page.emulateMedia({ media: 'print' });
		const pdf = await page.pdf({ format: 'A4', printBackground: true });
		const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
		expect(pages).toHaveLength(1);
	} finally {
		await context.close();
	}
});
