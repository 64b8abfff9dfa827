/**
 * The server's settings from the environment: PORT (4321), HOST (127.0.0.1), TRUST_PROXY,
 * PROXY_SECRET, PUBLIC_ORIGIN, and the limits on slow clients and open connections. Pure, so tests can give any environment; a
 * bad limit throws a ServerConfigError whose message the entry prints before stopping.
 */

/** A variable that cannot be used; its message says which and why. */
export class ServerConfigError extends Error {}

/** The environment as Node gives it. */
export type Env = Readonly<Record<string, string | undefined>>;

export interface ServerSettings {
	port: number;
	host: string;
	/** Behind exactly one reverse proxy: the client's address is the last X-Forwarded-For entry. */
	trustProxy: boolean;
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

/** Shorter secrets can be guessed; 32 characters of a password generator are plenty. */
export const MIN_SECRET_LENGTH = 32;

/** A secret of the environment, or null when unset or blank; a short one throws. */
export function secretFromEnv(env: Env, name: string): string | null {
	const raw = env[name]?.trim();
	if (!raw) return null;
	if (raw.length < MIN_SECRET_LENGTH) {
		throw new ServerConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters long.`);
	}
	return raw;
}

/** The settings of the server; throws ServerConfigError on a bad limit, origin or secret. */
export function serverSettingsFromEnv(env: Env): ServerSettings {
	return {
		port: Number(env['PORT'] || 4321),
		host: env['HOST'] || '127.0.0.1',
		trustProxy: isOn(env['TRUST_PROXY']),
		proxySecret: secretFromEnv(env, 'PROXY_SECRET'),
		publicOrigin: originFromEnv(env, 'PUBLIC_ORIGIN'),
		// Slow clients: the whole header block within 10 s, the whole request within 30 s.
		headersTimeout: limitFromEnv(env, 'SERVER_HEADERS_TIMEOUT_MS', 10_000, 1_000, 600_000),
		requestTimeout: limitFromEnv(env, 'SERVER_REQUEST_TIMEOUT_MS', 30_000, 1_000, 3_600_000),
		maxConnections: limitFromEnv(env, 'SERVER_MAX_CONNECTIONS', 1_000, 1, 1_000_000),
	};
}
