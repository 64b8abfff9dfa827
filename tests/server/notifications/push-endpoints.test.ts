import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaffSession } from '../../helpers/staff';
import { newDevice } from '../../helpers/push';
import { pieceReservation, postReservation, singlePieces } from '../helpers/pickup';
import { expectPrivate, staffRequest, useStaffServer } from '../helpers/staff';

/**
 * Which push services the server sends a staff device's pings to, on the built server: a device
 * may name only the browsers' push services, over https on the default port (the route answers
 * anything else 422 in Italian and stores nothing), and a name on the allowlist that resolves to
 * the loopback is never connected to, the address being checked when connecting (so a name
 * re-pointed later, DNS rebinding, is refused as well).
 */
const API = '/api/gestione/notifiche';

function readRows<T>(dbPath: string, sql: string, ...params: unknown[]): T[] {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return db.prepare(sql).all(...params) as T[];
	} finally {
		db.close();
	}
}

describe('with the production rules', () => {
	const server = useStaffServer();
	const keys = newDevice({ origin: 'https://fcm.googleapis.com' }, 'keys').subscription.keys;

	it.each([
		'https://127.0.0.1:4651/x',
		'https://127.0.0.1/x',
		'https://[::1]:4651/x',
		'https://0x7f000001:4651/x',
		'https://2130706433:4651/x',
		'https://127.1/x',
		'https://[::ffff:127.0.0.1]:4651/x',
		'https://localhost:4651/x',
		'https://localhost/x',
		'https://169.254.169.254/latest/meta-data',
		'https://10.255.255.1/x',
		'https://100.64.0.1/x',
		'https://[fd00::1]/x',
		'http://127.0.0.1:4651/x',
		'http://169.254.169.254/latest/meta-data',
		'http://fcm.googleapis.com/fcm/send/x',
		'https://fcm.googleapis.com:4651/fcm/send/x',
		'https://fcm.googleapis.com.evil.example/x',
		'https://push.example/x',
	])('refuses %s with 422 in Italian, storing nothing', async (endpoint) => {
		const { cookie } = createStaffSession(server.dbPath, { shops: [] }, server.url);
		const answer = await staffRequest(server.url, API, {
			method: 'POST',
			cookie,
			body: { endpoint, keys },
		});
		expect(answer.status).toBe(422);
		expectPrivate(answer);
		expect((JSON.parse(answer.body) as { error: string }).error).toBe(
			'Indirizzo del servizio di notifiche non accettato: le notifiche vanno solo ai servizi dei browser (Google, Mozilla, Apple, Microsoft), in https.',
		);
		expect(
			readRows(server.dbPath, 'SELECT 1 FROM push_subscriptions WHERE endpoint = ?', endpoint),
		).toEqual([]);
	});

	it.each([
		'https://fcm.googleapis.com/fcm/send/abc',
		'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
		'https://web.push.apple.com/QGx',
		'https://wns2-by3p.notify.windows.com/w/?token=x',
	])('accepts a browser’s push service: %s', async (endpoint) => {
		// A member of no shop: no reservation ever queues a push to it.
		const { cookie } = createStaffSession(server.dbPath, { shops: [] }, server.url);
		const answer = await staffRequest(server.url, API, {
			method: 'POST',
			cookie,
			body: { endpoint, keys },
		});
		expect(answer.status).toBe(201);
	});
});

describe('a name on the allowlist that resolves to the loopback', () => {
	// The tests' setting lets a push service be on another port than 443; `localhost` is put on
	// the allowlist, so only the check made when connecting stands in the way.
	const server = useStaffServer({ PUSH_ALLOW_LOOPBACK_HTTP: '1', PUSH_SERVICE_HOSTS: 'localhost' });
	const connections: string[] = [];
	const sockets = new Set<Socket>();
	const listener = createServer((socket) => {
		connections.push(String(socket.remoteAddress));
		sockets.add(socket);
	});
	let port = 0;

	beforeAll(async () => {
		await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
		port = (listener.address() as AddressInfo).port;
	});
	afterAll(async () => {
		for (const socket of sockets) socket.destroy();
		await new Promise((resolve) => listener.close(resolve));
	});

	it('is stored, and never connected to: the push is given up', async () => {
		const member = createStaffSession(
			server.dbPath,
			{ name: 'Rita', shops: ['torino', 'aosta'] },
			server.url,
		);
		const device = newDevice({ origin: `https://localhost:${port}` }, 'rita');
		const on = await staffRequest(server.url, API, {
			method: 'POST',
			cookie: member.cookie,
			body: device.subscription,
		});
		expect(on.status).toBe(201);
		const [piece] = singlePieces(1);
		if (!piece) throw new Error('no piece');
		const reserved = await postReservation(server.url, pieceReservation(piece));
		expect(reserved.status).toBe(201);
		await vi.waitFor(
			() =>
				expect(
					readRows<{ status: string; last_error: string }>(
						server.dbPath,
						`SELECT d.status, d.last_error FROM push_deliveries d
						 JOIN push_subscriptions s ON s.id = d.subscription_id WHERE s.endpoint = ?`,
						device.subscription.endpoint,
					),
				).toEqual([
					{
						status: 'failed',
						last_error: expect.stringMatching(
							/^localhost resolves to (127\.0\.0\.1|::1), not a public address/,
						) as unknown,
					},
				]),
			{ timeout: 10_000 },
		);
		expect(connections).toEqual([]);
	});
});
