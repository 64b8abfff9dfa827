#!/usr/bin/env node
// @ts-check
// node scripts/staff-screenshots.mjs [--port N]: the staff desk on a Pixel 7 (412 × 839) for
// STAFF.md, into docs/img/: the list of the day (staff-prenotazioni.png), a reservation to
// prepare as its first screen shows it (staff-prenotazione.png), one just marked ready with its
// 'Annulla' (staff-annulla.png), the day's pick list (staff-preparazione.png) and the scanner
// reading a confirmation's QR code from a fake camera (staff-scansione.png). The scene:
// scripts/staff-scene.mjs, with four reservations sent through the public API. Needs
// `npm run build`.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'uqr';
import { PIXEL_7, SHOTS_DIR, openStaffScene } from './staff-scene.mjs';
import { ROOT } from './start-server.mjs';

/**
 * Products with a piece free at Torino, one variant each, as the server counts them now (the
 * stock ledger less what reservations hold: GET /api/disponibilita).
 * @param {string} origin
 */
async function torinoItems(origin) {
	const ids = readdirSync(join(ROOT, 'dist/client/api/product'))
		.filter((name) => name.endsWith('.json'))
		.map((name) => name.slice(0, -'.json'.length))
		.sort()
		.slice(0, 100);
	const query = new URLSearchParams([['negozio', 'torino'], ...ids.map((id) => ['prodotto', id])]);
	const answer = await fetch(`${origin}/api/disponibilita?${query}`);
	if (!answer.ok) throw new Error(`Availability: ${answer.status} ${await answer.text()}`);
	/** @type {{ prodotti: Record<string, Record<string, number> | null> }} */
	const { prodotti } = await answer.json();
	return ids.flatMap((productId) => {
		const free = Object.entries(prodotti[productId] ?? {}).find(([, pieces]) => pieces > 0);
		return free ? [{ productId, variantId: free[0], quantity: 1 }] : [];
	});
}

const CUSTOMERS = [
	['Luca Bianchi', 'luca.bianchi@example.it', '+39 333 123 4567'],
	['Sara Colombo', 'sara.colombo@example.it', '+39 340 765 4321'],
	['Marco Ferrari', 'marco.ferrari@example.it', '+39 347 222 3344'],
	['Elena Ricci', 'elena.ricci@example.it', '+39 320 555 6677'],
];

/**
 * A Y4M video (a text header, then raw I420 frames) of a phone's camera over the QR code of
 * `code`, drawn as the confirmation page draws it (uqr, error correction M, border 2): the fake
 * camera of the scanner's screenshot.
 * @param {string} file
 * @param {string} code
 */
function writeQrVideo(file, code) {
	const width = 640;
	const height = 480;
	const { data, size } = encode(code, { ecc: 'M', border: 2 });
	const scale = Math.floor(300 / size);
	const luma = Buffer.alloc(width * height, 200);
	const left = Math.floor((width - size * scale) / 2);
	const top = Math.floor((height - size * scale) / 2);
	for (let y = 0; y < size * scale; y++) {
		for (let x = 0; x < size * scale; x++) {
			const dark = data[Math.floor(y / scale)]?.[Math.floor(x / scale)];
			luma[(top + y) * width + left + x] = dark ? 20 : 250;
		}
	}
	const frame = Buffer.concat([
		Buffer.from('FRAME\n'),
		luma,
		Buffer.alloc((width / 2) * (height / 2) * 2, 128),
	]);
	const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
	writeFileSync(file, Buffer.concat([header, frame, frame, frame, frame]));
}

// A long undo window, so the screenshot of 'Annulla' has time to be taken.
const scene = await openStaffScene('staff-screenshots', {
	env: { CONTACT_RATE_LIMIT: '1000', STAFF_UNDO_SECONDS: '300' },
});
const { origin } = scene;
try {
	const items = await torinoItems(origin);
	/** @type {{ id: number, code: string }[]} */
	const stored = [];
	for (const [index, [name, email, phone]] of CUSTOMERS.entries()) {
		// The first days the shop opens: a closed day is refused, the next one tried.
		for (let ahead = 1 + (index % 2); ahead < 20; ahead++) {
			const day = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
			const answer = await fetch(`${origin}/api/prenotazioni`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Origin: origin },
				body: JSON.stringify({
					shopId: 'torino',
					day,
					items: [items[index * 3], items[index * 3 + 1]].filter(Boolean),
					name,
					email,
					phone,
					privacy: true,
				}),
			});
			if (answer.status === 201) {
				stored.push(/** @type {{ id: number, code: string }} */ (await answer.json()));
				break;
			}
		}
	}
	const cookie = `__Host-gestione=${scene.session}`;
	const first = stored[0];
	if (!first) throw new Error('No reservation was stored.');
	const ready = await fetch(`${origin}/api/gestione/prenotazioni/${first.id}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
		body: JSON.stringify({ azione: 'pronta', versione: 1 }),
	});
	if (!ready.ok) throw new Error(`Not marked ready: ${ready.status} ${await ready.text()}`);

	// A Pixel 7; the session as a header: a __Host- cookie cannot be set on http://localhost here.
	/** @type {import('@playwright/test').BrowserContextOptions} */
	const phone = { ...PIXEL_7, serviceWorkers: 'block', extraHTTPHeaders: { Cookie: cookie } };
	const context = await scene.browser.newContext(phone);
	const page = await context.newPage();
	await page.goto(`${origin}/gestione`, { waitUntil: 'networkidle' });
	await page.screenshot({ path: join(SHOTS_DIR, 'staff-prenotazioni.png') });
	const second = stored[1] ?? first;
	await page.goto(`${origin}/gestione/prenotazioni/${second.id}`, { waitUntil: 'networkidle' });
	await page.screenshot({ path: join(SHOTS_DIR, 'staff-prenotazione.png') });
	await page.goto(`${origin}/gestione/prenotazioni/${first.id}?fatto=pronta`, {
		waitUntil: 'networkidle',
	});
	await page.screenshot({ path: join(SHOTS_DIR, 'staff-annulla.png') });
	// The pick list of the day of the last reservations stored (the first and the third share it).
	const shown = /** @type {{ day: string }} */ (
		await (
			await fetch(`${origin}/api/gestione/prenotazioni/${stored[2]?.id ?? first.id}`, {
				headers: { Cookie: cookie },
			})
		).json()
	);
	await page.goto(`${origin}/gestione/preparazione?giorno=${shown.day}`, {
		waitUntil: 'networkidle',
	});
	await page.screenshot({ path: join(SHOTS_DIR, 'staff-preparazione.png'), fullPage: true });
	await context.close();

	// The scanner, with a camera filming the QR code of a reservation; the look-up is held back,
	// so the dialog is still open when the picture is taken.
	const video = join(scene.dir, 'qr.y4m');
	writeQrVideo(video, second.code);
	const camera = await scene.launch([
		'--use-fake-device-for-media-stream',
		'--use-fake-ui-for-media-stream',
		`--use-file-for-fake-video-capture=${video}`,
	]);
	try {
		const scanning = await camera.newContext(phone);
		await scanning.route('**/api/gestione/prenotazioni?codice=*', () => new Promise(() => {}));
		const scanner = await scanning.newPage();
		await scanner.goto(`${origin}/gestione`, { waitUntil: 'networkidle' });
		await scanner.getByRole('button', { name: 'Scansiona il QR' }).tap();
		await scanner
			.locator('[data-desk-scan-status]')
			.filter({ hasText: 'cerco la prenotazione' })
			.waitFor({ timeout: 30_000 });
		await scanner.screenshot({ path: join(SHOTS_DIR, 'staff-scansione.png') });
		await scanning.close();
	} finally {
		await camera.close();
	}
	console.log(
		'docs/img/staff-prenotazioni.png, staff-prenotazione.png, staff-annulla.png, staff-preparazione.png, staff-scansione.png',
	);
} finally {
	await scene.close();
}
