// `npm run bench:contact`: load test of POST /api/contact and POST /api/prenotazioni on the
// real server.
//
// Expects a build (`npm run build`). Starts dist/server/serve.mjs on a free loopback port with a
// temporary database, simulation mode (no SMTP) and a rate limit high enough not to refuse
// anything, then for each route sends a bounded number of valid submissions with autocannon
// (BENCH_REQUESTS, default 2000, over BENCH_CONNECTIONS connections, default 10, stopping after
// BENCH_MAX_SECONDS, default 60, whatever happens) and prints requests per second and the
// p50/p99 latency. Then it counts the stored rows: every accepted (2xx) answer must be a stored
// message or reservation, and nothing else may be stored (but, when a route was stopped at
// BENCH_MAX_SECONDS, the requests still under way, at most one per connection). Exits non-zero
// if not, or if nothing was accepted. `npm run bench:contact -- --smoke`: 20 requests per route
// over 2 connections.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { ROOT, startServer } from './start-server.mjs';

/** A positive whole number from the environment, or the default. */
function setting(name, fallback) {
	const value = Number(process.env[name] ?? fallback);
	if (!Number.isSafeInteger(value) || value < 1) {
		console.error(`${name} must be a positive whole number.`);
		process.exit(2);
	}
	return value;
}

// --smoke: does the bench still run? A few requests over two connections (the test suite runs
// it, tests/server/benches.test.ts, and reads the table, never the timings).
const smoke = process.argv.includes('--smoke');
const amount = smoke ? 20 : setting('BENCH_REQUESTS', 2000);
const connections = smoke ? 2 : setting('BENCH_CONNECTIONS', 10);
const maxSeconds = smoke ? 30 : setting('BENCH_MAX_SECONDS', 60);
const distDir = process.env.DIST_DIR ?? join(ROOT, 'dist');

/**
 * A valid reservation for the build, asked of the running server: its first shop, the next day it
 * opens (the site's own rule, from the compiled dist/server/contact.mjs), one piece of the first
 * variant the server offers there (GET /api/disponibilita: the stock ledger, loaded on a new
 * database from its first count, seed/magazzino.csv; docs/stock.md).
 * @param {string} origin
 */
async function reservationBody(origin) {
	const { pickupDays } = await import(pathToFileURL(join(distDir, 'server/contact.mjs')).href);
	const settings = JSON.parse(readFileSync(join(distDir, 'client/api/ritiro.json'), 'utf8'));
	const catalogue = JSON.parse(readFileSync(join(distDir, 'client/api/catalogue.json'), 'utf8'));
	/** @type {string[]} */
	const ids = catalogue.products.map((/** @type {{ id: string }} */ product) => product.id);
	for (const shop of settings.shops) {
		const [day] = pickupDays(shop, new Date(), 1);
		if (!day) continue;
		// The route answers at most 30 products at a time.
		for (let start = 0; start < ids.length; start += 30) {
			const query = new URLSearchParams([
				['negozio', shop.id],
				...ids.slice(start, start + 30).map((id) => ['prodotto', id]),
			]);
			const answer = await fetch(`${origin}/api/disponibilita?${query}`);
			if (!answer.ok) throw new Error(`/api/disponibilita answered ${answer.status}`);
			/** @type {{ prodotti: Record<string, Record<string, number> | null> }} */
			const { prodotti } = await answer.json();
			for (const [productId, variants] of Object.entries(prodotti)) {
				const variantId = Object.entries(variants ?? {}).find(([, pieces]) => pieces > 0)?.[0];
				if (!variantId) continue;
				return {
					shopId: shop.id,
					day: day.date,
					items: [{ productId, variantId, quantity: 1 }],
					name: 'Prova Carico',
					email: 'prova.carico@example.it',
					phone: '+39 011 000 0000',
					privacy: true,
				};
			}
		}
	}
	throw new Error('No product in stock at any shop: nothing to reserve.');
}

/**
 * Gives the reserved variant as many pieces as the bench sends reservations, as an arrival
 * recorded in the server's ledger (the stock service of dist/server/magazzino.mjs, on the running
 * server's database), so every valid reservation can be accepted and stored.
 * @param {{ shopId: string, items: { productId: string, variantId: string }[] }} body
 */
async function stockUp({ shopId, items }) {
	const [item] = items;
	if (!item) return;
	const stock = await import(pathToFileURL(join(distDir, 'server/magazzino.mjs')).href);
	const { service, close } = stock.openStockService(
		{ CONTACT_DB_PATH: dbPath, STOCK_SEED_CSV: '' },
		ROOT,
		join(distDir, 'client'),
	);
	try {
		const result = await service.recordBatch({
			reason: 'arrival',
			rows: [{ shopId, productId: item.productId, variantId: item.variantId, pieces: amount }],
			keepUnchanged: false,
			note: 'npm run bench:contact',
			at: new Date(),
		});
		if (result.outcome !== 'recorded')
			throw new Error(`the bench's arrival was refused: ${JSON.stringify(result)}`);
	} finally {
		close();
	}
}

const ROUTES = [
	{
		path: '/api/contact',
		table: 'messages',
		body: {
			name: 'Prova Carico',
			email: 'prova.carico@example.it',
			phone: '+39 011 000 0000',
			message: 'Messaggio di prova del benchmark: può essere cancellato.',
			privacy: true,
		},
	},
	{ path: '/api/prenotazioni', table: 'reservations', body: {} },
];

const dir = mkdtempSync(join(tmpdir(), 'vigorsport-bench-'));
const dbPath = join(dir, 'messages.sqlite');
let server;
try {
	server = await startServer({
		env: { CONTACT_DB_PATH: dbPath, CONTACT_RATE_LIMIT: '1000000000', SMTP_HOST: '' },
	});
	ROUTES[1].body = await reservationBody(server.url);
	await stockUp(ROUTES[1].body);
} catch (error) {
	console.error(error instanceof Error ? error.message : error);
	await server?.stop();
	rmSync(dir, { recursive: true, force: true });
	process.exit(1);
}

/** Sends `amount` copies of the route's body; autocannon's result. */
async function load({ path, body }) {
	console.log(
		`POST ${server.url}${path}: ${amount} requests over ${connections} connections (at most ${maxSeconds} s)…`,
	);
	const instance = autocannon({
		url: `${server.url}${path}`,
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify(body),
		amount,
		connections,
		timeout: 10,
	});
	let stopped = false;
	const stopper = setTimeout(() => {
		stopped = true;
		instance.stop();
	}, maxSeconds * 1000);
	const result = await new Promise((resolve, reject) => {
		instance.once('done', resolve);
		instance.once('error', reject);
	});
	clearTimeout(stopper);
	return { ...result, stopped };
}

const results = [];
for (const route of ROUTES) results.push(await load(route));

// Stop the server (gracefully: running requests finish), then count what it stored.
await server.stop('SIGTERM');
const db = new Database(dbPath, { readonly: true, fileMustExist: true });
const stored = ROUTES.map(
	({ table }) => db.prepare(`SELECT COUNT(*) AS count FROM ${table}`).get().count,
);
db.close();
rmSync(dir, { recursive: true, force: true });

const rows = [
	['', ...ROUTES.map((route) => route.path)],
	['requests sent', ...results.map((result) => String(result['2xx'] + result.non2xx))],
	['accepted (2xx)', ...results.map((result) => String(result['2xx']))],
	['refused (non-2xx)', ...results.map((result) => String(result.non2xx))],
	['errors / timeouts', ...results.map((result) => `${result.errors} / ${result.timeouts}`)],
	['duration', ...results.map((result) => `${result.duration.toFixed(1)} s`)],
	['requests/s (mean)', ...results.map((result) => result.requests.average.toFixed(1))],
	['latency p50', ...results.map((result) => `${result.latency.p50} ms`)],
	['latency p99', ...results.map((result) => `${result.latency.p99} ms`)],
	['stored rows', ...stored.map(String)],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
for (const row of rows) {
	console.log(
		row
			.map((cell, column) => cell.padEnd(widths[column]))
			.join('  ')
			.trimEnd(),
	);
}

let failed = false;
ROUTES.forEach((route, index) => {
	const accepted = results[index]['2xx'];
	if (accepted === 0) {
		console.error(`FAIL: ${route.path}: nothing was accepted.`);
		failed = true;
	} else if (stored[index] < accepted) {
		console.error(`FAIL: ${route.path}: ${accepted} accepted but ${stored[index]} stored.`);
		failed = true;
	} else if (stored[index] > accepted + (results[index].stopped ? connections : 0)) {
		// Stopped at BENCH_MAX_SECONDS, the requests still under way (one per connection at most)
		// may be stored without their answer being counted; nothing else may be.
		console.error(`FAIL: ${route.path}: ${stored[index]} stored but only ${accepted} accepted.`);
		failed = true;
	}
});
if (failed) process.exit(1);
const cut = results.filter((result) => result.stopped).length;
console.log(
	cut
		? 'OK: nothing accepted was lost (stopped at BENCH_MAX_SECONDS, the requests under way then were stored without their answer counted).'
		: 'OK: stored = accepted, for messages and reservations.',
);
