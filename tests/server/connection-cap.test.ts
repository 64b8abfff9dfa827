import { afterEach, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { tempDatabase, type Cleanups } from './helpers/contact';
import { DIRECT_CLIENT, openIdle, requestFrom, type IdleConnection } from './helpers/from-address';

/**
 * One client cannot take every connection: past SERVER_MAX_CONNECTIONS_PER_ADDRESS open
 * connections from one address, a new one is closed at once, the JSON log counts the refusals,
 * and every other client is still answered. A trusted proxy (TRUSTED_PROXIES) carries many
 * clients and is left alone.
 */

// Each test starts a server of its own: seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

/** The server's answers may take a while on a loaded machine. */
const POLL = { timeout: 15_000 };

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const CAP = 5;

async function start(env: Record<string, string> = {}): Promise<RunningServer> {
	const db = tempDatabase();
	cleanups.push(db.remove);
	const server = await startServer({
		env: {
			CONTACT_DB_PATH: db.dbPath,
			SMTP_HOST: '',
			SERVER_MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
			// Long enough that no idle connection is closed for its slowness during the test.
			SERVER_HEADERS_TIMEOUT_MS: '120000',
			SERVER_REQUEST_TIMEOUT_MS: '120000',
			...env,
		},
	});
	cleanups.push(() => server.stop());
	return server;
}

async function openMany(address: string, url: string, count: number): Promise<IdleConnection[]> {
	const connections = await Promise.all(
		Array.from({ length: count }, () => openIdle(address, url)),
	);
	cleanups.push(() => {
		for (const connection of connections) connection.socket.destroy();
	});
	return connections;
}

const refusalLines = (output: string) =>
	output.split('\n').filter((line) => line.includes('connections-refused'));

it('closes at once the connections of one address past the cap, logs the count, and still answers others', async () => {
	const server = await start();
	const flood = await openMany(DIRECT_CLIENT, server.url, CAP + 6);
	// The server closes every connection past the cap, and keeps the others open.
	await expect.poll(() => flood.filter((connection) => connection.closed).length, POLL).toBe(6);

	// Another client is answered while the flood holds its share.
	for (let n = 0; n < 3; n++) {
		const answer = await requestFrom('127.0.0.1', `${server.url}/api/health`);
		expect(answer.status).toBe(200);
	}
	expect(flood.filter((connection) => connection.closed)).toHaveLength(6);

	// One JSON line counts them: the first refusal at once, the others in a later summary.
	await expect.poll(() => refusalLines(server.output()).length, POLL).toBeGreaterThan(0);
	const first = JSON.parse(refusalLines(server.output())[0] ?? '') as { message: string };
	expect(first.message).toMatch(/connections-refused: \d+ connections closed at once/);
	expect(first.message).toContain(DIRECT_CLIENT);

	// Once its connections close, the same address is answered again.
	for (const connection of flood) connection.socket.destroy();
	await expect
		.poll(() => requestFrom(DIRECT_CLIENT, `${server.url}/api/health`).then((a) => a.status), POLL)
		.toBe(200);
});

it('leaves a trusted proxy alone: it carries many clients', async () => {
	const server = await start({ TRUSTED_PROXIES: DIRECT_CLIENT });
	const open = await openMany(DIRECT_CLIENT, server.url, CAP + 2);
	// A connection past the cap is answered, and none of the idle ones was closed for the cap.
	const answer = await requestFrom(DIRECT_CLIENT, `${server.url}/api/health`);
	expect(answer.status).toBe(200);
	expect(open.filter((connection) => connection.closed)).toHaveLength(0);
	expect(refusalLines(server.output())).toHaveLength(0);
});
