// @ts-check
// `npm run bench:alerts`: what 'Avvisami' costs an arrival, on the real built server with a real
// (in-process) SMTP server.
//
// 10,000 confirmed requests wait for one variant at Torino (written straight into a temporary
// database, as the server stores them, with 500 more for each round after the first, so every
// round finds 10,000). In seven rounds, staff record through the stock API an arrival of 500
// pieces of another variant nobody waits for, then one of 500 of that variant, which tells 500
// people: the two arrivals' answer times (medians), and their ratio (the same run, in turns, so
// the machine's load cancels out); and how long the 500 were being chosen after the answer.
// Then, while the outbox sends the first 500 notices, GET /api/disponibilita and GET
// /api/health are timed against the same requests before the arrivals: the e-mails must not
// block other requests. `--smoke` runs the smallest size (100 waiting, arrivals of 10, three
// rounds) for a quick check. Timings live here, never in the tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

assertBuilt();
const smoke = process.argv.includes('--smoke');
const WAITING = smoke ? 100 : 10_000;
const ARRIVAL = smoke ? 10 : 500;
const ROUNDS = smoke ? 3 : 7;
const distDir = process.env.DIST_DIR ?? join(ROOT, 'dist');
const work = mkdtempSync(join(tmpdir(), 'vigorsport-bench-alerts-'));
const dbPath = join(work, 'bench.sqlite');

/** @type {import('../src/server/script-exports.ts')} */
const scripts = await import(pathToFileURL(join(distDir, 'server/staff.mjs')).href);

let received = 0;
const smtp = new SMTPServer({
	authOptional: true,
	disabledCommands: ['STARTTLS', 'AUTH'],
	logger: false,
	onData(stream, _session, callback) {
		stream.on('data', () => undefined);
		stream.on('end', () => {
			received += 1;
			callback();
		});
	},
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = smtp.server.address();
const smtpPort = typeof address === 'object' && address ? address.port : 0;

const server = await startServer({
	env: {
		CONTACT_DB_PATH: dbPath,
		CONTACT_RATE_LIMIT: '1000000',
		STAFF_RATE_LIMIT: '1000000',
		AVAILABILITY_RATE_LIMIT: '1000000',
		SMTP_HOST: '127.0.0.1',
		SMTP_PORT: String(smtpPort),
		SMTP_SECURE: 'false',
		SHOP_EMAIL: 'negozio@vigorsport.test',
		CONTACT_RETRY_POLL_MS: '1000',
	},
});

/** Milliseconds one request takes. */
async function timed(/** @type {() => Promise<Response>} */ request, anyStatus = false) {
	const start = performance.now();
	const response = await request();
	await response.arrayBuffer();
	if (!response.ok && !anyStatus) throw new Error(`answered ${response.status}`);
	return performance.now() - start;
}

const median = (/** @type {number[]} */ values) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

try {
	const store = scripts.openStaffStore(dbPath);
	const member = store.addStaff(
		{ name: 'Banco', email: 'banco@vigorsport.test', shops: ['torino'] },
		Date.now(),
	);
	if (!member) throw new Error('no staff member');
	const token = store.createSession(member.id, Date.now());
	store.close();
	const cookie = `__Host-gestione=${token}`;

	// The waiting requests, confirmed, oldest first; the variant seen at 0.
	const db = new Database(dbPath);
	const now = Date.now();
	const insert = db.prepare(
		`INSERT INTO alerts (email, product_id, variant_id, shop_id, product_name, variant_label,
			product_path, shop_name, status, created_at, asked_at, confirmed_at, expires_at)
		 VALUES (?, ?, ?, 'torino', 'Whey', 'Cioccolato – 900 g', '/prodotti/proteine/whey-concentrate-80',
			'Sede di Torino', 'waiting', ?, ?, ?, ?)`,
	);
	/** @param {string} variantId @param {number} count @param {string} tag */
	const wait = (variantId, count, tag) =>
		db.transaction(() => {
			for (let n = 0; n < count; n++) {
				const at = now - (count - n) * 1000;
				insert.run(
					`${tag}${n}@example.it`,
					'whey-concentrate-80',
					variantId,
					at,
					at,
					at,
					at + 90 * 86_400_000,
				);
			}
			db.prepare(
				`INSERT OR REPLACE INTO alert_watch (shop_id, product_id, variant_id, available)
				 VALUES ('torino', 'whey-concentrate-80', ?, 0)`,
			).run(variantId);
		})();
	wait('cioccolato-900-g', WAITING + (ROUNDS - 1) * ARRIVAL, 'attesa');
	db.close();

	/** @param {string} variantId @param {number} pieces */
	const arrival = (variantId, pieces) =>
		timed(() =>
			fetch(`${server.url}/api/gestione/magazzino/movimento`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie },
				body: JSON.stringify({
					negozio: 'torino',
					prodotto: 'whey-concentrate-80',
					variante: variantId,
					motivo: 'arrival',
					pezzi: pieces,
				}),
			}),
		);
	const availability = () =>
		timed(() =>
			fetch(`${server.url}/api/disponibilita?negozio=torino&prodotto=whey-concentrate-80`),
		);
	// The health check answers 503 while e-mails are overdue: its time counts all the same.
	const health = () => timed(() => fetch(`${server.url}/api/health`), true);

	// What the server's database holds, read beside it (WAL: readers never block it).
	const reader = new Database(dbPath, { readonly: true, fileMustExist: true });
	/** @param {string} sql */
	const count = (sql) => /** @type {{ n: number }} */ (reader.prepare(sql).get()).n;
	/** Milliseconds until the rises noted are told in full (polled every 2 ms). */
	const toldIn = async () => {
		const start = performance.now();
		while (count('SELECT COUNT(*) AS n FROM alert_rises') > 0) {
			await new Promise((resolve) => setTimeout(resolve, 2));
		}
		return performance.now() - start;
	};

	// Warm-up, then the other requests' times before any arrival.
	for (let n = 0; n < 3; n++) {
		await arrival('biscotto-2-kg', 1);
		await availability();
		await health();
	}
	const before = [];
	const healthBefore = [];
	for (let n = 0; n < ROUNDS; n++) {
		before.push(await availability());
		healthBefore.push(await health());
	}

	// In turns: an arrival nobody waits for, and one that tells ARRIVAL of the WAITING people
	// (the queue holds enough for every round to find WAITING), each after the last is told.
	const plain = [];
	const telling = [];
	const choosing = [];
	for (let n = 0; n < ROUNDS; n++) {
		plain.push(await arrival('biscotto-900-g', ARRIVAL));
		telling.push(await arrival('cioccolato-900-g', ARRIVAL));
		choosing.push(await toldIn());
	}
	const told = count(`SELECT COUNT(*) AS n FROM alerts WHERE status = 'told'`);
	const notices = count(`SELECT COUNT(DISTINCT alert_id) AS n FROM emails WHERE kind = 'notice'`);

	// While the first ARRIVAL notices leave through the outbox (one claim at a time), the other
	// requests are timed against the same requests before.
	const during = [];
	const healthDuring = [];
	const started = performance.now();
	while (received < ARRIVAL && performance.now() - started < 120_000) {
		during.push(await availability());
		healthDuring.push(await health());
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	const sentIn = performance.now() - started;
	reader.close();

	const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
	const ratio = (/** @type {number} */ a, /** @type {number} */ b) =>
		`(rapporto ${(a / b).toFixed(2)})`;
	/** One line of the table: its label, then its figures. */
	const line = (/** @type {string} */ label, /** @type {string} */ figures) =>
		console.log(`  ${label.padEnd(50)} ${figures}`);
	console.log(
		`Avvisami: ${WAITING.toLocaleString('it-IT')} in attesa, arrivo di ${ARRIVAL} pezzi${smoke ? ' (--smoke)' : ''}, ${ROUNDS} turni`,
	);
	line('arrivo senza richieste (mediana)', ms(median(plain)));
	line(
		`arrivo che avvisa ${ARRIVAL} persone (mediana)`,
		`${ms(median(telling))}  ${ratio(median(telling), median(plain))}`,
	);
	line('… persone ancora da scegliere dopo la risposta per', `${ms(median(choosing))} (mediana)`);
	line('richieste avvisate', `${told} di ${ROUNDS * ARRIVAL}, una e-mail ciascuna: ${notices}`);
	/** @param {string} name @param {number[]} earlier @param {number[]} meanwhile */
	const other = (name, earlier, meanwhile) => {
		line(`${name} prima (mediana di ${earlier.length})`, ms(median(earlier)));
		line(
			`… mentre partono le e-mail (mediana di ${meanwhile.length})`,
			`${ms(median(meanwhile))}  ${ratio(median(meanwhile), median(earlier))}, peggiore ${ms(Math.max(...meanwhile))}`,
		);
	};
	other('GET /api/disponibilita', before, during);
	other('GET /api/health', healthBefore, healthDuring);
	line(
		'e-mail ricevute',
		`${received} (le prime ${ARRIVAL} di ${ROUNDS * ARRIVAL}) in ${(sentIn / 1000).toFixed(1)} s`,
	);
} finally {
	await server.stop();
	await new Promise((resolve) => smtp.close(() => resolve(undefined)));
	rmSync(work, { recursive: true, force: true });
}
