import { lookup, type LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
	DEFAULT_PUSH_SERVICE_HOSTS,
	addressRange,
	checkEndpoint,
	hostMatches,
	isPublicAddress,
	parseHostPattern,
} from '../../../../src/lib/notifications/push-endpoint';
import { publicOnlyLookup, REFUSED_ADDRESS } from '../../../../src/server/notifications/connect';

/**
 * Which push service addresses a device may give, and which addresses the server connects to
 * for a push: the browsers' push services by name, https on the default port, public unicast
 * addresses only, whatever the spelling of an address.
 */
const production = { hosts: DEFAULT_PUSH_SERVICE_HOSTS, testServices: false };
const tests = { hosts: DEFAULT_PUSH_SERVICE_HOSTS, testServices: true };

describe('checkEndpoint', () => {
	it.each([
		// The browsers' push services.
		['https://fcm.googleapis.com/fcm/send/abc', true],
		['https://updates.push.services.mozilla.com/wpush/v2/gAAA', true],
		['https://updates-autopush.stage.push.services.mozilla.com/wpush/v2/x', true],
		['https://web.push.apple.com/QGx', true],
		['https://wns2-by3p.notify.windows.com/w/?token=x', true],
		['https://FCM.googleapis.com:443/fcm/send/abc', true],
		// Not these services, or not as they are reached.
		['http://fcm.googleapis.com/fcm/send/abc', false],
		['https://fcm.googleapis.com:8443/fcm/send/abc', false],
		['https://fcm.googleapis.com.evil.example/x', false],
		['https://evilfcm.googleapis.com/x', false],
		['https://fcm.googleapis.com./x', false],
		['https://push.apple.com/x', false],
		['https://notify.windows.com/x', false],
		['https://x.notify.windows.com.evil.example/x', false],
		['https://user:secret@fcm.googleapis.com/x', false],
		// The probe's forms of the loopback and the internal networks.
		['https://127.0.0.1:4651/x', false],
		['https://127.0.0.1/x', false],
		['https://[::1]:4651/x', false],
		['https://0x7f000001/x', false],
		['https://2130706433/x', false],
		['https://017700000001/x', false],
		['https://127.1/x', false],
		['https://[::ffff:127.0.0.1]/x', false],
		['https://[::ffff:7f00:1]/x', false],
		['https://localhost/x', false],
		['https://localhost:4651/x', false],
		['https://169.254.169.254/latest/meta-data', false],
		['http://169.254.169.254/latest/meta-data', false],
		['https://10.255.255.1/x', false],
		['https://100.64.0.1/x', false],
		['https://[fd00::1]/x', false],
		['https://[fe80::1]/x', false],
		['https://0.0.0.0/x', false],
		['http://127.0.0.1:5805/push/x', false],
		['javascript:alert(1)', false],
		['ftp://fcm.googleapis.com/x', false],
		['not a url', false],
	])('%s → %s', (endpoint, expected) => {
		expect(checkEndpoint(endpoint, production).ok).toBe(expected);
	});

	it.each([
		// The tests' push service on this machine: http, the loopback written out, any port.
		['http://127.0.0.1:5805/push/x', true],
		['http://[::1]:5805/push/x', true],
		['https://fcm.googleapis.com:8443/x', true],
		// Still nothing else: not https to the loopback, not a name, not another network.
		['https://127.0.0.1:5805/push/x', false],
		['http://localhost:5805/push/x', false],
		['http://10.0.0.1:5805/x', false],
		['http://169.254.169.254/latest/meta-data', false],
		['http://[::ffff:127.0.0.1]:5805/x', false],
		['http://push.example/x', false],
	])('with the tests’ push services: %s → %s', (endpoint, expected) => {
		expect(checkEndpoint(endpoint, tests).ok).toBe(expected);
	});

	it('why an endpoint is refused', () => {
		const why = (endpoint: string) => {
			const verdict = checkEndpoint(endpoint, production);
			return verdict.ok ? 'ok' : verdict.why;
		};
		expect(why('nope')).toBe('not-url');
		expect(why('http://fcm.googleapis.com/x')).toBe('scheme');
		expect(why('https://a:b@fcm.googleapis.com/x')).toBe('credentials');
		expect(why('https://fcm.googleapis.com:8443/x')).toBe('port');
		expect(why('https://127.0.0.1/x')).toBe('host');
	});
});

describe('the allowlist', () => {
	it.each([
		['fcm.googleapis.com', 'fcm.googleapis.com'],
		[' *.Push.Apple.com ', '*.push.apple.com'],
		['localhost', 'localhost'],
		['127.0.0.1', null],
		['2130706433', null],
		['[::1]', null],
		['*', null],
		['*.com', null],
		['a.*.com', null],
		['fcm.googleapis.com:443', null],
		['https://fcm.googleapis.com', null],
		['-bad.example', null],
		['', null],
	])('pattern %j → %j', (text, expected) => {
		expect(parseHostPattern(text)).toBe(expected);
	});

	it.each([
		['fcm.googleapis.com', true],
		['web.push.apple.com', true],
		['a.b.push.apple.com', true],
		['push.apple.com', false],
		['xpush.apple.com', false],
		['googleapis.com', false],
	])('host %s → %s', (host, expected) => {
		expect(hostMatches(host, DEFAULT_PUSH_SERVICE_HOSTS)).toBe(expected);
	});
});

describe('the addresses a push may connect to', () => {
	it.each([
		['142.250.180.10', 'unicast'],
		['2a00:1450:4002:402::200a', 'unicast'],
		['127.0.0.1', 'loopback'],
		['127.255.255.254', 'loopback'],
		['::1', 'loopback'],
		['10.255.255.1', 'private'],
		['172.16.0.1', 'private'],
		['192.168.1.1', 'private'],
		['169.254.169.254', 'linkLocal'],
		['fe80::1', 'linkLocal'],
		['fd00::1', 'uniqueLocal'],
		['100.64.0.1', 'carrierGradeNat'],
		['224.0.0.1', 'multicast'],
		['ff02::1', 'multicast'],
		['0.0.0.0', 'unspecified'],
		['::', 'unspecified'],
		['::ffff:127.0.0.1', 'ipv4Mapped:loopback'],
		['::ffff:10.0.0.1', 'ipv4Mapped:private'],
		['::ffff:8.8.8.8', 'ipv4Mapped:unicast'],
		['64:ff9b::a00:1', 'rfc6052'],
		['2130706433', null],
		['localhost', null],
	])('%s is %s', (address, range) => {
		expect(addressRange(address)).toBe(range);
		expect(isPublicAddress(address)).toBe(range === 'unicast');
	});
});

describe('publicOnlyLookup', () => {
	const resolving = (addresses: LookupAddress[]): typeof lookup =>
		((_host: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) =>
			callback(null, addresses)) as unknown as typeof lookup;
	const run = (resolve: typeof lookup, all: boolean, host = 'push.example') =>
		new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((done) =>
			publicOnlyLookup(resolve)(host, { all }, (error, address) => done({ error, address })),
		);

	it('refuses a name that resolves to the loopback (the machine’s own resolver)', async () => {
		// A name that resolves to nothing fails as dns.lookup does (tried again later).
		const { error } = await run(lookup, false, 'push.invalid');
		expect(error?.code).toBe('ENOTFOUND');
		const local = await new Promise<NodeJS.ErrnoException | null>((done) =>
			publicOnlyLookup()('localhost', {}, (failure) => done(failure)),
		);
		expect(local?.code).toBe(REFUSED_ADDRESS);
		expect(local?.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1)/);
	});

	it('refuses a name whole when any of its addresses is not public', async () => {
		const mixed = resolving([
			{ address: '142.250.180.10', family: 4 },
			{ address: '10.0.0.1', family: 4 },
		]);
		expect((await run(mixed, true)).error?.code).toBe(REFUSED_ADDRESS);
		expect((await run(mixed, false)).error?.code).toBe(REFUSED_ADDRESS);
		expect((await run(resolving([]), true)).error?.code).toBe(REFUSED_ADDRESS);
	});

	it('gives public addresses as dns.lookup would', async () => {
		const good = resolving([
			{ address: '142.250.180.10', family: 4 },
			{ address: '2a00:1450:4002:402::200a', family: 6 },
		]);
		expect(await run(good, true)).toEqual({
			error: null,
			address: [
				{ address: '142.250.180.10', family: 4 },
				{ address: '2a00:1450:4002:402::200a', family: 6 },
			],
		});
		expect(await run(good, false)).toEqual({ error: null, address: '142.250.180.10' });
	});
});
