// @ts-check
// `npm run bench:alerts`: what 'Avvisami' costs an arrival, on the real built server with a real
// (in-process) SMTP server.
//
// 10,000 confirmed requests wait for one variant at Torino (written straight into a temporary
// database, as the server stores them). Staff record an arrival of 500 pieces of it through the
// stock API, and of another variant nobody waits for: the arrival's answer times, side by side,
// and their ratio (the same run, so the machine's load cancels out). Then, while the outbox sends
// the 500 notices, GET /api/disponibilita is timed against the same request before the arrival:
// the e-mails must not block other requests. `--smoke` runs the smallest size (100 waiting, an
// arrival of 10) for a quick check. Timings live here, never in the tests.
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
		SMTP_HOST: '127.0.0.1',
		SMTP_PORT: String(smtpPort),
		SMTP_SECURE: 'false',
		SHOP_EMAIL: 'negozio@vigorsport.test',
		CONTACT_RETRY_POLL_MS: '1000',
	},
});

/** Milliseconds one request takes. */
async function timed(/** @type {() => Promise<Response>} */ request) {
	const start = performance.now();
	const response = await request();
	await response.arrayBuffer();
	if (!response.ok) throw new Error(`answered ${response.status}`);
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
	wait('cioccolato-900-g', WAITING, 'attesa');
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

	// Warm-up, then the request nobody waits for (an arrival of the same size, several rounds).
	for (let n = 0; n < 3; n++) await arrival('biscotto-2-kg', 1);
	const plain = [];
	for (let n = 0; n < ROUNDS; n++) plain.push(await arrival('biscotto-900-g', ARRIVAL));
	const before = [];
	for (let n = 0; n < ROUNDS; n++) before.push(await availability());

	// The arrival that tells ARRIVAL of the WAITING people.
	const telling = await arrival('cioccolato-900-g', ARRIVAL);
	const during = [];
	const started = performance.now();
	while (received < ARRIVAL && performance.now() - started < 120_000) {
		during.push(await availability());
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	const sentIn = performance.now() - started;

	const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
	console.log(
		`Avvisami: ${WAITING.toLocaleString('it-IT')} in attesa, arrivo di ${ARRIVAL} pezzi${smoke ? ' (--smoke)' : ''}`,
	);
	console.log(`  arrivo senza richieste (mediana di ${ROUNDS}): ${ms(median(plain))}`);
	console.log(
		`  arrivo che avvisa ${ARRIVAL} persone:        ${ms(telling)}  (rapporto ${(telling / median(plain)).toFixed(2)})`,
	);
	console.log(`  GET /api/disponibilita prima (mediana):     ${ms(median(before))}`);
	console.log(
		`  … mentre partono le e-mail (mediana di ${during.length}): ${ms(median(during))}  (rapporto ${(median(during) / median(before)).toFixed(2)})`,
	);
	console.log(`  e-mail ricevute: ${received} di ${ARRIVAL}, in ${(sentIn / 1000).toFixed(1)} s`);
} finally {
	await server.stop();
	await new Promise((resolve) => smtp.close(() => resolve(undefined)));
	rmSync(work, { recursive: true, force: true });
}
