// @ts-check
// `npm run bench:report [-- --smoke]`: how fast l'andamento works out its figures, in the
// server's process (the server's time, without the network), on a database the size of two
// years of a busy shop.
//
// A synthetic catalogue of 250 products of 4 variants (1,000 variants; the build's shop
// settings, product files in a temporary folder, 17 brands), and for each variant at both shops
// two years of days: a counter sale on about one day in three, an arrival when few are left, and
// 10 reservations a day per shop with their changes of state. Then the page's figures are timed
// (the service's `figures`, what /gestione/andamento and the Monday e-mail call), 20 rounds after
// a warm-up, for this week, the last 4 weeks of one shop, the last 4 weeks of both, and a
// year; beside them, the stock list alone (which the figures start from), to compare ratios
// within one run. `--smoke`: 12 products and 60 days, to check the bench itself runs.
//
// Expects a build (`npm run build`). Timings live here, never in the tests.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { FLAVOURS, writeProducts } from './bench-products.mjs';
import { ROOT, assertBuilt } from './start-server.mjs';

assertBuilt();
const smoke = process.argv.includes('--smoke');
const PRODUCTS = Number(process.env['BENCH_PRODUCTS'] ?? (smoke ? 12 : 250));
const DAYS = Number(process.env['BENCH_DAYS'] ?? (smoke ? 60 : 730));
const ROUNDS = smoke ? 3 : 20;
const distDir = process.env.DIST_DIR ?? join(ROOT, 'dist');
const work = mkdtempSync(join(tmpdir(), 'vigorsport-bench-report-'));

/**
 * A repeatable random number in [0, 1) (mulberry32): every run loads the same ledger.
 * @param {number} seed
 */
function random(seed) {
	let state = seed;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const clientDir = join(work, 'client');
mkdirSync(join(clientDir, 'api/product'), { recursive: true });
cpSync(join(distDir, 'client/api/ritiro.json'), join(clientDir, 'api/ritiro.json'));
const flavours = FLAVOURS;
writeProducts(clientDir, PRODUCTS);

/** @type {import('../src/server/script-exports.ts')} */
const server = await import(pathToFileURL(join(distDir, 'server/magazzino.mjs')).href);
const env = { CONTACT_DB_PATH: join(work, 'andamento.sqlite'), STOCK_SEED_CSV: '' };
// Opened once to make the database and its tables, then filled directly.
server.openReportService(env, ROOT, clientDir).close();

const shops = ['torino', 'aosta'];
const now = Date.now();
const dayMs = 86_400_000;
const start = now - DAYS * dayMs;
const loadStarted = process.hrtime.bigint();
let movements = 0;
let reservations = 0;
{
	const db = new Database(env.CONTACT_DB_PATH);
	db.pragma('journal_mode = WAL');
	const move = db.prepare(
		`INSERT INTO stock_movements (shop_id, product_id, variant_id, at, reason, change, counted,
			on_hand_after, actor, staff_id, staff_name, reservation_id, note)
		 VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, NULL, NULL)`,
	);
	const level = db.prepare(
		`INSERT INTO stock_levels (shop_id, product_id, variant_id, on_hand, minimum, version)
		 VALUES (?, ?, ?, ?, 4, ?)`,
	);
	const reservation = db.prepare(
		`INSERT INTO reservations (created_at, code, shop_id, shop_name, shop_address, shop_phone,
			shop_email, pickup_day, pickup_hours, hold_days, total_cents, name, email, phone,
			privacy_accepted, spam, delivery, status, held_through, version)
		 VALUES (?, ?, ?, 'Negozio', 'Via', '0', 'n@x.it', ?, '9-19', 3, 100, 'Prova', 'p@x.it', '0',
			1, 0, 'simulation', ?, ?, 3)`,
	);
	const item = db.prepare(
		`INSERT INTO reservation_items (reservation_id, position, product_id, variant_id,
			product_name, variant_label, unit_price_cents, quantity) VALUES (?, 0, ?, ?, 'P', 'V', 100, 1)`,
	);
	const event = db.prepare(
		`INSERT INTO reservation_events (reservation_id, at, actor, staff_id, staff_name, from_status,
			to_status, reason) VALUES (?, ?, ?, NULL, NULL, ?, ?, NULL)`,
	);
	const iso = (/** @type {number} */ ms) => new Date(ms).toISOString();
	db.transaction(() => {
		const draw = random(48);
		for (const shop of shops) {
			for (let p = 0; p < PRODUCTS; p++) {
				for (const flavour of flavours) {
					const productId = `prodotto-prova-${p}`;
					const variantId = `${flavour.toLowerCase()}-900-g`;
					let onHand = 20;
					let version = 1;
					move.run(
						shop,
						productId,
						variantId,
						iso(start),
						'initial_count',
						20,
						20,
						'system',
						null,
						null,
					);
					for (let day = 1; day < DAYS; day++) {
						const at = start + day * dayMs + 9 * 3_600_000;
						if (onHand > 0 && draw() < 0.35) {
							const sold = Math.min(onHand, 1 + Math.floor(draw() * 3));
							onHand -= sold;
							version += 1;
							move.run(
								shop,
								productId,
								variantId,
								iso(at),
								'counter_sale',
								-sold,
								onHand,
								'staff',
								1,
								'Bench',
							);
						}
						if (onHand < 5 && draw() < 0.15) {
							onHand += 24;
							version += 1;
							move.run(
								shop,
								productId,
								variantId,
								iso(at + 3_600_000),
								'arrival',
								24,
								onHand,
								'staff',
								1,
								'Bench',
							);
						}
					}
					movements += version;
					level.run(shop, productId, variantId, onHand, version);
				}
			}
			for (let day = 0; day < DAYS; day++) {
				for (let n = 0; n < 10; n++) {
					const created = start + day * dayMs + (8 + n) * 3_600_000;
					const pickDay = iso(created).slice(0, 10);
					const outcome = draw();
					const status =
						outcome < 0.8 ? 'collected' : outcome < 0.9 ? 'not_collected' : 'cancelled';
					const id = Number(
						reservation.run(
							iso(created),
							`B${shop[0]}${reservations}`,
							shop,
							pickDay,
							status,
							pickDay,
						).lastInsertRowid,
					);
					reservations += 1;
					item.run(id, `prodotto-prova-${n % PRODUCTS}`, 'cioccolato-900-g');
					event.run(id, iso(created + 3_600_000), 'system', 'held', 'ready');
					event.run(
						id,
						iso(created + 26 * 3_600_000),
						status === 'not_collected' ? 'system' : 'customer',
						'ready',
						status,
					);
				}
			}
		}
	})();
	db.pragma('wal_checkpoint(TRUNCATE)');
	db.close();
}
const loadSeconds = Number(process.hrtime.bigint() - loadStarted) / 1e9;

const { service, close } = server.openReportService(env, ROOT, clientDir);
/** @type {Record<string, number[]>} */
const times = {};
try {
	const today = new Date(now).toISOString().slice(0, 10);
	const yearAgo = new Date(now - 364 * dayMs).toISOString().slice(0, 10);
	/** @type {[string, string[], Record<string, string>][]} */
	const cases = [
		['questa settimana, un negozio', ['torino'], {}],
		['ultime 4 settimane, un negozio', ['torino'], { periodo: '4settimane' }],
		['ultime 4 settimane, due negozi', shops, { periodo: '4settimane' }],
		['un anno, due negozi', shops, { periodo: 'intervallo', da: yearAgo, a: today }],
	];
	for (const [name, shopIds, params] of cases) {
		const url = new URL(`http://bench/gestione/andamento?${new URLSearchParams(params)}`);
		const member = { id: 1, name: 'Bench', email: 'b@x.it', shops: shopIds };
		const view = async () => {
			const started = process.hrtime.bigint();
			const page = await server.reportPageView(service, member, url);
			JSON.stringify(page);
			return Number(process.hrtime.bigint() - started) / 1e6;
		};
		await view();
		times[name] = [];
		for (let n = 0; n < ROUNDS; n++) times[name].push(await view());
	}
} finally {
	close();
	rmSync(work, { recursive: true, force: true });
}

const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
console.log(
	`\nL'andamento: figure di questa macchina (nessun obiettivo nei test)${smoke ? ' [--smoke]' : ''}\n`,
);
console.log(
	`${PRODUCTS * 4} varianti × 2 negozi, ${DAYS} giorni: ${movements.toLocaleString('it-IT')} movimenti, ` +
		`${reservations.toLocaleString('it-IT')} prenotazioni (caricate in ${loadSeconds.toFixed(1)} s)`,
);
for (const [name, list] of Object.entries(times)) {
	const sorted = [...list].sort((a, b) => a - b);
	console.log(
		`Pagina dell'andamento, ${name}: mediana ${ms(sorted[Math.floor(sorted.length / 2)] ?? 0)}, ` +
			`peggiore ${ms(sorted.at(-1) ?? 0)}`,
	);
}
