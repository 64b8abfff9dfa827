import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { tempDatabase, VALID_MESSAGE, type Cleanups } from './helpers/contact';
import { DIRECT_CLIENT, postJsonFrom, requestFrom } from './helpers/from-address';

/**
 * Who the built server believes about a client's address. A forwarded address counts only when
 * a trusted hop sent it: a proxy listed in TRUSTED_PROXIES (here the loopback's 127.0.0.1, as
 * nginx on the same machine), or the CDN's function with the shared secret. A client that
 * reaches the port directly (127.0.0.2 here) is its socket's address, whatever it writes in
 * X-Forwarded-For. And a wrong CDN secret is no longer silent: the health check reports it and
 * the log says it, once a minute at most.
 */

// Each test starts a server of its own: seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

/** The server's answers may take a while on a loaded machine. */
const POLL = { timeout: 15_000 };

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SECRET = 'proxy-trust-test-secret-0123456789abcdef';

async function start(
	env: Record<string, string>,
): Promise<{ server: RunningServer; dbPath: string }> {
	const db = tempDatabase();
	cleanups.push(db.remove);
	const server = await startServer({
		env: { CONTACT_DB_PATH: db.dbPath, SMTP_HOST: '', CONTACT_RATE_LIMIT: '2', ...env },
	});
	cleanups.push(() => server.stop());
	return { server, dbPath: db.dbPath };
}

/** The sender addresses stored for an e-mail. */
function storedAddresses(dbPath: string, email: string): (string | null)[] {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		const rows = db
			.prepare('SELECT client_address FROM messages WHERE email = ? ORDER BY id')
			.all(email) as { client_address: string | null }[];
		return rows.map((row) => row.client_address);
	} finally {
		db.close();
	}
}

const message = (n: number) => ({ ...VALID_MESSAGE, email: `visitatore${n}@example.it` });

describe.each([
	['TRUST_PROXY=1, as the installation of the earlier release set it', { TRUST_PROXY: '1' }],
	['TRUSTED_PROXIES=127.0.0.1,::1', { TRUSTED_PROXIES: '127.0.0.1,::1' }],
])('with %s', (_name, env) => {
	it('a direct client forging X-Forwarded-For is rate-limited as its own socket address', async () => {
		const { server, dbPath } = await start(env);
		const url = `${server.url}/api/contact`;
		const statuses: number[] = [];
		for (let n = 1; n <= 3; n++) {
			const answer = await postJsonFrom(DIRECT_CLIENT, url, message(n), {
				'X-Forwarded-For': `198.51.100.${n}`,
			});
			statuses.push(answer.status);
		}
		expect(statuses).toEqual([201, 201, 429]);
		expect(storedAddresses(dbPath, message(1).email)).toEqual([DIRECT_CLIENT]);
	});

	it('a request from the trusted proxy counts as the client it forwards', async () => {
		const { server, dbPath } = await start(env);
		const url = `${server.url}/api/contact`;
		const statuses: number[] = [];
		for (let n = 1; n <= 3; n++) {
			// What the client wrote, then what the proxy appended: only the latter is believed.
			const answer = await postJsonFrom('127.0.0.1', url, message(n), {
				'X-Forwarded-For': `192.0.2.250, 198.51.100.${n}`,
			});
			statuses.push(answer.status);
		}
		expect(statuses).toEqual([201, 201, 201]);
		expect(storedAddresses(dbPath, message(3).email)).toEqual(['198.51.100.3']);
		// The proxy's address says the old variable must go.
		if ('TRUST_PROXY' in env) expect(server.output()).toContain('TRUSTED_PROXIES=127.0.0.1,::1');
	});
});

interface Health {
	status: number;
	reasons: string[];
}

async function health(url: string): Promise<Health> {
	const answer = await requestFrom('127.0.0.1', `${url}/api/health`);
	const json = JSON.parse(answer.body) as { reasons: string[] };
	return { status: answer.status, reasons: json.reasons };
}

const mismatchLines = (output: string) =>
	output.split('\n').filter((line) => line.includes('proxy-secret-mismatch'));

describe('a wrong CDN secret', () => {
	it('turns the health check to proxy-secret-mismatch, logged once a minute at most, until the right secret comes again', async () => {
		const { server } = await start({ PROXY_SECRET: SECRET });
		await expect.poll(() => health(server.url), POLL).toEqual({ status: 200, reasons: [] });
		for (let n = 0; n < 5; n++) {
			const answer = await requestFrom('127.0.0.1', `${server.url}/api/disponibilita`, {
				headers: {
					'X-Vigorsport-Proxy': `${SECRET.slice(0, -1)}${n}`,
					'X-Visitor-IP': '203.0.113.9',
				},
			});
			expect(answer.status).toBe(400);
		}
		await expect
			.poll(() => health(server.url), POLL)
			.toEqual({ status: 503, reasons: ['proxy-secret-mismatch'] });
		await expect.poll(() => mismatchLines(server.output()).length, POLL).toBeGreaterThan(0);
		const lines = mismatchLines(server.output());
		expect(lines).toHaveLength(1);
		// One JSON line, which never holds the secret that was sent.
		expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 'warn' });
		expect(lines[0]).not.toContain(SECRET.slice(0, -1));

		// The CDN sends the right secret again: healthy.
		await requestFrom('127.0.0.1', `${server.url}/api/disponibilita`, {
			headers: { 'X-Vigorsport-Proxy': SECRET },
		});
		await expect.poll(() => health(server.url), POLL).toEqual({ status: 200, reasons: [] });
	});

	it('is reported too when this server has no PROXY_SECRET and the CDN sends one', async () => {
		const { server } = await start({});
		await requestFrom('127.0.0.1', `${server.url}/`, { headers: { 'X-Vigorsport-Proxy': SECRET } });
		await expect
			.poll(() => health(server.url), POLL)
			.toEqual({ status: 503, reasons: ['proxy-secret-mismatch'] });
		expect(mismatchLines(server.output()).join('\n')).toContain('PROXY_SECRET is not set');
	});
});
