import { describe, expect, it } from 'vitest';
import { clientAddressOf, isSecret } from '../../src/server/astro-bridge';
import { isOn, limitFromEnv, ServerConfigError, serverSettingsFromEnv } from '../../src/server/env';
import { splitTarget, withoutTrailingSlash } from '../../src/server/handler';
import {
	chooseEncoding,
	isNotFoundFile,
	notFoundPageFor,
	sectionFolders,
} from '../../src/server/not-found';
import { clientErrorAnswer, rawAnswer, safeLocation } from '../../src/server/responses';
import { isHiddenFile, notModifiedSince, resolveFile } from '../../src/server/static-files';

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
			trustProxy: false,
			proxySecret: null,
			publicOrigin: null,
			headersTimeout: 10_000,
			requestTimeout: 30_000,
			maxConnections: 1_000,
		});
	});

	it('reads every variable', () => {
		expect(
			serverSettingsFromEnv({
				PORT: '8080',
				HOST: '::',
				TRUST_PROXY: 'Yes',
				PROXY_SECRET: ` ${SECRET} `,
				PUBLIC_ORIGIN: 'https://www.example.com',
				SERVER_HEADERS_TIMEOUT_MS: '2000',
				SERVER_REQUEST_TIMEOUT_MS: '5000',
				SERVER_MAX_CONNECTIONS: '7',
			}),
		).toEqual({
			port: 8080,
			host: '::',
			trustProxy: true,
			proxySecret: SECRET,
			publicOrigin: 'https://www.example.com',
			headersTimeout: 2000,
			requestTimeout: 5000,
			maxConnections: 7,
		});
	});

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
	it.each([
		[{}, '10.0.0.1', false, '10.0.0.1'],
		[{}, undefined, false, 'unknown'],
		[{ 'x-forwarded-for': '1.1.1.1, 2.2.2.2' }, '10.0.0.1', false, '10.0.0.1'],
		[{ 'x-forwarded-for': '1.1.1.1, 2.2.2.2 ' }, '10.0.0.1', true, '2.2.2.2'],
		[{ 'x-forwarded-for': '  ' }, '10.0.0.1', true, '10.0.0.1'],
		// The CDN's function, with the secret: the visitor's address.
		[cdn, '10.0.0.1', false, '203.0.113.7'],
		[{ ...cdn, 'x-forwarded-for': '9.9.9.9' }, '10.0.0.1', true, '203.0.113.7'],
		// Forged: no secret, a wrong one, or one that is a prefix of it.
		[{ 'x-visitor-ip': '203.0.113.7' }, '10.0.0.1', false, '10.0.0.1'],
		[
			{ 'cf-connecting-ip': '203.0.113.7', 'x-vigorsport-proxy': SECRET },
			'10.0.0.1',
			false,
			'10.0.0.1',
		],
		[{ ...cdn, 'x-vigorsport-proxy': 'wrong' }, '10.0.0.1', false, '10.0.0.1'],
		[{ ...cdn, 'x-vigorsport-proxy': SECRET.slice(1) }, '10.0.0.1', false, '10.0.0.1'],
		[{ ...cdn, 'x-visitor-ip': ' ' }, '10.0.0.1', false, '10.0.0.1'],
	])('%j from %s (trust %s) -> %s', (headers, socket, trustProxy, expected) => {
		expect(clientAddressOf(headers, socket, { trustProxy, proxySecret: SECRET })).toBe(expected);
	});

	it('trusts no X-Visitor-IP when the server has no secret', () => {
		const headers = { 'x-visitor-ip': '203.0.113.7', 'x-vigorsport-proxy': '' };
		expect(clientAddressOf(headers, '10.0.0.1', { trustProxy: false, proxySecret: null })).toBe(
			'10.0.0.1',
		);
		expect(isSecret('', null)).toBe(false);
		expect(isSecret(['a', 'b'], SECRET)).toBe(false);
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
