import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices, type Browser, type BrowserContext } from '@playwright/test';
import { nextPickupDay, singlePieces, validReservation } from '../server/helpers/pickup';
import { confirmationQr, launchWithCamera, writeY4m } from './helpers/qr-camera';
import { putSessionCookie, signInContext, staffOrigin } from './helpers/staff-session';
import { expect, test } from './helpers/test';

/**
 * 'Scansiona il QR' at the counter, in Chromium with a fake camera that films the QR code of a
 * real confirmation page (read off that page, written as a Y4M video in the set-up):
 *
 * - with the browser's BarcodeDetector removed (an init script deletes it), the scanner loads
 *   the ZXing WebAssembly ponyfill from the site itself, which reads the video's QR code and
 *   opens the reservation: the whole chain, camera to decoder to reservation, runs for real;
 * - with a BarcodeDetector: Chromium on Linux has none, so an init script puts in a stand-in that
 *   answers the code once the camera's video plays (it decodes nothing itself), and the test
 *   checks that the scanner took the browser's detector and never fetched the ponyfill;
 * - another shop's code, an unknown code and a QR code that is no pickup code are said in
 *   Italian, and scanning goes on; a refused camera says so, and the code field still works.
 *
 * Touch: a Pixel 7 context with `hasTouch`, taps on a fresh page.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let dir: string;
let video: string;
let camera: Browser;
let reservation: { id: number; code: string };
let otherShop: { id: number; code: string };

test.beforeAll(async ({ browser, baseURL }) => {
	if (!baseURL) throw new Error('No baseURL.');
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-scan-'));
	video = join(dir, 'qr.y4m');
	const page = await browser.newPage();
	const pieces = singlePieces(300);
	const reserve = async (shopId: string) => {
		const piece = pieces.find((candidate) => candidate.shopId === shopId);
		pieces.splice(pieces.indexOf(piece!), 1);
		const answer = await page.request.post(`${baseURL}/api/prenotazioni`, {
			data: validReservation({ shopId, email: `scan.${shopId}@example.it`, items: [piece!.item] }),
			headers: { Origin: baseURL },
		});
		expect(answer.status()).toBe(201);
		return (await answer.json()) as { id: number; code: string };
	};
	reservation = await reserve('torino');
	otherShop = await reserve('aosta');
	const query = new URLSearchParams({
		codice: reservation.code,
		negozio: 'torino',
		giorno: nextPickupDay('torino'),
	});
	writeY4m(video, await confirmationQr(page, `${baseURL}/lista-ritiro/confermata?${query}`));
	await page.close();
	camera = await launchWithCamera(video);
});

test.afterAll(async () => {
	await camera?.close();
	if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A signed-in member of Torino on a phone of the camera browser; every request recorded. */
async function phone(browser: Browser, baseURL: string) {
	// As staff open it: a host name (Chromium keeps a Secure cookie for http://localhost).
	const origin = staffOrigin(baseURL);
	const context = await browser.newContext({
		...devices['Pixel 7'],
		locale: 'it-IT',
		timezoneId: 'Europe/Rome',
	});
	const cookie = await signInContext(context, origin, { name: 'Chiara', shops: ['torino'] });
	const requests: string[] = [];
	const problems: string[] = [];
	const local = new URL(origin).host;
	// Nothing leaves the machine: any other host is refused, and noted.
	await context.route(
		(url) => url.host !== local,
		(route) => {
			requests.push(route.request().url());
			return route.abort();
		},
	);
	context.on('request', (request) => requests.push(request.url()));
	context.on('console', (message) => {
		if (/content security policy|permissions[- ]policy/i.test(message.text())) {
			problems.push(message.text());
		}
	});
	return { context, requests, problems, local, origin, cookie };
}

async function closeChecked({
	context,
	requests,
	problems,
	local,
}: Awaited<ReturnType<typeof phone>>) {
	await context.close();
	expect(requests.filter((url) => new URL(url).host !== local)).toEqual([]);
	expect(problems).toEqual([]);
}

/** A BarcodeDetector for Chromium builds without one: answers `values` once the video plays. */
function standIn(context: BrowserContext, values: string[]) {
	return context.addInitScript((answers: string[]) => {
		let next = 0;
		class StandInDetector {
			static getSupportedFormats() {
				return Promise.resolve(['qr_code']);
			}
			constructor(options: { formats: string[] }) {
				if (!options.formats.includes('qr_code')) throw new TypeError('qr_code expected');
			}
			detect(source: HTMLVideoElement) {
				if (!(source instanceof HTMLVideoElement) || source.videoWidth === 0) {
					return Promise.resolve([]);
				}
				const rawValue = answers[Math.min(next, answers.length - 1)] ?? '';
				next += 1;
				return Promise.resolve([{ rawValue, format: 'qr_code' }]);
			}
		}
		Object.defineProperty(window, 'BarcodeDetector', {
			value: StandInDetector,
			configurable: true,
			writable: true,
		});
	}, values);
}

test('without BarcodeDetector, the ZXing ponyfill served by the site reads the real QR code', async ({
	baseURL,
}) => {
	const device = await phone(camera, baseURL!);
	await device.context.addInitScript(() => {
		delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
	});
	const page = await device.context.newPage();
	await page.goto(`${device.origin}/gestione`);
	expect(await page.evaluate(() => 'BarcodeDetector' in window)).toBe(false);
	const scan = page.getByRole('button', { name: 'Scansiona il QR' });
	await expect(scan).toBeVisible();
	// Nothing of the scanner before the tap.
	expect(device.requests.filter((url) => /zxing|scanner|\.wasm/.test(url))).toEqual([]);
	await scan.tap();
	await page.waitForURL(`**/gestione/prenotazioni/${reservation.id}`, { timeout: 30_000 });
	await expect(page.getByRole('heading', { level: 1 })).toContainText(reservation.code);
	const wasm = device.requests.filter((url) => url.endsWith('.wasm'));
	expect(wasm).toHaveLength(1);
	expect(new URL(wasm[0]!).pathname).toMatch(/^\/_astro\/zxing_reader\.[\w-]+\.wasm$/);
	await closeChecked(device);
});

test('with a BarcodeDetector, the browser’s own is used and the ponyfill never loads', async ({
	baseURL,
}) => {
	const device = await phone(camera, baseURL!);
	await standIn(device.context, [reservation.code.toLowerCase()]);
	const page = await device.context.newPage();
	await page.goto(`${device.origin}/gestione`);
	await page.getByRole('button', { name: 'Scansiona il QR' }).tap();
	await expect(page.locator('[data-desk-scanner]')).toHaveAttribute('data-scan-engine', 'native');
	await page.waitForURL(`**/gestione/prenotazioni/${reservation.id}`);
	expect(device.requests.filter((url) => /zxing|\.wasm/.test(url))).toEqual([]);
	await closeChecked(device);
});

test("another shop's code, an unknown one and a QR that is no code are said, and scanning goes on", async ({
	baseURL,
}) => {
	const device = await phone(camera, baseURL!);
	const status = (page: import('@playwright/test').Page) => page.locator('[data-desk-scan-status]');
	for (const [value, text] of [
		[otherShop.code, `Nessuna prenotazione dei tuoi negozi con il codice ${otherShop.code}.`],
		['ZZZZZZ', 'Nessuna prenotazione dei tuoi negozi con il codice ZZZZZZ.'],
		['https://esempio.example/', 'Questo codice QR non è quello di una prenotazione'],
	] as const) {
		const context = await camera.newContext({ ...devices['Pixel 7'], locale: 'it-IT' });
		await context.route(
			(url) => url.host !== device.local,
			(route) => route.abort(),
		);
		await putSessionCookie(context, device.origin, device.cookie);
		await standIn(context, [value]);
		const page = await context.newPage();
		await page.goto(`${device.origin}/gestione`);
		await page.getByRole('button', { name: 'Scansiona il QR' }).tap();
		await expect(status(page)).toContainText(text);
		// Still scanning, on the same page, with the camera on.
		await expect(page.locator('[data-desk-scanner]')).toHaveAttribute('open', '');
		expect(new URL(page.url()).pathname).toBe('/gestione');
		await context.close();
	}
	await closeChecked(device);
});

test('camera refused: an Italian message, and the code field still opens the reservation', async ({
	baseURL,
}) => {
	// A browser that answers the camera's prompt with no.
	const refusing = await launchWithCamera(video, { grant: false });
	try {
		const device = await phone(refusing, baseURL!);
		const page = await device.context.newPage();
		await page.goto(`${device.origin}/gestione`);
		await page.getByRole('button', { name: 'Scansiona il QR' }).tap();
		await expect(page.getByRole('alert')).toHaveText(/Non hai consentito l’uso della fotocamera/);
		await expect(page.locator('[data-desk-scanner]')).not.toHaveAttribute('open', '');
		const field = page.getByLabel('Cerca per codice di ritiro');
		await expect(field).toBeFocused();
		await field.fill(reservation.code);
		await page.getByRole('button', { name: 'Cerca' }).tap();
		await page.waitForURL(`**/gestione/prenotazioni/${reservation.id}`);
		await closeChecked(device);
	} finally {
		await refusing.close();
	}
});
