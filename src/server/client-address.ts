/**
 * Who is asking: the client's address for the rate limits and the stored sender address, and
 * the watch on the CDN's shared secret.
 *
 * An address a request names in a header is believed only from a hop this server trusts: the
 * CDN's function, which proves itself with PROXY_SECRET (src/lib/http/proxy.ts), or a proxy
 * whose own address is listed in TRUSTED_PROXIES (nginx or Caddy on this machine). Anyone else,
 * whatever headers they send, is the address of their socket: a client that reaches the port
 * directly cannot pose as another visitor.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { PROXY_SECRET_HEADER, VISITOR_IP_HEADER } from '../lib/http/proxy';

/**
 * Whether a header value is the secret. Both sides are hashed first, so the comparison takes the
 * same time whatever the value's length and however much of it matches.
 */
export function isSecret(value: string | string[] | undefined, secret: string | null): boolean {
	if (secret === null || typeof value !== 'string') return false;
	const digest = (text: string) => createHash('sha256').update(text).digest();
	return timingSafeEqual(digest(value), digest(secret));
}

/** An IPv4 address as a dual-stack socket reports it (`::ffff:10.0.0.1`) is that IPv4 address. */
export function plainAddress(address: string): string {
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
	return mapped?.[1] ?? address;
}

/** The proxies this server believes about the client's address. */
export interface ProxyTrust {
	/** The CDN function's shared secret (PROXY_SECRET), or null. */
	proxySecret: string | null;
	/** Whether a socket's address is one of TRUSTED_PROXIES. */
	isTrustedProxy: (address: string | undefined) => boolean;
}

/** The trust of the settings: the secret, and TRUSTED_PROXIES' addresses and ranges. */
export function proxyTrust(settings: {
	proxySecret: string | null;
	trustedProxies: readonly string[];
}): ProxyTrust {
	const list = new BlockList();
	for (const entry of settings.trustedProxies) {
		const [address = '', bits] = entry.split('/');
		const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
		if (bits === undefined) list.addAddress(address, type);
		else list.addSubnet(address, Number(bits), type);
	}
	const none = settings.trustedProxies.length === 0;
	return {
		proxySecret: settings.proxySecret,
		isTrustedProxy: (address) => {
			if (none || !address) return false;
			const plain = plainAddress(address);
			const family = isIP(plain);
			return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
		},
	};
}

/**
 * The client's address: the one the CDN's function passes on (CF-Connecting-IP at Cloudflare's
 * edge, X-Visitor-IP here), from a request with the secret; else, when the socket is a trusted
 * proxy, the nearest X-Forwarded-For entry that is not one (entries further left were written by
 * whoever the proxies heard, and are believed only through trusted hops); else the socket's.
 */
export function clientAddressOf(
	headers: IncomingHttpHeaders,
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
	const socket = socketAddress === undefined ? 'unknown' : plainAddress(socketAddress);
	const forwarded = headers['x-forwarded-for'];
	if (typeof forwarded !== 'string' || !trust.isTrustedProxy(socketAddress)) return socket;
	let client = socket;
	for (const entry of forwarded.split(',').reverse()) {
		const address = plainAddress(entry.trim());
		if (isIP(address) === 0) break;
		client = address;
		if (!trust.isTrustedProxy(address)) break;
	}
	return client;
}

/** How long a request with a wrong secret keeps the health check failing. */
export const SECRET_MISMATCH_WINDOW_MS = 10 * 60_000;
/** At most one log line in this time about wrong secrets. */
export const SECRET_MISMATCH_LOG_EVERY_MS = 60_000;

/**
 * The watch on the CDN's secret. A request that carries the secret header with another value
 * (or any value, when this server has no PROXY_SECRET) means the CDN and this server do not
 * share the secret: every visitor then counts under the CDN's address, and one rate limit
 * serves the whole site. `mismatch()` is true while such a request was seen within the last
 * SECRET_MISMATCH_WINDOW_MS and no request with the right secret came after it (a forged request
 * sent straight to the port is then undone by the CDN's next one); the log says it at most once
 * a minute, with how many came since the last line.
 */
export function createSecretWatch(
	secret: string | null,
	warn: (message: string) => void,
	now: () => number = Date.now,
) {
	let lastWrong: number | null = null;
	/** Whether the latest request with the header had a wrong secret. */
	let wrongLast = false;
	let lastLogged: number | null = null;
	let unlogged = 0;
	return {
		/** Looks at one request's headers. */
		observe(headers: IncomingHttpHeaders): void {
			const value = headers[PROXY_SECRET_HEADER];
			if (value === undefined) return;
			if (isSecret(value, secret)) {
				wrongLast = false;
				return;
			}
			wrongLast = true;
			lastWrong = now();
			unlogged += 1;
			if (lastLogged === null || lastWrong - lastLogged >= SECRET_MISMATCH_LOG_EVERY_MS) {
				warn(
					secret === null
						? `proxy-secret-mismatch: ${unlogged} requests carried the CDN's secret, but PROXY_SECRET is not set on this server: visitors are counted under the CDN's address. Set the same PROXY_SECRET on both sides.`
						: `proxy-secret-mismatch: ${unlogged} requests carried a wrong CDN secret: visitors are counted under the CDN's address. Set the same PROXY_SECRET on both sides.`,
				);
				lastLogged = lastWrong;
				unlogged = 0;
			}
		},
		/** Whether the health check reports proxy-secret-mismatch. */
		mismatch(): boolean {
			return wrongLast && lastWrong !== null && now() - lastWrong < SECRET_MISMATCH_WINDOW_MS;
		},
	};
}

export type SecretWatch = ReturnType<typeof createSecretWatch>;
