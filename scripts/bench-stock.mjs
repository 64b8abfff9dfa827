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
//    rounds after a warm-up: median and worst. On the same service, a stocktake of 1,000 rows
//    (every variant at one shop, each count changing on hand): its server time, 20 rounds.
// 3. The largest stocktake and the largest import allowed, on the real built server with a
//    synthetic catalogue of 2,500 variants (a copy of the build, 625 products of 4 variants
//    added): POST /api/gestione/magazzino/conteggio with 5,000 rows (both shops), then
//    POST …/importa?conferma=1 with a file of 5,000 rows padded with a name column to near the
//    byte limit. Meanwhile GET /api/health is asked again and again, one at a time, from
//    another connection: how long its answers took (median, worst) while the count or the
//    import was being worked on. The event-loop rule is that health is never kept waiting much
//    longer than one slice of work (docs/stock.md).
//
// `npm run bench:stock -- --smoke`: one second of load, two rounds of the list.
//
// Expects a build (`npm run build`). Timings live here, never in the tests.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { FLAVOURS, writeProducts } from './bench-products.mjs';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

assertBuilt();
const distDir = process.env.DIST_DIR ?? join(ROOT, 'dist');
// --smoke: does the bench still run? One second of load and two timed rounds of the list (the
// test suite runs it, tests/server/benches.test.ts, and reads the lines, never the timings).
const smoke = process.argv.includes('--smoke');
const seconds = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 10);
const rounds = smoke ? 2 : 30;
// The largest count and import: 625 products of 4 variants at both shops (5,000 rows); 10 in a smoke run.
const bigProducts = smoke ? 10 : 625;
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
// The per-address cap on connections is lifted: 50 clients from one address measure throughput.
// The load comes from one address: the per-visitor limits of the availability and of the
// connections are lifted, or the bench would measure 429s.
const server = await startServer({
	env: {
		CONTACT_DB_PATH: dbPath,
		SMTP_HOST: '',
		SERVER_MAX_CONNECTIONS_PER_ADDRESS: '1000',
		AVAILABILITY_RATE_LIMIT: '100000000',
	},
});
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
	// A request that timed out on a loaded machine is counted and shown, not a failure.
	if (availability.non2xx > 0 || availability.errors > availability.timeouts) {
		throw new Error(`${availability.non2xx} non-2xx answers, ${availability.errors} errors`);
	}
} finally {
	await server.stop();
}

// 2. The stock list with 1,000 variants × 2 shops.
const flavours = FLAVOURS;
const clientDir = join(work, 'client');
mkdirSync(join(clientDir, 'api'), { recursive: true });
cpSync(join(distDir, 'client/api/ritiro.json'), join(clientDir, 'api/ritiro.json'));
writeProducts(clientDir, 250);
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
let countTimes = [];
// Of a loaded machine the wall time says little: the process's CPU time is given beside it.
let countCpu = [];
let countRows = 0;
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
	const counted = await service.recordBatch({
		reason: 'count',
		rows: refs.map((ref, n) => ({ ...ref, pieces: n % 13 })),
		keepUnchanged: true,
		note: null,
		at: new Date(),
	});
	if (counted.outcome !== 'recorded') throw new Error('the first count was refused');
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
	// A stocktake of 1,000 rows: every variant at the first shop, each count changing on hand.
	const actor = { staff: { id: 1, name: 'Banco' }, shopIds: shops };
	const torino = refs.filter((ref) => ref.shopId === shops[0]);
	for (let n = 0; n <= rounds; n++) {
		const counts = torino.map((ref, i) => ({ ...ref, counted: (i + n) % 17 }));
		const start = process.hrtime.bigint();
		const cpu = process.cpuUsage();
		const result = await service.stocktake(counts, 'Inventario', actor);
		const took = Number(process.hrtime.bigint() - start) / 1e6;
		const used = process.cpuUsage(cpu);
		if (result.outcome !== 'recorded')
			throw new Error(`the stocktake was refused: ${result.error}`);
		countRows = result.rows.length;
		if (n > 0) countTimes.push(took);
		if (n > 0) countCpu.push((used.user + used.system) / 1000);
	}
} finally {
	close();
}
listTimes = listTimes.sort((a, b) => a - b);
countTimes = countTimes.sort((a, b) => a - b);
countCpu = countCpu.sort((a, b) => a - b);

// 3. Health during the largest count and the largest import, on the built server.
const bigDist = join(work, 'dist');
mkdirSync(bigDist);
// The server's modules by a link: they resolve their packages from the repository's node_modules.
symlinkSync(join(distDir, 'server'), join(bigDist, 'server'));
cpSync(join(distDir, 'client'), join(bigDist, 'client'), { recursive: true });
writeProducts(join(bigDist, 'client'), bigProducts);
const bigDb = join(work, 'grande.sqlite');
const big = await startServer({
	env: {
		DIST_DIR: bigDist,
		CONTACT_DB_PATH: bigDb,
		STOCK_SEED_CSV: '',
		STAFF_RATE_LIMIT: '1000000',
		SMTP_HOST: '',
	},
});
/** @type {Record<string, { took: number, health: number[] }>} */
const largest = {};
let importBytes = 0;
try {
	const store = stock.openStaffStore(bigDb);
	const member = store.addStaff(
		{ name: 'Banco', email: 'banco@vigorsport.test', shops: ['torino', 'aosta'] },
		Date.now(),
	);
	if (!member) throw new Error('the member could not be added');
	const session = store.createSession(member.id, Date.now());
	store.close();
	const headers = { Origin: big.url, Cookie: `__Host-gestione=${session}` };
	const refs = ['torino', 'aosta'].flatMap((shopId) =>
		Array.from({ length: bigProducts }, (_, n) =>
			flavours.map((flavour) => ({
				shopId,
				productId: `prodotto-prova-${n}`,
				variantId: `${flavour.toLowerCase()}-900-g`,
			})),
		).flat(),
	);
	/** Sends one request while asking for health, one request at a time, until it answers. */
	const during = async (label, send) => {
		const health = [];
		let done = false;
		const polling = (async () => {
			while (!done) {
				const start = performance.now();
				const answer = await fetch(`${big.url}/api/health`);
				await answer.arrayBuffer();
				health.push(performance.now() - start);
			}
		})();
		const start = performance.now();
		const answer = await send();
		const took = performance.now() - start;
		const text = await answer.text();
		done = true;
		await polling;
		if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${text.slice(0, 300)}`);
		largest[label] = { took, health: health.sort((a, b) => a - b) };
	};
	// The catalogue's first read (all the product files) is the list's, not the count's.
	await fetch(`${big.url}/api/gestione/magazzino?negozio=torino&cerca=zzz`, { headers });
	await during('conteggio', () =>
		fetch(`${big.url}/api/gestione/magazzino/conteggio`, {
			method: 'POST',
			headers: { ...headers, 'Content-Type': 'application/json' },
			body: JSON.stringify({
				conteggi: refs.map((ref, n) => ({
					negozio: ref.shopId,
					prodotto: ref.productId,
					variante: ref.variantId,
					pezzi: (n % 11) + 1,
				})),
			}),
		}),
	);
	const pad = 'x'.repeat(330);
	const csv =
		'negozio;prodotto;variante;pezzi;nome\r\n' +
		refs
			.map((ref, n) => `${ref.shopId};${ref.productId};${ref.variantId};${(n % 7) + 20};${pad}`)
			.join('\r\n');
	importBytes = Buffer.byteLength(csv);
	await during('importa', () =>
		fetch(`${big.url}/api/gestione/magazzino/importa?motivo=conteggio&conferma=1`, {
			method: 'POST',
			headers: { ...headers, 'Content-Type': 'text/csv' },
			body: csv,
		}),
	);
} finally {
	await big.stop();
	rmSync(work, { recursive: true, force: true });
}

const ms = (value) => `${value.toFixed(1)} ms`;
console.log('\nIl magazzino: figure di questa macchina (nessun obiettivo nei test)\n');
console.log(
	`GET /api/disponibilita, 30 prodotti, 50 client, ${seconds} s: ` +
		`${Math.round(availability.requests.average)} richieste/s, ` +
		`p50 ${availability.latency.p50} ms, p99 ${availability.latency.p99} ms` +
		(availability.timeouts > 0 ? ` (${availability.timeouts} scadute dopo 10 s)` : ''),
);
console.log(
	`Elenco del magazzino, ${rows} righe (1.000 varianti × 2 negozi) in memoria del server: ` +
		`mediana ${ms(listTimes[Math.floor(listTimes.length / 2)])}, peggiore ${ms(listTimes.at(-1))}`,
);
console.log(
	`Conteggio di ${countRows} righe (service.stocktake, tempo del server): ` +
		`mediana ${ms(countTimes[Math.floor(countTimes.length / 2)])}, peggiore ${ms(countTimes.at(-1))}; ` +
		`CPU del processo: mediana ${ms(countCpu[Math.floor(countCpu.length / 2)])}`,
);
const median = (values) => values[Math.floor(values.length / 2)];
for (const [label, what] of [
	[
		'conteggio',
		`POST …/conteggio, ${bigProducts * 8} righe (${bigProducts * 4} varianti × 2 negozi), JSON`,
	],
	[
		'importa',
		`POST …/importa?conferma=1, ${bigProducts * 8} righe, ${Math.round(importBytes / 1024)} kB`,
	],
]) {
	const { took, health } = largest[label];
	console.log(
		`${what}: risposta in ${ms(took)}; /api/health nel frattempo ${health.length} risposte, ` +
			`mediana ${ms(median(health))}, peggiore ${ms(health.at(-1))}`,
	);
}
