// `npm run bench:contact`: load test of POST /api/contact on the real server.
//
// Expects a build (`npm run build`). Starts dist/server/serve.mjs on a free loopback port with a
// temporary database, simulation mode (no SMTP) and a rate limit high enough not to refuse
// anything, sends a bounded number of valid messages with autocannon (BENCH_REQUESTS, default
// 2000, over BENCH_CONNECTIONS connections, default 10, stopping after BENCH_MAX_SECONDS, default
// 60, whatever happens), prints requests per second and the p50/p99 latency, then counts the
// stored rows: every accepted (2xx) answer must be a stored message and nothing else may be
// stored. Exits non-zero if not, or if nothing was accepted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { startServer } from './start-server.mjs';

/** A positive whole number from the environment, or the default. */
function setting(name, fallback) {
	const value = Number(process.env[name] ?? fallback);
	if (!Number.isSafeInteger(value) || value < 1) {
		console.error(`${name} must be a positive whole number.`);
		process.exit(2);
	}
	return value;
}

const amount = setting('BENCH_REQUESTS', 2000);
const connections = setting('BENCH_CONNECTIONS', 10);
const maxSeconds = setting('BENCH_MAX_SECONDS', 60);

const dir = mkdtempSync(join(tmpdir(), 'vigorsport-bench-'));
const dbPath = join(dir, 'messages.sqlite');
let server;
try {
	server = await startServer({
		env: { CONTACT_DB_PATH: dbPath, CONTACT_RATE_LIMIT: '1000000000', SMTP_HOST: '' },
	});
} catch (error) {
	console.error(error instanceof Error ? error.message : error);
	rmSync(dir, { recursive: true, force: true });
	process.exit(1);
}

const body = JSON.stringify({
	name: 'Prova Carico',
	email: 'prova.carico@example.it',
	phone: '+39 011 000 0000',
	message: 'Messaggio di prova del benchmark: può essere cancellato.',
	privacy: true,
});

console.log(
	`POST ${server.url}/api/contact: ${amount} messages over ${connections} connections (at most ${maxSeconds} s)…`,
);
const instance = autocannon({
	url: `${server.url}/api/contact`,
	method: 'POST',
	headers: { 'content-type': 'application/json', accept: 'application/json' },
	body,
	amount,
	connections,
	timeout: 10,
});
const stopper = setTimeout(() => instance.stop(), maxSeconds * 1000);
const result = await new Promise((resolve, reject) => {
	instance.once('done', resolve);
	instance.once('error', reject);
});
clearTimeout(stopper);

// Stop the server (gracefully: running requests finish), then count what it stored.
await server.stop('SIGTERM');
const db = new Database(dbPath, { readonly: true, fileMustExist: true });
const stored = db.prepare('SELECT COUNT(*) AS count FROM messages').get().count;
db.close();
rmSync(dir, { recursive: true, force: true });

const accepted = result['2xx'];
const sent = accepted + result.non2xx;
const rows = [
	['requests sent', String(sent)],
	['accepted (2xx)', String(accepted)],
	['refused (non-2xx)', String(result.non2xx)],
	['errors / timeouts', `${result.errors} / ${result.timeouts}`],
	['duration', `${result.duration.toFixed(1)} s`],
	['requests/s (mean)', result.requests.average.toFixed(1)],
	['latency p50', `${result.latency.p50} ms`],
	['latency p99', `${result.latency.p99} ms`],
	['stored rows', String(stored)],
];
const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);

if (accepted === 0) {
	console.error('FAIL: no message was accepted.');
	process.exit(1);
}
if (stored !== accepted) {
	console.error(`FAIL: ${accepted} messages accepted but ${stored} stored.`);
	process.exit(1);
}
console.log('OK: stored = accepted.');
