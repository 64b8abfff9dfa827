#!/usr/bin/env node
// @ts-check
// node scripts/staff-screenshots.mjs [--port N]: the staff desk on a Pixel 7 (412 × 839) for
// STAFF.md, into docs/img/: the list of the day (staff-prenotazioni.png) and a reservation marked
// ready, with its history and actions (staff-prenotazione.png). A server of the build in dist/
// with a temporary database in simulation mode, a member of staff with a session made in it
// (dist/server/staff.mjs), four reservations sent through the public API. Needs `npm run build`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './browser-path.mjs';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

const portArgument = process.argv.indexOf('--port');
const port = portArgument > 0 ? Number(process.argv[portArgument + 1]) : undefined;
assertBuilt();
const { openStaffStore } = await import(join(ROOT, 'dist/server/staff.mjs'));

/** Products of the build with a piece at Torino: one per reservation. */
function torinoItems() {
	const folder = join(ROOT, 'dist/client/api/product');
	return readdirSync(folder)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.flatMap((file) => {
			/** @type {{ id: string, variants: { id: string, stock: Record<string, number> }[] }} */
			const product = JSON.parse(readFileSync(join(folder, file), 'utf8'));
			const variant = product.variants.find((candidate) => (candidate.stock['torino'] ?? 0) > 0);
			return variant ? [{ productId: product.id, variantId: variant.id, quantity: 1 }] : [];
		});
}

const CUSTOMERS = [
	['Luca Bianchi', 'luca.bianchi@example.it', '+39 333 123 4567'],
	['Sara Colombo', 'sara.colombo@example.it', '+39 340 765 4321'],
	['Marco Ferrari', 'marco.ferrari@example.it', '+39 347 222 3344'],
	['Elena Ricci', 'elena.ricci@example.it', '+39 320 555 6677'],
];

const dir = mkdtempSync(join(tmpdir(), 'vigorsport-staff-shots-'));
const dbPath = join(dir, 'messages.sqlite');
const server = await startServer({
	env: { CONTACT_DB_PATH: dbPath, SMTP_HOST: '', CONTACT_RATE_LIMIT: '1000' },
	...(port ? { port } : {}),
});
const origin = server.url.replace('127.0.0.1', 'localhost');
const found = findChromium();
const browser = await chromium.launch({
	...(found ? { executablePath: found.path } : {}),
	args: [...CHROMIUM_ARGS],
});
try {
	const store = openStaffStore(dbPath);
	const member = store.addStaff(
		{ name: 'Giulia Rossi', email: 'giulia@vigorsport.test', shops: ['torino'] },
		Date.now(),
	);
	const token = store.createSession(member.id, Date.now());
	store.close();

	const items = torinoItems();
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
	const cookie = `__Host-gestione=${token}`;
	const first = stored[0];
	if (!first) throw new Error('No reservation was stored.');
	const ready = await fetch(`${origin}/api/gestione/prenotazioni/${first.id}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
		body: JSON.stringify({ azione: 'pronta', versione: 1 }),
	});
	if (!ready.ok) throw new Error(`Not marked ready: ${ready.status} ${await ready.text()}`);

	const context = await browser.newContext({
		viewport: { width: 412, height: 839 },
		deviceScaleFactor: 2.625,
		isMobile: true,
		hasTouch: true,
		locale: 'it-IT',
		timezoneId: 'Europe/Rome',
		serviceWorkers: 'block',
		// The session as a header: a __Host- cookie cannot be set on http://localhost from here.
		extraHTTPHeaders: { Cookie: cookie },
	});
	const page = await context.newPage();
	await page.goto(`${origin}/gestione`, { waitUntil: 'networkidle' });
	await page.screenshot({ path: join(ROOT, 'docs/img/staff-prenotazioni.png') });
	await page.goto(`${origin}/gestione/prenotazioni/${first.id}?fatto=pronta`, {
		waitUntil: 'networkidle',
	});
	await page.screenshot({ path: join(ROOT, 'docs/img/staff-prenotazione.png'), fullPage: true });
	console.log('docs/img/staff-prenotazioni.png, docs/img/staff-prenotazione.png');
} finally {
	await browser.close();
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
}
