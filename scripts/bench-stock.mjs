// `npm run bench:stock`: how fast the stock ledger answers, on the real built server.
//
// 1. GET /api/disponibilita for a page of 30 products (the most one request asks) at one shop,
//    from 50 concurrent clients with autocannon (BENCH_SECONDS, default 10): requests per
//    second and the p50/p99 latency, on a temporary database loaded with the sample shop's
//    first count and 200 open reservations.
// 2. The stock page's list with 1,000 variants × 2 shops: a synthetic catalogue of 250 products
//    of 4 variants (the build's settings, product files written to a temporary folder), every
//    variant counted at both shops, 300 open reservations; the service's stockList and
//    belowMinimumCounts timed in the process (the server's time, without the network), 30
//    rounds after a warm-up: median and worst.
//
// `npm run bench:stock -- --smoke`: one second of load, two rounds of the list.
//
// Expects a build (`npm run build`). Timings live here, never in the tests.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

assertBuilt();
const distDir = process.env.DIST_DIR ?? join(ROOT, 'dist');
// --smoke: does the bench still run? One second of load and two timed rounds of the list (the
// test suite runs it, tests/server/benches.test.ts, and reads the lines, never the timings).
const smoke = process.argv.includes('--smoke');
const seconds = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 10);
const rounds = smoke ? 2 : 30;
const work = mkdtempSync(join(tmpdir(), 'vigorsport-bench-stock-'));

/** Rows of open reservations straight into the database, as the server stores them. */
function holdReservations(dbPath, shopId, lines, count) {
	const db = new Database(dbPath);
	const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
	const insert = db.prepare(
		`INSERT INTO reservations (created_at, code, shop_id, shop_name, shop_address, shop_phone,
			shop_email, pickup_day, pickup_hours, hold_days, total_cents, name, email, phone,
			privacy_accepted, spam, delivery, status, held_through)
		 VALUES (?, ?, ?, 'Negozio', 'Via', '0', 'n@x.it', ?, '9-19', 3, 100, 'Prova', 'p@x.it', '0',
			1, 0, 'simulation', 'held', ?)`,
	);
	const item = db.prepare(
		`INSERT INTO reservation_items (reservation_id, position, product_id, variant_id,
			product_name, variant_label, unit_price_cents, quantity) VALUES (?, 0, ?, ?, 'P', 'V', 100, 1)`,
	);
	db.transaction(() => {
		for (let n = 0; n < count; n++) {
			const line = lines[n % lines.length];
			const id = Number(
				insert.run(new Date().toISOString(), `B${String(n).padStart(5, '0')}`, shopId, day, day)
					.lastInsertRowid,
			);
			item.run(id, line.productId, line.variantId);
		}
	})();
	db.close();
}

// 1. The availability request.
const dbPath = join(work, 'disponibilita.sqlite');
const server = await startServer({ env: { CONTACT_DB_PATH: dbPath, SMTP_HOST: '' } });
let availability;
try {
	const catalogue = await (await fetch(`${server.url}/api/catalogue.json`)).json();
	const ids = catalogue.products.slice(0, 30).map((product) => product.id);
	const lines = [];
	for (const id of ids) {
		const product = await (await fetch(`${server.url}/api/product/${id}.json`)).json();
		for (const variant of product.variants) lines.push({ productId: id, variantId: variant.id });
	}
	holdReservations(dbPath, 'torino', lines, 200);
	const query = new URLSearchParams([['negozio', 'torino'], ...ids.map((id) => ['prodotto', id])]);
	const url = `${server.url}/api/disponibilita?${query}`;
	const check = await fetch(url);
	if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
	availability = await autocannon({ url, connections: 50, duration: seconds });
	if (availability.non2xx > 0 || availability.errors > 0) {
		throw new Error(`${availability.non2xx} non-2xx answers, ${availability.errors} errors`);
	}
} finally {
	await server.stop();
}

// 2. The stock list with 1,000 variants × 2 shops.
const clientDir = join(work, 'client');
mkdirSync(join(clientDir, 'api/product'), { recursive: true });
cpSync(join(distDir, 'client/api/ritiro.json'), join(clientDir, 'api/ritiro.json'));
const flavours = ['Cioccolato', 'Vaniglia', 'Fragola', 'Neutro'];
for (let n = 0; n < 250; n++) {
	const id = `prodotto-prova-${n}`;
	writeFileSync(
		join(clientDir, 'api/product', `${id}.json`),
		JSON.stringify({
			id,
			name: `Prodotto di prova ${n}`,
			brand: `Marca ${n % 17}`,
			variants: flavours.map((flavour) => ({
				id: `${flavour.toLowerCase()}-900-g`,
				flavour,
				size: '900 g',
				priceCents: 2990,
			})),
		}),
	);
}
/** @type {import('../src/server/script-exports.ts')} */
const stock = await import(pathToFileURL(join(distDir, 'server/magazzino.mjs')).href);
const listDb = join(work, 'lista.sqlite');
const { service, close } = stock.openStockService(
	{ CONTACT_DB_PATH: listDb, STOCK_SEED_CSV: '' },
	ROOT,
	clientDir,
);
let listTimes = [];
let rows = 0;
try {
	const shops = service.shops.map((shop) => shop.id);
	const products = await Promise.all(
		Array.from({ length: 250 }, (_, n) => service.findProduct(`prodotto-prova-${n}`)),
	);
	const refs = products.flatMap((product) =>
		shops.flatMap((shopId) =>
			product.variants.map((variant) => ({ shopId, productId: product.id, variantId: variant.id })),
		),
	);
	const counted = service.applyMovements(
		refs.map((ref, n) => ({
			...ref,
			reason: 'initial_count',
			pieces: n % 13,
			actor: 'system',
			at: new Date(),
		})),
	);
	if ('index' in counted) throw new Error('the first count was refused');
	holdReservations(
		listDb,
		shops[0],
		refs.filter((ref) => ref.shopId === shops[0]),
		300,
	);
	const round = async () => {
		const start = process.hrtime.bigint();
		const list = await service.stockList({ shopIds: shops });
		await service.belowMinimumCounts(shops);
		JSON.stringify(list);
		rows = list.length;
		return Number(process.hrtime.bigint() - start) / 1e6;
	};
	await round();
	for (let n = 0; n < rounds; n++) listTimes.push(await round());
} finally {
	close();
	rmSync(work, { recursive: true, force: true });
}
listTimes = listTimes.sort((a, b) => a - b);

const ms = (value) => `${value.toFixed(1)} ms`;
console.log('\nIl magazzino: figure di questa macchina (nessun obiettivo nei test)\n');
console.log(
	`GET /api/disponibilita, 30 prodotti, 50 client, ${seconds} s: ` +
		`${Math.round(availability.requests.average)} richieste/s, ` +
		`p50 ${availability.latency.p50} ms, p99 ${availability.latency.p99} ms`,
);
console.log(
	`Elenco del magazzino, ${rows} righe (1.000 varianti × 2 negozi) in memoria del server: ` +
		`mediana ${ms(listTimes[Math.floor(listTimes.length / 2)])}, peggiore ${ms(listTimes.at(-1))}`,
);
