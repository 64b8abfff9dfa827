import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../../../scripts/start-server.mjs';
import { createStaffSession, type StaffSession } from '../../helpers/staff';
import {
	decryptPush,
	newDevice,
	startPushService,
	type TestDevice,
	type TestPushService,
} from '../../helpers/push';
import {
	postReservation,
	singlePieces,
	pieceReservation,
	type SinglePiece,
} from '../helpers/pickup';
import { expectPrivate, staffRequest, useStaffServer } from '../helpers/staff';

/**
 * Web Push to staff devices on the real built server and a real SQLite file, with a push
 * service on this machine (tests/helpers/push.ts) whose devices' keys the test made: a
 * reservation reaches each subscribed device of its shop once, encrypted, with no customer's
 * data, and no device of the other shop; a device the push service no longer knows (404, 410)
 * is dropped; signing out and disabling a member delete their devices; a push service that never
 * answers holds no reservation up and no other device's push; a device stays with the member who
 * turned it on unless its own keys come with it; bad input gets 4xx JSON in Italian
 * (staff-push-endpoints.test.ts: which push services are accepted and connected to).
 */
const API = '/api/gestione/notifiche';
let service: TestPushService;
const server = useStaffServer({ PUSH_ALLOW_LOOPBACK_HTTP: '1', PUSH_TIMEOUT_MS: '3000' });
let pieces: SinglePiece[];

beforeAll(async () => {
	service = await startPushService();
	pieces = singlePieces(200);
});
afterAll(async () => {
	await service.close();
});

/** The next single piece at `shopId`: no two reservations of this file ask for the same one. */
function piece(shopId: string): SinglePiece {
	const index = pieces.findIndex((candidate) => candidate.shopId === shopId);
	const [found] = pieces.splice(index, 1);
	if (!found) throw new Error(`No piece left at ${shopId}`);
	return found;
}

/** Turns notifications on for a device, as the desk's button posts it. */
async function subscribe(session: StaffSession, device: TestDevice) {
	return staffRequest(server.url, API, {
		method: 'POST',
		cookie: session.cookie,
		body: device.subscription,
	});
}

function readRows<T>(sql: string, ...params: unknown[]): T[] {
	const db = new Database(server.dbPath, { readonly: true, fileMustExist: true });
	try {
		return db.prepare(sql).all(...params) as T[];
	} finally {
		db.close();
	}
}

const subscribed = (device: TestDevice) =>
	readRows('SELECT id FROM push_subscriptions WHERE endpoint = ?', device.subscription.endpoint)
		.length === 1;

async function reserve(shopId: string): Promise<{ id: number; code: string }> {
	const { status, json } = await postReservation(server.url, pieceReservation(piece(shopId)));
	expect(status).toBe(201);
	const [row] = readRows<{ id: number }>(
		'SELECT id FROM reservations WHERE code = ?',
		json['code'],
	);
	return { id: row?.id ?? 0, code: String(json['code']) };
}

describe('a new reservation', () => {
	let giulia: StaffSession;
	let giuliaTablet: StaffSession;
	let marco: StaffSession;
	const phone = () => devices[0] as TestDevice;
	const tablet = () => devices[1] as TestDevice;
	const aostaPhone = () => devices[2] as TestDevice;
	let devices: TestDevice[] = [];

	beforeAll(async () => {
		giulia = createStaffSession(server.dbPath, { name: 'Giulia', shops: ['torino'] }, server.url);
		// The same member on a second device: a session of its own.
		giuliaTablet = createStaffSession(
			server.dbPath,
			{ email: giulia.member.email, shops: ['torino'] },
			server.url,
		);
		marco = createStaffSession(server.dbPath, { name: 'Marco', shops: ['aosta'] }, server.url);
		devices = [
			newDevice(service, 'giulia'),
			newDevice(service, 'tablet'),
			newDevice(service, 'marco'),
		];
		for (const [session, device] of [
			[giulia, phone()],
			[giuliaTablet, tablet()],
			[marco, aostaPhone()],
		] as const) {
			const answer = await subscribe(session, device);
			expect(answer.status).toBe(201);
			expectPrivate(answer);
		}
	});

	it('sends one push to each subscribed device of its shop and none to the other shop’s', async () => {
		const reservation = await reserve('torino');
		// Queued in the reservation's transaction: one delivery per device of Torino, none else.
		const queued = readRows<{ endpoint: string }>(
			`SELECT s.endpoint FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id
			 WHERE d.reservation_id = ? ORDER BY s.endpoint`,
			reservation.id,
		);
		expect(queued.map((row) => row.endpoint).sort()).toEqual(
			[phone().subscription.endpoint, tablet().subscription.endpoint].sort(),
		);
		const [onPhone] = await service.received(phone(), 1);
		const [onTablet] = await service.received(tablet(), 1);
		await vi.waitFor(() => {
			expect(
				readRows<{ status: string }>(
					'SELECT status FROM push_deliveries WHERE reservation_id = ?',
					reservation.id,
				).map((row) => row.status),
			).toEqual(['sent', 'sent']);
		});
		expect(service.pushes.filter((push) => push.path.includes('/push/marco-'))).toEqual([]);

		for (const [push, device] of [
			[onPhone, phone()],
			[onTablet, tablet()],
		] as const) {
			if (!push) throw new Error('no push');
			expect(push.headers['content-encoding']).toBe('aes128gcm');
			expect(push.headers['ttl']).toBe('86400');
			expect(push.headers['urgency']).toBe('high');
			const { publicKey } = JSON.parse(readFileSync(`${server.dbPath}.push-keys`, 'utf8')) as {
				publicKey: string;
			};
			expect(push.headers['authorization']).toMatch(
				new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
			);
			const text = decryptPush(push.body, device);
			expect(JSON.parse(text)).toEqual({
				code: reservation.code,
				day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
				pieces: 1,
				url: `/gestione/prenotazioni/${reservation.id}`,
			});
			// Nothing the customer typed: not their name, e-mail or phone.
			expect(text).not.toMatch(/Mario|Rossi|example\.it|@|\+39|123 4567/);
		}
	});

	it('sends the Aosta device its own shop’s reservation only', async () => {
		const reservation = await reserve('aosta');
		const [push] = await service.received(aostaPhone(), 1);
		if (!push) throw new Error('no push');
		expect(JSON.parse(decryptPush(push.body, aostaPhone()))).toMatchObject({
			code: reservation.code,
		});
		expect(
			readRows('SELECT 1 FROM push_deliveries WHERE reservation_id = ?', reservation.id),
		).toHaveLength(1);
	});

	it('drops a device its push service answers 404 or 410 for', async () => {
		service.answer(phone(), 410);
		service.answer(tablet(), 404);
		await reserve('torino');
		await service.received(phone(), 2);
		await service.received(tablet(), 2);
		await vi.waitFor(() => {
			expect(subscribed(phone())).toBe(false);
			expect(subscribed(tablet())).toBe(false);
		});
		expect(subscribed(aostaPhone())).toBe(true);
	});
});

describe('a member’s devices', () => {
	it('stop when the member signs out on that device: the subscription is deleted', async () => {
		const anna = createStaffSession(server.dbPath, { name: 'Anna', shops: ['torino'] }, server.url);
		const other = createStaffSession(server.dbPath, { email: anna.member.email }, server.url);
		const device = newDevice(service, 'anna');
		const otherDevice = newDevice(service, 'anna-pc');
		expect((await subscribe(anna, device)).status).toBe(201);
		expect((await subscribe(other, otherDevice)).status).toBe(201);
		const out = await staffRequest(server.url, '/api/gestione/auth/esci', {
			method: 'POST',
			cookie: anna.cookie,
		});
		expect(out.status).toBe(200);
		expect(subscribed(device)).toBe(false);
		// Her other device, signed in with another session, keeps its pings.
		expect(subscribed(otherDevice)).toBe(true);
	});

	it('stop when the member is disabled with `npm run staff -- disattiva`', async () => {
		const luca = createStaffSession(server.dbPath, { name: 'Luca', shops: ['torino'] }, server.url);
		const device = newDevice(service, 'luca');
		expect((await subscribe(luca, device)).status).toBe(201);
		const cli = spawnSync(
			process.execPath,
			[join(ROOT, 'scripts/staff.mjs'), 'disattiva', luca.member.email],
			{
				env: { ...process.env, CONTACT_DB_PATH: server.dbPath, SMTP_HOST: '', PUBLIC_ORIGIN: '' },
				encoding: 'utf8',
			},
		);
		expect(cli.status).toBe(0);
		expect(subscribed(device)).toBe(false);
	});

	it('are at most ten: turning on an eleventh forgets the oldest', async () => {
		const eva = createStaffSession(server.dbPath, { name: 'Eva', shops: ['torino'] }, server.url);
		const eleven = Array.from({ length: 11 }, (_, index) => newDevice(service, `eva-${index}`));
		for (const device of eleven) expect((await subscribe(eva, device)).status).toBe(201);
		expect(eleven.map(subscribed)).toEqual([false, ...Array<boolean>(10).fill(true)]);
		// The same device again is the same row, not one more.
		expect((await subscribe(eva, eleven[10] as TestDevice)).status).toBe(201);
		expect(
			readRows('SELECT id FROM push_subscriptions WHERE staff_id = ?', eva.member.id),
		).toHaveLength(10);
	});

	it('stop when turned off on the device (DELETE)', async () => {
		const sara = createStaffSession(server.dbPath, { name: 'Sara', shops: ['torino'] }, server.url);
		const device = newDevice(service, 'sara');
		expect((await subscribe(sara, device)).status).toBe(201);
		const off = await staffRequest(server.url, API, {
			method: 'DELETE',
			cookie: sara.cookie,
			body: { endpoint: device.subscription.endpoint },
		});
		expect(off.status).toBe(200);
		expect(subscribed(device)).toBe(false);
	});
});

describe('a push service that never answers', () => {
	it('holds no reservation up, and its push is never sent twice', async () => {
		const piero = createStaffSession(
			server.dbPath,
			{ name: 'Piero', shops: ['torino'] },
			server.url,
		);
		const device = newDevice(service, 'piero');
		expect((await subscribe(piero, device)).status).toBe(201);
		service.answer(device, 0);
		// The reservation is answered while its push is still under way.
		const reservation = await reserve('torino');
		await service.received(device, 1);
		await vi.waitFor(
			() => {
				expect(
					readRows<{ status: string }>(
						`SELECT d.status FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id
						 WHERE d.reservation_id = ? AND s.endpoint = ?`,
						reservation.id,
						device.subscription.endpoint,
					),
				).toEqual([{ status: 'interrupted' }]);
			},
			{ timeout: 10_000 },
		);
		expect((await service.received(device, 1)).length).toBe(1);
	});
});

describe('push services that never answer, one member’s devices', () => {
	it('hold up no colleague’s push: each push is sent on its own, with its own timeout', async () => {
		const franco = createStaffSession(
			server.dbPath,
			{ name: 'Franco', shops: ['aosta'] },
			server.url,
		);
		const irene = createStaffSession(
			server.dbPath,
			{ name: 'Irene', shops: ['aosta'] },
			server.url,
		);
		// Franco's three devices are subscribed first: their pushes are claimed before Irene's.
		const stalled = [1, 2, 3].map((index) => newDevice(service, `franco-${index}`));
		for (const device of stalled) {
			expect((await subscribe(franco, device)).status).toBe(201);
			service.answer(device, 0);
		}
		const ireneDevice = newDevice(service, 'irene');
		expect((await subscribe(irene, ireneDevice)).status).toBe(201);
		const statusOf = (reservationId: number, devices: TestDevice[]) =>
			readRows<{ status: string }>(
				`SELECT d.status FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id
				 WHERE d.reservation_id = ? AND s.endpoint IN (${devices.map(() => '?').join(', ')})
				 ORDER BY d.id`,
				reservationId,
				...devices.map((device) => device.subscription.endpoint),
			).map((row) => row.status);

		const reservation = await reserve('aosta');
		await service.received(ireneDevice, 1);
		// Irene's push arrived while all three of Franco's are still waiting for their answer.
		await vi.waitFor(() => expect(statusOf(reservation.id, [ireneDevice])).toEqual(['sent']));
		expect(statusOf(reservation.id, stalled)).toEqual(['sending', 'sending', 'sending']);
		for (const device of stalled) expect(await service.received(device, 1)).toHaveLength(1);
		// Then each times out on its own: outcome unknown, never sent again.
		await vi.waitFor(
			() =>
				expect(statusOf(reservation.id, stalled)).toEqual([
					'interrupted',
					'interrupted',
					'interrupted',
				]),
			{ timeout: 15_000 },
		);
		for (const device of stalled) service.answer(device, 201);
	});
});

describe('a device another member turned on', () => {
	it('moves to a colleague only with its own keys, which only its browser holds (else 409)', async () => {
		const nora = createStaffSession(server.dbPath, { name: 'Nora', shops: ['torino'] }, server.url);
		const oscar = createStaffSession(
			server.dbPath,
			{ name: 'Oscar', shops: ['aosta'] },
			server.url,
		);
		const device = newDevice(service, 'nora');
		expect((await subscribe(nora, device)).status).toBe(201);
		const ownerOf = () =>
			readRows<{ staff_id: number; p256dh: string }>(
				'SELECT staff_id, p256dh FROM push_subscriptions WHERE endpoint = ?',
				device.subscription.endpoint,
			);

		// Oscar knows the device's address, not its keys: his own device's keys do not do.
		const forged = {
			endpoint: device.subscription.endpoint,
			keys: newDevice(service, 'oscar').subscription.keys,
		};
		for (const body of [
			forged,
			{ ...forged, keys: { ...forged.keys, auth: device.subscription.keys.auth } },
			{ ...forged, keys: { ...forged.keys, p256dh: device.subscription.keys.p256dh } },
		]) {
			const taken = await staffRequest(server.url, API, {
				method: 'POST',
				cookie: oscar.cookie,
				body,
			});
			expect(taken.status).toBe(409);
			expectPrivate(taken);
			expect((JSON.parse(taken.body) as { error: string }).error).toMatch(
				/^Questo dispositivo riceve già le notifiche di un altro account/,
			);
		}
		expect(ownerOf()).toEqual([
			{ staff_id: nora.member.id, p256dh: device.subscription.keys.p256dh },
		]);

		// The same browser, signed in as Oscar, posts the same keys: the device is his now.
		expect((await subscribe(oscar, device)).status).toBe(201);
		expect(ownerOf()).toEqual([
			{ staff_id: oscar.member.id, p256dh: device.subscription.keys.p256dh },
		]);
	});
});

describe('the route', () => {
	it('gives the server’s public key, kept beside the database, readable by the server only', async () => {
		const { cookie } = createStaffSession(server.dbPath, { shops: ['aosta'] }, server.url);
		const answer = await staffRequest(server.url, API, { cookie });
		expect(answer.status).toBe(200);
		expectPrivate(answer);
		const { publicKey } = JSON.parse(answer.body) as { publicKey: string };
		expect(publicKey).toMatch(/^[\w-]{87}$/);
		const file = `${server.dbPath}.push-keys`;
		expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ publicKey });
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it.each([
		['GET', undefined],
		['POST', {}],
		['DELETE', {}],
		['PUT', {}],
	])('answers %s without a session with 401 JSON in Italian', async (method, body) => {
		const answer = await staffRequest(server.url, API, { method, ...(body ? { body } : {}) });
		expect(answer.status).toBe(401);
		expectPrivate(answer);
		expect((JSON.parse(answer.body) as { error: string }).error).toMatch(/Accesso richiesto/);
	});

	it('refuses a subscription posted from another site', async () => {
		const { cookie } = createStaffSession(server.dbPath, {}, server.url);
		const answer = await staffRequest(server.url, API, {
			method: 'POST',
			cookie,
			origin: 'https://evil.example',
			body: newDevice(service, 'evil').subscription,
		});
		expect(answer.status).toBe(403);
	});

	const good = () => newDevice({ origin: 'https://push.example' }, 'bad').subscription;
	it.each([
		['no JSON', { body: 'x', type: 'text/plain' }, 415],
		['broken JSON', { body: '{"endpoint":', type: 'application/json' }, 400],
		['a JSON array', { body: '[]', type: 'application/json' }, 400],
		[
			'too large',
			{ body: JSON.stringify({ pad: 'x'.repeat(5000) }), type: 'application/json' },
			413,
		],
		[
			'no keys',
			{ body: JSON.stringify({ endpoint: 'https://push.example/x' }), type: 'application/json' },
			422,
		],
		[
			'a short key',
			{
				body: JSON.stringify({ ...good(), keys: { p256dh: 'abc', auth: 'def' } }),
				type: 'application/json',
			},
			422,
		],
		[
			'http to another host',
			{
				body: JSON.stringify({ ...good(), endpoint: 'http://push.example/x' }),
				type: 'application/json',
			},
			422,
		],
		[
			'not an address',
			{
				body: JSON.stringify({ ...good(), endpoint: 'javascript:alert(1)' }),
				type: 'application/json',
			},
			422,
		],
	])('answers %s with a 4xx JSON in Italian', async (_what, { body, type }, status) => {
		const { cookie } = createStaffSession(server.dbPath, {}, server.url);
		const sent = await fetch(`${server.url}${API}`, {
			method: 'POST',
			headers: { Cookie: cookie, Origin: server.url, 'Content-Type': type },
			body,
		});
		expect(sent.status).toBe(status);
		expect(sent.headers.get('cache-control')).toBe('no-store');
		const { error } = (await sent.json()) as { error: string };
		expect(error).toMatch(/^(Richiesta|Iscrizione|Indirizzo)/);
	});
});
