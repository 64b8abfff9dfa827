import { describe, expect, it } from 'vitest';
import { readSubscription } from '../../../../src/server/notifications/service';
import { pushSettingsFromEnv } from '../../../../src/server/notifications/settings';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../../../src/lib/notifications/push-endpoint';

/** The settings of Web Push, and a subscription as posted (push-endpoint.test.ts: the rules). */

describe('pushSettingsFromEnv', () => {
	it('has defaults, and names the site as the VAPID subject in production', () => {
		expect(pushSettingsFromEnv({})).toMatchObject({
			timeoutMs: 5_000,
			rules: { hosts: DEFAULT_PUSH_SERVICE_HOSTS, testServices: false },
			subject: 'mailto:gestione@localhost',
			warnings: [],
		});
		expect(pushSettingsFromEnv({ PUBLIC_ORIGIN: 'https://www.vigorsport.it' }).subject).toBe(
			'https://www.vigorsport.it',
		);
		expect(pushSettingsFromEnv({ SHOP_EMAIL: 'negozio@vigorsport.it' }).subject).toBe(
			'mailto:negozio@vigorsport.it',
		);
	});

	it('says at start when the tests’ push services or another allowlist are accepted', () => {
		const tests = pushSettingsFromEnv({
			PUSH_ALLOW_LOOPBACK_HTTP: '1',
			PUBLIC_ORIGIN: 'http://127.0.0.1:4321',
		});
		expect(tests.rules.testServices).toBe(true);
		expect(tests.warnings).toEqual([expect.stringMatching(/PUSH_ALLOW_LOOPBACK_HTTP=1/)]);
		const hosts = pushSettingsFromEnv({
			PUSH_SERVICE_HOSTS: ' FCM.googleapis.com, *.push.apple.com ,',
		});
		expect(hosts.rules.hosts).toEqual(['fcm.googleapis.com', '*.push.apple.com']);
		expect(hosts.warnings).toEqual([
			'Push: PUSH_SERVICE_HOSTS accepts push services at fcm.googleapis.com, *.push.apple.com.',
		]);
	});

	it.each([
		[{ PUSH_TIMEOUT_MS: 'dieci' }, /PUSH_TIMEOUT_MS/],
		[{ PUSH_TIMEOUT_MS: '5' }, /PUSH_TIMEOUT_MS/],
		[{ PUSH_TIMEOUT_MS: '600000' }, /PUSH_TIMEOUT_MS/],
		[{ PUSH_SERVICE_HOSTS: '127.0.0.1' }, /PUSH_SERVICE_HOSTS.*127\.0\.0\.1/],
		[{ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com, *' }, /PUSH_SERVICE_HOSTS.*"\*"/],
		[{ PUSH_SERVICE_HOSTS: '*.com' }, /PUSH_SERVICE_HOSTS/],
		[{ PUSH_SERVICE_HOSTS: 'https://fcm.googleapis.com' }, /PUSH_SERVICE_HOSTS/],
		[{ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com:8443' }, /PUSH_SERVICE_HOSTS/],
		[{ PUSH_ALLOW_LOOPBACK_HTTP: 'yes' }, /PUSH_ALLOW_LOOPBACK_HTTP/],
		// Plain http to a push service never in production.
		[
			{ PUSH_ALLOW_LOOPBACK_HTTP: '1', PUBLIC_ORIGIN: 'https://www.vigorsport.it' },
			/PUSH_ALLOW_LOOPBACK_HTTP.*https/,
		],
	])('refuses %j', (env, message) => {
		expect(() => pushSettingsFromEnv(env)).toThrow(message);
	});
});

describe('readSubscription', () => {
	const p256dh = 'B'.repeat(87);
	const auth = 'a'.repeat(22);
	it('reads what PushSubscription.toJSON() gives, and nothing else', () => {
		expect(
			readSubscription({
				endpoint: 'https://push.example/x',
				expirationTime: null,
				keys: { p256dh, auth, extra: 1 },
			}),
		).toEqual({ endpoint: 'https://push.example/x', keys: { p256dh, auth } });
	});
	it.each([
		[{}],
		[{ endpoint: 'https://push.example/x' }],
		[{ endpoint: 3, keys: { p256dh, auth } }],
		[{ endpoint: `https://push.example/${'x'.repeat(2100)}`, keys: { p256dh, auth } }],
		[{ endpoint: 'https://push.example/x', keys: { p256dh: p256dh.slice(1), auth } }],
		[{ endpoint: 'https://push.example/x', keys: { p256dh, auth: `${auth}==` } }],
		[{ endpoint: 'https://push.example/x', keys: { p256dh: `${p256dh.slice(1)}+`, auth } }],
	])('refuses %j', (body) => {
		expect(readSubscription(body)).toBeNull();
	});
});
