// @ts-check
// The HTTP/2-over-TLS front of `npm run bench` (scripts/bench.mjs): the site as a CDN serves it.
// Browsers speak HTTP/2 only over TLS, and Lighthouse's simulation models each transport as the
// browser used it (docs/performance.md, "What the simulation charges"): over HTTP/1.1 six
// connections per origin, only the document's warm; over HTTP/2 one warm connection for every
// request. A plain http:// loopback server can only give the first, so the bench puts this front
// before the site's server and before the floor page alike, with a certificate made for the run
// and trusted only by the bench's Chromium (by its key's hash, `chromiumFlag`).
import { X509Certificate, createHash } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { constants, createSecureServer } from 'node:http2';
import { generate } from 'selfsigned';

/**
 * @typedef {object} Certificate
 * @property {string} key   PEM private key
 * @property {string} cert  PEM certificate
 * @property {string} spki  base64 SHA-256 of the certificate's public key (SPKI)
 */

/**
 * A throwaway certificate for 127.0.0.1, valid for a day: made at each run, never written to
 * disk, trusted by no browser but the bench's.
 * @returns {Promise<Certificate>}
 */
export async function throwawayCertificate() {
	const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
		keyType: 'ec',
		curve: 'P-256',
		notAfterDate: new Date(Date.now() + 86_400_000),
		extensions: [
			{
				name: 'subjectAltName',
				altNames: [
					{ type: 7, ip: '127.0.0.1' },
					{ type: 2, value: 'localhost' },
				],
			},
		],
	});
	const publicKey = new X509Certificate(pems.cert).publicKey.export({
		type: 'spki',
		format: 'der',
	});
	return {
		key: pems.private,
		cert: pems.cert,
		spki: createHash('sha256').update(publicKey).digest('base64'),
	};
}

/**
 * The Chromium flag that trusts this certificate, and no other broken one (Chromium honours it
 * with a profile folder of its own, which chrome-launcher always gives).
 * @param {Certificate} certificate
 */
export const chromiumFlag = (certificate) =>
	`--ignore-certificate-errors-spki-list=${certificate.spki}`;

/** Headers of HTTP/1.1 connections that HTTP/2 forbids (RFC 9113, 8.2.2). */
const HOP_BY_HOP = new Set([
	'connection',
	'keep-alive',
	'proxy-connection',
	'transfer-encoding',
	'upgrade',
	'http2-settings',
	'host',
]);

/**
 * Serves `target` (an http:// origin) over HTTP/2 with TLS on a loopback port (0: one the system
 * picks): every stream becomes one request to the target, over kept-alive connections, and its
 * answer is passed on as it comes, compressed or not as the target chose.
 * @param {{ target: string, certificate: Certificate, port?: number }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export function serveOverHttp2({ target, certificate, port = 0 }) {
	const origin = new URL(target);
	const agent = new Agent({ keepAlive: true });
	const server = createSecureServer({ key: certificate.key, cert: certificate.cert });
	server.on('stream', (stream, headers) => {
		/** @type {Record<string, string | string[]>} */
		const forwarded = {};
		for (const [name, value] of Object.entries(headers)) {
			if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue;
			forwarded[name] = value;
		}
		forwarded.host = String(headers[constants.HTTP2_HEADER_AUTHORITY] ?? origin.host);
		const upstream = httpRequest(
			{
				host: origin.hostname,
				port: origin.port,
				agent,
				method: String(headers[constants.HTTP2_HEADER_METHOD] ?? 'GET'),
				path: String(headers[constants.HTTP2_HEADER_PATH] ?? '/'),
				headers: forwarded,
			},
			(answer) => {
				/** @type {Record<string, string | string[] | number>} */
				const back = { [constants.HTTP2_HEADER_STATUS]: answer.statusCode ?? 502 };
				for (const [name, value] of Object.entries(answer.headers)) {
					if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
				}
				if (stream.destroyed) {
					answer.resume();
					return;
				}
				stream.respond(back);
				answer.pipe(stream);
			},
		);
		upstream.on('error', () => {
			if (!stream.headersSent && !stream.destroyed) stream.respond({ ':status': 502 });
			stream.end();
		});
		stream.on('error', () => upstream.destroy());
		stream.pipe(upstream);
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => {
			const address = server.address();
			const chosen = typeof address === 'object' && address ? address.port : 0;
			resolve({
				url: `https://127.0.0.1:${chosen}`,
				stop: () =>
					new Promise((done) => {
						agent.destroy();
						server.close(() => done());
						// Chromium keeps its HTTP/2 sessions open: close them, or close() waits for it.
						for (const session of sessions) session.destroy();
					}),
			});
		});
		/** @type {Set<import('node:http2').ServerHttp2Session>} */
		const sessions = new Set();
		server.on('session', (session) => {
			sessions.add(session);
			session.once('close', () => sessions.delete(session));
		});
	});
}
