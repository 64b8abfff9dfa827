import { describe, expect, it } from 'vitest';
import { readSubscription } from '../../../../src/server/notifications/service';
import {
	isAllowedEndpoint,
	pushSettingsFromEnv,
} from '../../../../src/server/notifications/settings';

/** Which push services a device may name, the settings, and a subscription as posted. */

describe('isAllowedEndpoint', () => {
	it.each([
		['https://fcm.googleapis.com/fcm/send/abc', false, true],
		['https://web.push.apple.com/QGx', false, true],
		['http://127.0.0.1:5805/push/x', false, false],
		['http://127.0.0.1:5805/push/x', true, true],
		['http://[::1]:5805/push/x', true, true],
		['http://localhost:5805/push/x', true, true],
		['http://push.example/x', true, false],
		['http://127.0.0.2/x', true, false],
		['https://user:secret@push.example/x', false, false],
		['javascript:alert(1)', true, false],
		['ftp://127.0.0.1/x', true, false],
		['not a url', true, false],
	])('%s (loopback http allowed: %s) → %s', (endpoint, loopback, expected) => {
		expect(isAllowedEndpoint(endpoint, loopback)).toBe(expected);
	});
});

describe('pushSettingsFromEnv', () => {
	it('has defaults, and names the site as the VAPID subject in production', () => {
		expect(pushSettingsFromEnv({})).toMatchObject({
			timeoutMs: 10_000,
			allowLoopbackHttp: false,
			subject: 'mailto:gestione@localhost',
		});
		expect(pushSettingsFromEnv({ PUBLIC_ORIGIN: 'https://www.vigorsport.it' }).subject).toBe(
			'https://www.vigorsport.it',
		);
		expect(pushSettingsFromEnv({ SHOP_EMAIL: 'negozio@vigorsport.it' }).subject).toBe(
			'mailto:negozio@vigorsport.it',
		);
		expect(
			pushSettingsFromEnv({ PUSH_ALLOW_LOOPBACK_HTTP: '1', PUBLIC_ORIGIN: 'http://127.0.0.1:4321' })
				.allowLoopbackHttp,
		).toBe(true);
	});

	it.each([
		[{ PUSH_TIMEOUT_MS: 'dieci' }, /PUSH_TIMEOUT_MS/],
		[{ PUSH_TIMEOUT_MS: '5' }, /PUSH_TIMEOUT_MS/],
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
