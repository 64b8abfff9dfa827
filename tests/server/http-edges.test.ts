import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { tempDatabase } from './helpers/contact';

/**
 * The static server's edges, over raw sockets (docs/security.md): methods Astro cannot take and
 * methods HTTP does not know, not-found pages and their HEAD, byte ranges, conditional requests by
 * date, slow clients and the connection cap. The built server
 * runs in simulation mode with short limits set through the environment.
 */

const db = tempDatabase();
let server: RunningServer;

beforeAll(async () => {
	server = await startServer({
		env: {
			CONTACT_DB_PATH: db.dbPath,
			SMTP_HOST: '',
			SERVER_HEADERS_TIMEOUT_MS: '1000',
			SERVER_REQUEST_TIMEOUT_MS: '2000',
			SERVER_MAX_CONNECTIONS: '8',
		},
	});
}, 60_000);

afterAll(async () => {
	await server.stop();
	db.remove();
});

/** A parsed HTTP/1.1 answer read off a socket. */
interface Answer {
	status: number;
	headers: Map<string, string>;
	body: Buffer;
}

/** Opens a raw connection to the server. */
function open(): Promise<Socket> {
	return new Promise((resolve, reject) => {
		const socket = connect(server.port, '127.0.0.1', () => resolve(socket));
		socket.once('error', reject);
	});
}

/** Everything the server writes until it closes the connection. */
function readUntilClosed(socket: Socket): Promise<Buffer> {
	return new Promise((resolve) => {
		const chunks: Buffer[] = [];
		socket.on('data', (chunk: Buffer) => chunks.push(chunk));
		socket.on('error', () => undefined);
		socket.once('close', () => resolve(Buffer.concat(chunks)));
	});
}

/**
 * Splits the bytes of pipelined answers by their own Content-Length (as a client reusing the
 * connection would). An answer without a length takes the rest.
 */
function parseAnswers(bytes: Buffer, headRequests: boolean[] = []): Answer[] {
	const answers: Answer[] = [];
	let offset = 0;
	while (offset < bytes.length) {
		const headEnd = bytes.indexOf('\r\n\r\n', offset);
		if (headEnd === -1) throw new Error(`Truncated head: ${bytes.subarray(offset).toString()}`);
		const [statusLine = '', ...lines] = bytes.subarray(offset, headEnd).toString().split('\r\n');
		const headers = new Map(
			lines.map((line) => {
				const colon = line.indexOf(':');
				return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
			}),
		);
		const status = Number(statusLine.split(' ')[1]);
		const bodyStart = headEnd + 4;
		const noBody = headRequests[answers.length] === true || status === 304 || status === 204;
		const length = noBody ? 0 : Number(headers.get('content-length') ?? bytes.length - bodyStart);
		answers.push({ status, headers, body: bytes.subarray(bodyStart, bodyStart + length) });
		offset = bodyStart + length;
	}
	return answers;
}

/** Sends raw request bytes on one connection and parses every answer until it closes. */
async function exchange(requests: string, headRequests: boolean[] = []): Promise<Answer[]> {
	const socket = await open();
	const closed = readUntilClosed(socket);
	socket.write(requests);
	return parseAnswers(await closed, headRequests);
}

/** The headers every answer carries, whoever writes it (the server or its socket). */
function expectSecurityHeaders(answer: Answer) {
	expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
	expect(answer.headers.get('x-frame-options')).toBe('DENY');
	expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
	expect(answer.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
}

const get = (path: string, extra = '', close = false) =>
	`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}${close ? 'Connection: close\r\n' : ''}\r\n`;

describe('methods that never reach Astro', () => {
	it.each([
		['TRACE', '/non-esiste'],
		['TRACE', '/api/contact'],
		['TRACE', '/api/qualcosa'],
		['TRACE', '/'],
	])(
		'%s %s answers 405 with an exact length, and the connection stays usable',
		async (method, path) => {
			const answers = await exchange(
				`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n` + get('/robots.txt', '', true),
			);
			expect(answers.map((answer) => answer.status)).toEqual([405, 200]);
			const [refused, next] = answers as [Answer, Answer];
			expect(JSON.parse(refused.body.toString())).toEqual({ error: 'Metodo non consentito' });
			expect(refused.headers.get('allow')).toBe('GET, HEAD');
			// The second answer on the same connection is whole: the first announced its real
			// length.
			expect(next.body.toString()).toContain('User-agent');
		},
	);

	it.each(['TRACK', 'FOO'])(
		'%s, unknown to HTTP, answers a JSON 405 in Italian with the security headers, then closes',
		async (method) => {
			const answers = await exchange(
				`${method} /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n` + get('/robots.txt', '', true),
			);
			expect(answers.map((answer) => answer.status)).toEqual([405]);
			const [refused] = answers as [Answer];
			expect(JSON.parse(refused.body.toString())).toEqual({ error: 'Metodo non consentito' });
			expect(refused.headers.get('content-type')).toBe('application/json; charset=utf-8');
			expect(refused.headers.get('allow')).toBe('GET, HEAD');
			expect(refused.headers.get('connection')).toBe('close');
			expectSecurityHeaders(refused);
		},
	);

	it('headers too large answer a JSON 431 with the security headers', async () => {
		const [answer, ...rest] = await exchange(get('/', `X-Grande: ${'a'.repeat(20_000)}\r\n`, true));
		expect(answer?.status).toBe(431);
		expect(JSON.parse(answer?.body.toString() ?? '')).toHaveProperty('error');
		expectSecurityHeaders(answer!);
		expect(rest).toEqual([]);
	});

	it('CONNECT answers 405 and closes the connection', async () => {
		const [answer, ...rest] = await exchange(
			'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n',
		);
		expect(answer?.status).toBe(405);
		expect(JSON.parse(answer?.body.toString() ?? '')).toEqual({ error: 'Metodo non consentito' });
		expectSecurityHeaders(answer!);
		expect(rest).toEqual([]);
	});

	it('logs no stack trace for them', () => {
		expect(server.output()).not.toMatch(/\n\s+at /);
		expect(server.output()).not.toContain('Error answering');
	});
});

describe('not-found pages', () => {
	it.each(['/404', '/404.html', '/prodotti/404', '/prodotti/404.html'])(
		'%s, the not-found page by its own address, answers 404',
		async (path) => {
			const [answer] = await exchange(get(path, '', true));
			expect(answer?.status).toBe(404);
			expect(answer?.body.toString()).toContain('<html');
		},
	);

	it.each([
		['br', 'br'],
		['gzip', 'gzip'],
		['gzip, deflate, br', 'br'],
		['br;q=0, gzip', 'gzip'],
		['identity', undefined],
	])(
		'HEAD of a 404 with Accept-Encoding %j announces the length and encoding of its GET',
		async (accept, encoding) => {
			const headers = `Accept-Encoding: ${accept}\r\n`;
			const [got] = await exchange(get('/non-esiste', headers, true));
			const [head] = await exchange(
				`HEAD /non-esiste HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`,
				[true],
			);
			expect([got?.status, head?.status]).toEqual([404, 404]);
			expect(got?.headers.get('content-encoding')).toBe(encoding);
			expect(head?.headers.get('content-encoding')).toBe(encoding);
			expect(Number(got?.headers.get('content-length'))).toBe(got?.body.length);
			expect(head?.headers.get('content-length')).toBe(got?.headers.get('content-length'));
			expect(head?.body.length).toBe(0);
		},
	);
});

describe('byte ranges are ignored: the whole file, never a wrong slice', () => {
	it.each(['bytes=-10', 'bytes=abc', 'bytes=50-10', 'bytes=0-5,10-20', 'bytes=999999999-'])(
		'Range: %s answers 200 with the whole file and no Accept-Ranges',
		async (range) => {
			const [whole] = await exchange(get('/robots.txt', '', true));
			const answers = await exchange(get('/robots.txt', `Range: ${range}\r\n`, true));
			expect(answers.map((answer) => answer.status)).toEqual([200]);
			expect(answers[0]?.headers.has('accept-ranges')).toBe(false);
			expect(answers[0]?.headers.has('content-range')).toBe(false);
			expect(answers[0]?.body.equals(whole?.body ?? Buffer.alloc(0))).toBe(true);
		},
	);

	it('a range with its start after its end keeps the connection alive for the next request', async () => {
		const answers = await exchange(
			get('/robots.txt', 'Range: bytes=50-10\r\n') + get('/robots.txt', '', true),
		);
		expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
	});
});

describe('conditional requests by date', () => {
	it('If-Modified-Since at the Last-Modified date answers 304, an older date 200', async () => {
		const [first] = await exchange(get('/prodotti', '', true));
		const lastModified = first?.headers.get('last-modified') ?? '';
		expect(Date.parse(lastModified)).not.toBeNaN();

		const [same] = await exchange(get('/prodotti', `If-Modified-Since: ${lastModified}\r\n`, true));
		expect(same?.status).toBe(304);
		expect(same?.body.length).toBe(0);

		const older = new Date(Date.parse(lastModified) - 86_400_000).toUTCString();
		const [changed] = await exchange(get('/prodotti', `If-Modified-Since: ${older}\r\n`, true));
		expect(changed?.status).toBe(200);

		// If-None-Match wins over the date (RFC 9110 §13.1.3): a wrong ETag gets the page.
		const [etagWins] = await exchange(
			get('/prodotti', `If-Modified-Since: ${lastModified}\r\nIf-None-Match: "altro"\r\n`, true),
		);
		expect(etagWins?.status).toBe(200);
	});

	it('an unreadable date is ignored', async () => {
		const [answer] = await exchange(get('/prodotti', 'If-Modified-Since: ieri\r\n', true));
		expect(answer?.status).toBe(200);
	});
});

describe('slow clients and the connection cap', () => {
	it('a client that never finishes its headers gets 408 and is disconnected', async () => {
		const socket = await open();
		const closed = readUntilClosed(socket);
		socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lento: ');
		const bytes = await closed;
		expect(bytes.toString()).toMatch(/^HTTP\/1\.1 408 /);
	});

	it('connections past the cap are refused while the others are open', async () => {
		// Eight kept-alive connections, each known to the server: it has answered on each.
		const held = await Promise.all(
			Array.from({ length: 8 }, async () => {
				const socket = await open();
				const answered = new Promise((resolve) => socket.once('data', resolve));
				socket.write(get('/robots.txt'));
				await answered;
				return socket;
			}),
		);
		try {
			const extra = await open();
			const bytes = await readUntilClosed(extra);
			expect(bytes.length).toBe(0);
		} finally {
			for (const socket of held) socket.destroy();
		}
		// Once the server has seen them close, it answers again.
		let answers: Answer[] = [];
		while (answers[0]?.status !== 200) answers = await exchange(get('/robots.txt', '', true));
		expect(answers[0]?.body.toString()).toContain('User-agent');
	});
});
