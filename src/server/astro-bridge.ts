/**
 * The bridge to Astro: on-demand routes (POST /api/contact) go to the handler of Astro's node
 * adapter (dist/server/entry.mjs, middleware mode), compressed, with `locals.services` (the
 * services of this process, by thing: src/server/services/index.ts), `locals.clientAddress` and
 * `locals.publicOrigin`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROXY_SECRET_HEADER, VISITOR_IP_HEADER } from '../lib/http/proxy';
import type { AnswerControl } from './answer-headers';
import type { Services } from './services';

/** The handler that dist/server/entry.mjs exports in middleware mode. */
export type AstroHandler = (
	req: IncomingMessage,
	res: ServerResponse,
	next: undefined,
	locals: App.Locals,
) => unknown;

/** Which proxies the server believes about the visitor's address. */
export interface ProxyTrust {
	/** Behind exactly one reverse proxy that appends to X-Forwarded-For (TRUST_PROXY). */
	trustProxy: boolean;
	/** The CDN function's shared secret (PROXY_SECRET), or null. */
	proxySecret: string | null;
}

/**
 * Whether a header value is the secret. Both sides are hashed first, so the comparison takes the
 * same time whatever the value's length and however much of it matches.
 */
export function isSecret(value: string | string[] | undefined, secret: string | null): boolean {
	if (secret === null || typeof value !== 'string') return false;
	const digest = (text: string) => createHash('sha256').update(text).digest();
	return timingSafeEqual(digest(value), digest(secret));
}

/**
 * The visitor's address: the one the CDN's function passes on (CF-Connecting-IP at Cloudflare's
 * edge, X-Visitor-IP here), from a request with the secret;
 * else the one our reverse proxy appended (TRUST_PROXY); else the socket's. A forged header on
 * a request without the secret is ignored, so it is counted under its own address.
 */
export function clientAddressOf(
	headers: IncomingMessage['headers'],
	socketAddress: string | undefined,
	trust: ProxyTrust,
): string {
	const connecting = headers[VISITOR_IP_HEADER];
	if (
		typeof connecting === 'string' &&
		connecting.trim() !== '' &&
		isSecret(headers[PROXY_SECRET_HEADER], trust.proxySecret)
	) {
		return connecting.trim();
	}
	const forwarded = headers['x-forwarded-for'];
	if (trust.trustProxy && typeof forwarded === 'string' && forwarded.trim() !== '') {
		return (forwarded.split(',').at(-1) ?? '').trim();
	}
	return socketAddress ?? 'unknown';
}

/** The compression middleware (typed for Node's own request and answer). */
export type Compress = (
	req: IncomingMessage,
	res: ServerResponse,
	next: (error?: unknown) => void,
) => void;

/** Passes a request on to Astro. */
export type ToAstro = (req: IncomingMessage, res: ServerResponse, answer: AnswerControl) => void;

export function createAstroBridge(
	astroHandler: AstroHandler,
	compress: Compress,
	services: Services,
	trust: ProxyTrust,
	publicOrigin: string | null = null,
): ToAstro {
	return (req, res, answer) => {
		answer.bareErrorsAsJson = true;
		compress(req, res, (error?: unknown) => {
			if (error)
				throw error instanceof Error ? error : new Error('Compression failed', { cause: error });
			const clientAddress = clientAddressOf(req.headers, req.socket.remoteAddress, trust);
			// The secret goes no further than this check.
			delete req.headers[PROXY_SECRET_HEADER];
			astroHandler(req, res, undefined, { services, clientAddress, publicOrigin });
		});
	};
}
