import { describe, expect, it } from 'vitest';
import {
	clientAddressOf,
	createSecretWatch,
	isSecret,
	proxyTrust,
	SECRET_MISMATCH_WINDOW_MS,
} from '../../../src/server/client-address';
import {
	isOn,
	limitFromEnv,
	ServerConfigError,
	serverSettingsFromEnv,
} from '../../../src/server/core/server-settings';
import { splitTarget, withoutTrailingSlash } from '../../../src/server/handler';
import {
	chooseEncoding,
	isNotFoundFile,
	notFoundPageFor,
	sectionFolders,
} from '../../../src/server/not-found';
import { clientErrorAnswer, rawAnswer, safeLocation } from '../../../src/server/responses';
import { isHiddenFile, notModifiedSince, resolveFile } from '../../../src/server/static-files';

describe('limitFromEnv', () => {
	it.each([
		[undefined, 10],
		['', 10],
		['  ', 10],
		['1', 1],
		[' 20 ', 20],
		['100', 100],
	])('%j -> %d', (raw, expected) => {
		expect(limitFromEnv({ LIMIT: raw }, 'LIMIT', 10, 1, 100)).toBe(expected);
	});

	it.each(['0', '101', '-5', '1.5', '1e2', 'abc', '99999999999999999999'])('refuses %j', (raw) => {
		expect(() => limitFromEnv({ LIMIT: raw }, 'LIMIT', 10, 1, 100)).toThrow(ServerConfigError);
		expect(() => limitFromEnv({ LIMIT: raw }, 'LIMIT', 10, 1, 100)).toThrow(
			`LIMIT must be a whole number from 1 to 100 (got "${raw.trim()}").`,
		);
	});
});

describe('serverSettingsFromEnv', () => {
	it('has the documented defaults', () => {
		expect(serverSettingsFromEnv({})).toEqual({
			port: 4321,
			host: '127.0.0.1',
			trustedProxies: [],
			proxySecret: null,
			publicOrigin: null,
			headersTimeout: 10_000,
			requestTimeout: 30_000,
			maxConnections: 1_000,
			maxConnectionsPerAddress: 50,
			warnings: [],
		});
	});

	it('reads every variable', () => {
		expect(
			serverSettingsFromEnv({
				PORT: '8080',
				HOST: '::',
				TRUSTED_PROXIES: ' 127.0.0.1, ::1,10.1.0.0/16 ,, fd00::/8',
				PROXY_SECRET: ` ${SECRET} `,
				PUBLIC_ORIGIN: 'https://www.example.com',
				SERVER_HEADERS_TIMEOUT_MS: '2000',
				SERVER_REQUEST_TIMEOUT_MS: '5000',
				SERVER_MAX_CONNECTIONS: '7',
				SERVER_MAX_CONNECTIONS_PER_ADDRESS: '3',
			}),
		).toEqual({
			port: 8080,
			host: '::',
			trustedProxies: ['127.0.0.1', '::1', '10.1.0.0/16', 'fd00::/8'],
			proxySecret: SECRET,
			publicOrigin: 'https://www.example.com',
			headersTimeout: 2000,
			requestTimeout: 5000,
			maxConnections: 7,
			maxConnectionsPerAddress: 3,
			warnings: [],
		});
	});

	it('reads the older TRUST_PROXY=1 as the loopback only, and says so', () => {
		const settings = serverSettingsFromEnv({ TRUST_PROXY: 'Yes' });
		expect(settings.trustedProxies).toEqual(['127.0.0.1', '::1']);
		expect(settings.warnings).toEqual([expect.stringContaining('TRUSTED_PROXIES=127.0.0.1,::1')]);
		expect(serverSettingsFromEnv({ TRUST_PROXY: '0' })).toMatchObject({
			trustedProxies: [],
			warnings: [],
		});
		expect(serverSettingsFromEnv({ TRUST_PROXY: '1', TRUSTED_PROXIES: '192.0.2.1' })).toMatchObject(
			{
				trustedProxies: ['192.0.2.1'],
				warnings: [expect.stringContaining('TRUST_PROXY is ignored')],
			},
		);
	});

	it.each(['localhost', '1.2.3', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x'])(
		'refuses TRUSTED_PROXIES=%j, naming the entry',
		(entry) => {
			expect(() => serverSettingsFromEnv({ TRUSTED_PROXIES: `127.0.0.1,${entry}` })).toThrow(
				`TRUSTED_PROXIES must list IP addresses or ranges separated by commas, such as 127.0.0.1,::1 or 10.0.0.0/8 (got "${entry}").`,
			);
		},
	);

	it.each([
		['1', true],
		['true', true],
		['YES', true],
		['0', false],
		['no', false],
		['', false],
		[undefined, false],
	])('TRUST_PROXY %j -> %s', (value, expected) => {
		expect(isOn(value)).toBe(expected);
	});
});

describe('proxy settings', () => {
	it.each([
		['PROXY_SECRET', 'short', 'PROXY_SECRET must be at least 32 characters long.'],
		['PUBLIC_ORIGIN', 'https://www.example.com/', 'PUBLIC_ORIGIN must be an origin'],
		['PUBLIC_ORIGIN', 'ftp://example.com', 'PUBLIC_ORIGIN must be an origin'],
		['PUBLIC_ORIGIN', 'www.example.com', 'PUBLIC_ORIGIN must be an origin'],
	])('refuses %s=%j', (name, value, message) => {
		expect(() => serverSettingsFromEnv({ [name]: value })).toThrow(message);
	});
});

const SECRET = 's'.repeat(40);

describe('clientAddressOf', () => {
	const cdn = { 'x-visitor-ip': '203.0.113.7', 'x-vigorsport-proxy': SECRET };
	const nobody = proxyTrust({ proxySecret: SECRET, trustedProxies: [] });
	const local = proxyTrust({ proxySecret: SECRET, trustedProxies: ['127.0.0.1', '::1'] });
	const chain = proxyTrust({ proxySecret: SECRET, trustedProxies: ['127.0.0.1', '10.0.0.0/8'] });
	it.each([
		[{}, '10.0.0.1', nobody, '10.0.0.1'],
		[{}, undefined, nobody, 'unknown'],
		[{}, '::ffff:10.0.0.1', nobody, '10.0.0.1'],
		// X-Forwarded-For from a socket that is no trusted proxy: its own address.
		[{ 'x-forwarded-for': '1.1.1.1, 2.2.2.2' }, '10.0.0.1', nobody, '10.0.0.1'],
		[{ 'x-forwarded-for': '1.1.1.1, 2.2.2.2' }, '192.0.2.9', local, '192.0.2.9'],
		[{ 'x-forwarded-for': '1.1.1.1' }, '127.0.0.2', local, '127.0.0.2'],
		// From the local proxy: the entry it appended, whatever the client wrote before it.
		[{ 'x-forwarded-for': '1.1.1.1, 2.2.2.2 ' }, '127.0.0.1', local, '2.2.2.2'],
		[{ 'x-forwarded-for': '2.2.2.2' }, '::ffff:127.0.0.1', local, '2.2.2.2'],
		[{ 'x-forwarded-for': '2.2.2.2' }, '::1', local, '2.2.2.2'],
		[{ 'x-forwarded-for': '  ' }, '127.0.0.1', local, '127.0.0.1'],
		[{ 'x-forwarded-for': 'nonsense' }, '127.0.0.1', local, '127.0.0.1'],
		// Through two trusted hops: the nearest entry that is not one of them.
		[{ 'x-forwarded-for': '1.1.1.1, 2.2.2.2, 10.0.0.5' }, '127.0.0.1', chain, '2.2.2.2'],
		[{ 'x-forwarded-for': 'junk, 10.0.0.5' }, '127.0.0.1', chain, '10.0.0.5'],
		// The CDN's function, with the secret: the visitor's address.
		[cdn, '10.0.0.1', nobody, '203.0.113.7'],
		[{ ...cdn, 'x-forwarded-for': '9.9.9.9' }, '127.0.0.1', local, '203.0.113.7'],
		// Forged: no secret, a wrong one, or one that is a prefix of it.
		[{ 'x-visitor-ip': '203.0.113.7' }, '10.0.0.1', nobody, '10.0.0.1'],
		[
			{ 'cf-connecting-ip': '203.0.113.7', 'x-vigorsport-proxy': SECRET },
			'10.0.0.1',
			nobody,
			'10.0.0.1',
		],
		[{ ...cdn, 'x-vigorsport-proxy': 'wrong' }, '10.0.0.1', nobody, '10.0.0.1'],
		[{ ...cdn, 'x-vigorsport-proxy': SECRET.slice(1) }, '10.0.0.1', nobody, '10.0.0.1'],
		[{ ...cdn, 'x-visitor-ip': ' ' }, '10.0.0.1', nobody, '10.0.0.1'],
	])('%j from %s -> %s', (headers, socket, trust, expected) => {
		expect(clientAddressOf(headers, socket, trust)).toBe(expected);
	});

	it('trusts no X-Visitor-IP when the server has no secret', () => {
		const headers = { 'x-visitor-ip': '203.0.113.7', 'x-vigorsport-proxy': '' };
		const trust = proxyTrust({ proxySecret: null, trustedProxies: [] });
		expect(clientAddressOf(headers, '10.0.0.1', trust)).toBe('10.0.0.1');
		expect(isSecret('', null)).toBe(false);
		expect(isSecret(['a', 'b'], SECRET)).toBe(false);
	});
});

describe('the watch on the CDN secret', () => {
	function watch(secret: string | null) {
		let clock = 1_000_000;
		const lines: string[] = [];
		const w = createSecretWatch(
			secret,
			(line) => lines.push(line),
			() => clock,
		);
		return { w, lines, tick: (ms: number) => (clock += ms) };
	}
	const wrong = { 'x-vigorsport-proxy': 'x'.repeat(40) };
	const right = { 'x-vigorsport-proxy': SECRET };

	it('reports a wrong secret until the window ends or the right one comes; logs once a minute', () => {
		const { w, lines, tick } = watch(SECRET);
		w.observe({});
		w.observe(right);
		expect(w.mismatch()).toBe(false);
		for (let i = 0; i < 5; i++) w.observe(wrong);
		expect(w.mismatch()).toBe(true);
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatch(/^proxy-secret-mismatch: 1 requests carried a wrong CDN secret/);
		expect(lines[0]).not.toContain('x'.repeat(40));
		tick(59_999);
		w.observe(wrong);
		expect(lines).toHaveLength(1);
		tick(1);
		w.observe(wrong);
		expect(lines).toHaveLength(2);
		expect(lines[1]).toMatch(/^proxy-secret-mismatch: 6 requests/);
		tick(SECRET_MISMATCH_WINDOW_MS - 1);
		expect(w.mismatch()).toBe(true);
		tick(1);
		expect(w.mismatch()).toBe(false);
		w.observe(wrong);
		tick(1);
		w.observe(right);
		expect(w.mismatch()).toBe(false);
	});

	it('takes any secret as wrong when the server has none', () => {
		const { w, lines } = watch(null);
		w.observe(right);
		expect(w.mismatch()).toBe(true);
		expect(lines[0]).toContain('PROXY_SECRET is not set on this server');
	});
});

describe('request targets', () => {
	it.each([
		['/', '/', ''],
		['/prodotti?ordina=prezzo', '/prodotti', '?ordina=prezzo'],
		['/a?b?c', '/a', '?b?c'],
		['/x?', '/x', '?'],
	])('splitTarget(%j)', (url, rawPath, search) => {
		expect(splitTarget(url)).toEqual({ rawPath, search });
	});

	it.each([
		['/', null],
		['/x', null],
		['/x/', '/x'],
		['/x///', '/x'],
		['//', '/'],
		['/a/b/', '/a/b'],
	])('withoutTrailingSlash(%j) -> %j', (path, expected) => {
		expect(withoutTrailingSlash(path)).toBe(expected);
	});

	it.each([
		['/prodotti', '/prodotti'],
		['//evil.example', '/evil.example'],
		['/\\evil.example', '/evil.example'],
		['\\\\/evil', '/evil'],
	])('safeLocation(%j) -> %j', (target, expected) => {
		expect(safeLocation(target)).toBe(expected);
	});
});

describe('static files', () => {
	const files = new Set([
		'/index.html',
		'/prodotti.html',
		'/prodotti/index.html',
		'/a.txt',
		'/b/index',
	]);

	it.each([
		['/', '/index.html'],
		['/prodotti', '/prodotti.html'],
		['/prodotti/', null],
		['/a.txt', '/a.txt'],
		['/b', '/b/index'],
		['/missing', null],
	])('resolveFile(%j) -> %j', (path, expected) => {
		expect(resolveFile(files, path)).toBe(expected);
	});

	it.each([
		['/_redirects', true],
		['/_headers', true],
		['/.env', true],
		['/a/.git/config', true],
		['/.well-known/security.txt', false],
		['/index.html', false],
	])('isHiddenFile(%j) -> %s', (path, expected) => {
		expect(isHiddenFile(path)).toBe(expected);
	});

	const date = 'Wed, 25 Nov 2026 10:00:00 GMT';
	const seconds = Date.parse(date) / 1000;
	it.each([
		[{ 'if-modified-since': date }, seconds, true],
		[{ 'if-modified-since': date }, seconds - 1, true],
		[{ 'if-modified-since': date }, seconds + 1, false],
		[{ 'if-modified-since': date }, undefined, false],
		[{ 'if-modified-since': 'not a date' }, seconds, false],
		[{ 'if-modified-since': date, 'if-none-match': '"x"' }, seconds, false],
		[{}, seconds, false],
	])('notModifiedSince(%j, %s) -> %s', (headers, modified, expected) => {
		expect(notModifiedSince(headers, modified)).toBe(expected);
	});
});

describe('not-found pages', () => {
	const sections = new Map([
		['/prodotti', 'products'],
		['/prodotti/proteine', 'proteins'],
	]);

	it.each([
		['/nope', 'root'],
		['/prodotti/nope', 'products'],
		['/prodotti/proteine/nope', 'proteins'],
		['/prodotti/proteine/a/b', 'proteins'],
		['/prodotti', 'root'],
		['/altro/prodotti/x', 'root'],
	])('%j -> %s', (path, expected) => {
		expect(notFoundPageFor(sections, 'root', path)).toBe(expected);
	});

	it('finds the sections with their own 404.html', () => {
		expect(sectionFolders(['/404.html', '/prodotti/404.html', '/a/b/404.html', '/x.html'])).toEqual(
			['/prodotti', '/a/b'],
		);
	});
});

describe('chooseEncoding', () => {
	it.each([
		[undefined, ['br', 'gzip'], undefined],
		['', ['br', 'gzip'], undefined],
		['br', ['br', 'gzip'], 'br'],
		['gzip, deflate, br', ['br', 'gzip'], 'br'],
		['gzip', ['br', 'gzip'], 'gzip'],
		['br;q=0, gzip', ['br', 'gzip'], 'gzip'],
		['BR;Q=0.5', ['br', 'gzip'], 'br'],
		['*', ['br', 'gzip'], 'br'],
		['*, br;q=0', ['br', 'gzip'], 'gzip'],
		['gzip;q=0', ['br', 'gzip'], undefined],
		['br', ['gzip'], undefined],
		['identity', ['br', 'gzip'], undefined],
	] as const)('%j of %j -> %j', (accept, available, expected) => {
		expect(chooseEncoding(accept, available)).toBe(expected);
	});
});

describe('isNotFoundFile', () => {
	it.each([
		['/404.html', true],
		['/prodotti/404.html', true],
		['/prodotti/x404.html', false],
		['/404', false],
		['/negozi.html', false],
	])('%j -> %j', (file, expected) => {
		expect(isNotFoundFile(file)).toBe(expected);
	});
});

describe('answers written to the socket', () => {
	it.each([
		['HPE_INVALID_METHOD', 405],
		['ERR_HTTP_REQUEST_TIMEOUT', 408],
		['HPE_HEADER_OVERFLOW', 431],
		['HPE_INVALID_HEADER_TOKEN', 400],
		[undefined, 400],
	])('%j -> %d with an Italian JSON error', (code, status) => {
		const answer = clientErrorAnswer(code);
		expect(answer.status).toBe(status);
		expect(JSON.parse(answer.body)).toHaveProperty('error');
	});

	it('carries the security headers, an exact length and closes', () => {
		const text = rawAnswer(clientErrorAnswer('HPE_INVALID_METHOD'), [['X-Frame-Options', 'DENY']]);
		const [head = '', body] = text.split('\r\n\r\n');
		expect(head.split('\r\n')).toEqual([
			'HTTP/1.1 405 Method Not Allowed',
			'X-Frame-Options: DENY',
			'Content-Type: application/json; charset=utf-8',
			`Content-Length: ${Buffer.byteLength(body ?? '')}`,
			'Cache-Control: no-store',
			'Allow: GET, HEAD',
			'Connection: close',
		]);
		expect(JSON.parse(body ?? '')).toEqual({ error: 'Metodo non consentito' });
	});
});
