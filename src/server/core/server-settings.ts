/**
 * The server's settings from the environment: PORT (4321), HOST (127.0.0.1), TRUSTED_PROXIES
 * (and the older TRUST_PROXY), PROXY_SECRET, PUBLIC_ORIGIN, and the limits on slow clients and
 * open connections. Pure, so tests can give any environment; a bad value throws a
 * ServerConfigError whose message the entry prints before stopping.
 */
import { isIP } from 'node:net';
import { MIN_PROXY_SECRET_LENGTH } from '../../lib/http/proxy';

/** A variable that cannot be used; its message says which and why. */
export class ServerConfigError extends Error {}

/** The environment as Node gives it. */
export type Env = Readonly<Record<string, string | undefined>>;

export interface ServerSettings {
	port: number;
	host: string;
	/**
	 * The addresses (or ranges, `10.0.0.0/8`) of the proxies in front of this server whose
	 * X-Forwarded-For is believed, and whose connections the per-address cap leaves alone: the
	 * local nginx or Caddy, `127.0.0.1` and `::1`. Empty: no proxy is believed.
	 */
	trustedProxies: readonly string[];
	/**
	 * The secret the CDN's function sends in every request it forwards (src/lib/http/proxy.ts):
	 * only a request carrying it may name the visitor's address in CF-Connecting-IP. Null: unset.
	 */
	proxySecret: string | null;
	/**
	 * The address visitors use (https://www.vigorsport.it, or the CDN's local port under
	 * `npm run preview:cdn`), allowed as Origin besides the build's SITE_URL; null: unset.
	 */
	publicOrigin: string | null;
	/** The whole header block must arrive within this many milliseconds. */
	headersTimeout: number;
	/** The whole request must arrive within this many milliseconds. */
	requestTimeout: number;
	/** Open connections at most; further ones are refused until some close. */
	maxConnections: number;
	/**
	 * Open connections at most from one address (the socket's, trusted proxies aside); one more
	 * is closed at once.
	 */
	maxConnectionsPerAddress: number;
	/** What the start-up prints before listening: a setting read in an older way. */
	warnings: readonly string[];
}

/** A whole number of the environment within [min, max], or the fallback when unset or blank. */
export function limitFromEnv(
	env: Env,
	name: string,
	fallback: number,
	min: number,
	max: number,
): number {
	const raw = env[name]?.trim();
	if (!raw) return fallback;
	const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
	if (!Number.isSafeInteger(value) || value < min || value > max) {
		throw new ServerConfigError(
			`${name} must be a whole number from ${min} to ${max} (got "${raw}").`,
		);
	}
	return value;
}

/** Whether a flag variable is on (1, true or yes, in any case). */
export function isOn(value: string | undefined): boolean {
	return ['1', 'true', 'yes'].includes((value ?? '').toLowerCase());
}

/** An origin (scheme, host, port) of the environment, or null when unset or blank. */
export function originFromEnv(env: Env, name: string): string | null {
	const raw = env[name]?.trim();
	if (!raw) return null;
	let url: URL | null = null;
	try {
		url = new URL(raw);
	} catch {
		// Reported below.
	}
	if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== raw) {
		throw new ServerConfigError(
			`${name} must be an origin such as https://www.example.com, without a path (got "${raw}").`,
		);
	}
	return url.origin;
}

/**
 * Shorter secrets can be guessed; 32 characters of a password generator are plenty. The CDN's
 * function refuses a shorter one too (src/lib/http/proxy.ts).
 */
export const MIN_SECRET_LENGTH = MIN_PROXY_SECRET_LENGTH;

/** A secret of the environment, or null when unset or blank; a short one throws. */
export function secretFromEnv(env: Env, name: string): string | null {
	const raw = env[name]?.trim();
	if (!raw) return null;
	if (raw.length < MIN_SECRET_LENGTH) {
		throw new ServerConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters long.`);
	}
	return raw;
}

/** The loopback: a proxy on this same machine (nginx, Caddy). */
export const LOOPBACK_PROXIES: readonly string[] = ['127.0.0.1', '::1'];

/** An address or a range (`address/bits`) of TRUSTED_PROXIES, or null when it is neither. */
export function proxyEntry(raw: string): string | null {
	const [address = '', bits, ...rest] = raw.split('/');
	const family = isIP(address);
	if (family === 0 || rest.length > 0) return null;
	if (bits === undefined) return address;
	const max = family === 4 ? 32 : 128;
	if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
	return `${address}/${Number(bits)}`;
}

/**
 * The proxies believed about the client's address. TRUSTED_PROXIES lists them. The older
 * TRUST_PROXY=1 believed X-Forwarded-For from anyone, so a client that reached the port directly
 * could pose as any visitor; the only arrangement it was documented for is one proxy on this
 * machine, so it now means the loopback, and the start-up says to write TRUSTED_PROXIES instead.
 * Refusing to start would have taken the shop's server down at the first publish after the
 * upgrade; keeping the old meaning would have kept the hole.
 */
export function trustedProxiesFromEnv(env: Env): { proxies: string[]; warnings: string[] } {
	const raw = env['TRUSTED_PROXIES']?.trim();
	const oldFlag = env['TRUST_PROXY']?.trim();
	const warnings: string[] = [];
	if (raw) {
		const proxies = raw
			.split(',')
			.map((entry) => entry.trim())
			.filter((entry) => entry !== '')
			.map((entry) => {
				const parsed = proxyEntry(entry);
				if (parsed === null) {
					throw new ServerConfigError(
						`TRUSTED_PROXIES must list IP addresses or ranges separated by commas, such as 127.0.0.1,::1 or 10.0.0.0/8 (got "${entry}").`,
					);
				}
				return parsed;
			});
		if (oldFlag)
			warnings.push('TRUST_PROXY is ignored: TRUSTED_PROXIES is set. Remove TRUST_PROXY.');
		return { proxies, warnings };
	}
	if (isOn(oldFlag)) {
		warnings.push(
			'TRUST_PROXY=1 now believes X-Forwarded-For only from this machine (127.0.0.1, ::1). Replace it with TRUSTED_PROXIES=127.0.0.1,::1, or list the addresses of your proxies.',
		);
		return { proxies: [...LOOPBACK_PROXIES], warnings };
	}
	return { proxies: [], warnings };
}

/** The settings of the server; throws ServerConfigError on a bad limit, origin or secret. */
export function serverSettingsFromEnv(env: Env): ServerSettings {
	const trusted = trustedProxiesFromEnv(env);
	return {
		port: Number(env['PORT'] || 4321),
		host: env['HOST'] || '127.0.0.1',
		trustedProxies: trusted.proxies,
		proxySecret: secretFromEnv(env, 'PROXY_SECRET'),
		publicOrigin: originFromEnv(env, 'PUBLIC_ORIGIN'),
		// Slow clients: the whole header block within 10 s, the whole request within 30 s.
		headersTimeout: limitFromEnv(env, 'SERVER_HEADERS_TIMEOUT_MS', 10_000, 1_000, 600_000),
		requestTimeout: limitFromEnv(env, 'SERVER_REQUEST_TIMEOUT_MS', 30_000, 1_000, 3_600_000),
		maxConnections: limitFromEnv(env, 'SERVER_MAX_CONNECTIONS', 1_000, 1, 1_000_000),
		// One client with a thousand slow connections must not take every connection there is.
		maxConnectionsPerAddress: limitFromEnv(
			env,
			'SERVER_MAX_CONNECTIONS_PER_ADDRESS',
			50,
			1,
			1_000_000,
		),
		warnings: trusted.warnings,
	};
}
