import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { devices } from '@playwright/test';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { parsePing, pingTitle } from '../../src/lib/notifications/ping';
import { createStaffSession, playwrightCookie } from '../helpers/staff';
import {
	decryptPush,
	newDevice,
	startPushService,
	type TestDevice,
	type TestPushService,
} from '../helpers/push';
import { singlePieces, validReservation } from '../server/helpers/pickup';
import { E2E_PORT } from './helpers/messages';
import { expect, test } from './helpers/test';

// Tests here use the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

/**
 * A ping for each new reservation, end to end on this machine, on a phone with touch: the
 * desk's 'Attiva le notifiche' posts the device's subscription; a reservation makes the server
 * push to a push service on the loopback (tests/helpers/push.ts), whose payload the test
 * decrypts with the device's keys; that payload, delivered to the registered service worker
 * through CDP's ServiceWorker.deliverPushMessage, shows «Nuova prenotazione … · … · 1 pezzo»; the
 * worker keeps no staff page; and no request leaves the machine.
 *
 * What is not the browser's own: a headless Chromium has no push service to subscribe with (its
 * pushManager.subscribe needs Google's), so pushManager's subscribe and getSubscription are
 * replaced, in the page only, by ones that hand out the subscription of the test's device (the
 * keys are the test's, so it can decrypt). The permission, the worker's registration, the key
 * from the server, the POST, the server's push and the worker's notification are all real. A
 * tap on the notification cannot be simulated through CDP: what it opens is the payload's `url`,
 * checked here and in tests/unit/lib/notifications/ping.test.ts.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** This spec's own server, which accepts a push service on the loopback. */
const PORT = E2E_PORT + 5;
const origin = `http://localhost:${PORT}`;
let server: RunningServer;
let service: TestPushService;
let dir: string;
let dbPath: string;
let device: TestDevice;

test.beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-push-e2e-'));
	dbPath = join(dir, 'messages.sqlite');
	service = await startPushService();
	device = newDevice(service, 'telefono');
	server = await startServer({
		port: PORT,
		env: {
			CONTACT_DB_PATH: dbPath,
			CONTACT_RATE_LIMIT: '100000',
			STAFF_RATE_LIMIT: '100000',
			SMTP_HOST: '',
			PUSH_ALLOW_LOOPBACK_HTTP: '1',
		},
	});
});

test.afterAll(async () => {
	await server?.stop();
	await service?.close();
	rmSync(dir, { recursive: true, force: true });
});

test.use({ ...devices['Pixel 7'], baseURL: origin });

test('turn on, a reservation, the encrypted push, the notification; no staff page kept', async ({
	context,
	page,
}) => {
	await context.grantPermissions(['notifications'], { origin });
	// Nothing leaves the machine: every request of the browser is to this server.
	const elsewhere: string[] = [];
	await context.route(
		(url) => url.host !== `localhost:${PORT}`,
		(route) => {
			elsewhere.push(route.request().url());
			return route.abort();
		},
	);
	const session = createStaffSession(dbPath, { name: 'Giulia', shops: ['torino'] }, origin);
	// By domain and path: Chromium refuses a __Host- cookie given with an http `url`.
	const { url: _url, ...cookie } = playwrightCookie(session.token, origin);
	await context.addCookies([{ ...cookie, domain: 'localhost', path: '/' }]);
	// pushManager, stood in for its network-bound part only (see above); the device's
	// subscription outlives a page, as a browser's does (kept in localStorage).
	await context.addInitScript((subscription) => {
		const STORED = 'test:push-subscription-key';
		const make = (key: Uint8Array) => ({
			endpoint: subscription.endpoint,
			expirationTime: null,
			options: { userVisibleOnly: true, applicationServerKey: key.buffer },
			toJSON: () => ({ ...subscription, expirationTime: null }),
			unsubscribe: () => {
				localStorage.removeItem(STORED);
				return Promise.resolve(true);
			},
		});
		PushManager.prototype.getSubscription = function () {
			const stored = localStorage.getItem(STORED);
			const key = stored ? new Uint8Array(JSON.parse(stored) as number[]) : null;
			return Promise.resolve(key ? (make(key) as unknown as PushSubscription) : null);
		};
		PushManager.prototype.subscribe = function (options) {
			const key = options?.applicationServerKey;
			if (!(key instanceof Uint8Array) || key.length !== 65) {
				return Promise.reject(new Error('applicationServerKey is not a P-256 public key'));
			}
			localStorage.setItem(STORED, JSON.stringify(Array.from(key)));
			(window as { subscribedWithKey?: number[] }).subscribedWithKey = Array.from(key);
			return Promise.resolve(make(key) as unknown as PushSubscription);
		};
	}, device.subscription);

	await page.goto('/gestione');
	// Added to a Home Screen (what an iPhone needs for pings), the desk opens as an app of its own.
	await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
		'href',
		'/gestione.webmanifest',
	);
	const manifest = await page.request.get('/gestione.webmanifest');
	expect(manifest.headers()['content-type']).toContain('application/manifest+json');
	expect(await manifest.json()).toMatchObject({
		start_url: '/gestione',
		scope: '/',
		display: 'standalone',
		name: expect.stringMatching(/^Area staff /),
	});
	const box = page.locator('[data-push]');
	await expect(box).toHaveAttribute('data-push-state', 'off');
	const posted = page.waitForRequest(
		(request) => request.url().endsWith('/api/gestione/notifiche') && request.method() === 'POST',
	);
	await page.getByRole('button', { name: 'Attiva le notifiche' }).tap();
	expect((await posted).postDataJSON()).toEqual({ ...device.subscription, expirationTime: null });
	await expect(box).toHaveAttribute('data-push-state', 'on');
	await expect(box.getByRole('status')).toHaveText(/Notifiche attive su questo dispositivo/);
	await expect(page.getByRole('button', { name: 'Disattiva le notifiche' })).toBeVisible();
	// The page subscribed with the server's key, and the server stored the device.
	const { publicKey } = (await (await page.request.get('/api/gestione/notifiche')).json()) as {
		publicKey: string;
	};
	const usedKey = await page.evaluate(
		() => (window as { subscribedWithKey?: number[] }).subscribedWithKey ?? [],
	);
	expect(Buffer.from(usedKey).toString('base64url')).toBe(publicKey);
	const db = new Database(dbPath, { readonly: true });
	try {
		expect(
			db
				.prepare('SELECT staff_id FROM push_subscriptions WHERE endpoint = ?')
				.all(device.subscription.endpoint),
		).toEqual([{ staff_id: session.member.id }]);
	} finally {
		db.close();
	}

	// A reservation at the member's shop: the push service gets its encrypted ping.
	const [piece] = singlePieces(40).filter((candidate) => candidate.shopId === 'torino');
	if (!piece) throw new Error('No piece at Torino.');
	const reserved = await page.request.post('/api/prenotazioni', {
		data: validReservation({ items: [piece.item] }),
		headers: { Origin: origin },
	});
	expect(reserved.status()).toBe(201);
	const { code } = (await reserved.json()) as { code: string };
	const [push] = await service.received(device, 1);
	if (!push) throw new Error('No push arrived.');
	const data = decryptPush(push.body, device);
	const ping = parsePing(JSON.parse(data));
	expect(ping).toMatchObject({
		code,
		pieces: 1,
		url: expect.stringMatching(/^\/gestione\/prenotazioni\/\d+$/),
	});
	expect(data).not.toMatch(/Mario|Rossi|@|\+39/);

	// The registered worker gets that payload as a push, and shows the notification.
	const cdp = await context.newCDPSession(page);
	const registrationId = new Promise<string>((resolve) => {
		cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
			const ours = registrations.find(
				(registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted,
			);
			if (ours) resolve(ours.registrationId);
		});
	});
	await cdp.send('ServiceWorker.enable');
	await cdp.send('ServiceWorker.deliverPushMessage', {
		origin,
		registrationId: await registrationId,
		data,
	});
	const [worker] = context.serviceWorkers();
	if (!worker) throw new Error('No service worker.');
	await expect
		.poll(() =>
			worker.evaluate(async () =>
				(await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map(
					(notification) => ({
						title: notification.title,
						body: notification.body,
						data: notification.data as unknown,
					}),
				),
			),
		)
		.toEqual([
			{
				title: pingTitle(ping ?? { code, day: '', pieces: 1, url: '' }, new Date()),
				body: 'Tocca per aprire la prenotazione.',
				data: { url: ping?.url },
			},
		]);
	expect(ping && pingTitle(ping, new Date())).toMatch(
		new RegExp(`^Nuova prenotazione ${code} · [a-zì ]+[0-9a-z ]* · 1 pezzo$`),
	);

	// The worker controls the staff pages and keeps none of them.
	await page.goto(ping?.url ?? '/gestione');
	await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
	await page.goto('/gestione');
	const kept = await page.evaluate(async () => {
		const urls: string[] = [];
		for (const name of await caches.keys()) {
			for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
		}
		return { controlled: navigator.serviceWorker.controller !== null, urls };
	});
	expect(kept.controlled).toBe(true);
	expect(kept.urls.filter((url) => new URL(url).pathname.includes('gestione'))).toEqual([]);

	// 'Esci' ends this device's pings; signed in again, the desk carries the device over to the
	// new session without a tap.
	const subscriptionSession = () => {
		const database = new Database(dbPath, { readonly: true });
		try {
			return database
				.prepare('SELECT session_hash AS hash FROM push_subscriptions WHERE endpoint = ?')
				.all(device.subscription.endpoint) as { hash: string }[];
		} finally {
			database.close();
		}
	};
	expect(subscriptionSession()).toHaveLength(1);
	await page.getByRole('button', { name: 'Esci' }).tap();
	await page.waitForURL(/\/gestione\/accesso/);
	expect(subscriptionSession()).toEqual([]);
	const again = createStaffSession(dbPath, { email: session.member.email }, origin);
	const { url: _again, ...newCookie } = playwrightCookie(again.token, origin);
	await context.addCookies([{ ...newCookie, domain: 'localhost', path: '/' }]);
	const reposted = page.waitForResponse(
		(response) =>
			response.url().endsWith('/api/gestione/notifiche') && response.request().method() === 'POST',
	);
	await page.goto('/gestione');
	expect((await reposted).status()).toBe(201);
	await expect(box).toHaveAttribute('data-push-state', 'on');
	expect(subscriptionSession()).toEqual([
		{ hash: createHash('sha256').update(again.token).digest('hex') },
	]);
	expect(elsewhere).toEqual([]);
});
