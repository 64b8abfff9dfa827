/**
 * The editor's sign-in with GitHub (Sveltia CMS at /admin), served by this site: no other
 * service to deploy. The handshake is the one Sveltia CMS expects of an authenticator
 * (sveltia-cms-auth): the editor opens a window at GET /api/auth?provider=github, which sends
 * it to GitHub with a random `state` also kept in a cookie; GitHub sends it back to
 * GET /api/auth/callback?code&state, which checks the state against the cookie, trades the code
 * for a token (with the client secret, which never leaves this server) and gives the token to
 * the editor's page through /admin/auth-callback.js: that script says `authorizing:github` to
 * the window that opened it, and answers `authorization:github:success:{…}` only to a window of
 * this site's own origin.
 *
 * Web-standard Request and Response; the token endpoint is called with `fetchImpl`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ServerConfigError, type Env } from '../core/server-settings';
import { readBodyAtMost } from '../core/submission';

/** What the sign-in needs, from the environment (docs/operations.md, 'Deploy'). */
export interface OAuthSettings {
	clientId: string;
	clientSecret: string;
	/** GitHub's web address (https://github.com); tests point it at a local stand-in. */
	githubUrl: string;
	/** The one scope asked for: `repo`, or `public_repo` for a public repository. */
	scope: OAuthScope;
	/** Whether the state cookie is Secure (the site is served over https). */
	secureCookie: boolean;
}

/**
 * The scopes that let an editor commit. GitHub's OAuth apps cannot be limited to one repository:
 * `public_repo` (write to public repositories) is the narrowest that can commit, `repo` (also
 * private ones) is needed when the site's repository is private. Nothing else is ever asked for,
 * whatever the editor's window requests.
 */
export const OAUTH_SCOPES = ['repo', 'public_repo'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/** The cookie that binds the `state` to the browser that started the sign-in. */
export const STATE_COOKIE = 'vs_oauth_state';
/** The sign-in must come back from GitHub within this many seconds. */
export const STATE_MAX_AGE = 600;
/** The path the state cookie is sent to: the two routes of the sign-in. */
export const AUTH_PATH = '/api/auth';
/** The script that talks to the editor's window (a file of the site: no inline script). */
export const CALLBACK_SCRIPT = '/admin/auth-callback.js';
/** Largest answer of GitHub's token endpoint read (its JSON is a few hundred bytes). */
const TOKEN_ANSWER_BYTES = 64 * 1024;
/** GitHub's token endpoint must answer within this. */
const TOKEN_TIMEOUT_MS = 10_000;

/** The settings, or null when GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are both unset. */
export function oauthSettingsFromEnv(env: Env, publicOrigin: string | null): OAuthSettings | null {
	const clientId = env['GITHUB_CLIENT_ID']?.trim() ?? '';
	const clientSecret = env['GITHUB_CLIENT_SECRET']?.trim() ?? '';
	if (!clientId && !clientSecret) return null;
	if (!clientId || !clientSecret) {
		throw new ServerConfigError('GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together.');
	}
	const githubUrl = (env['GITHUB_OAUTH_URL']?.trim() || 'https://github.com').replace(/\/+$/, '');
	if (!/^https?:\/\/[^/]+$/.test(githubUrl)) {
		throw new ServerConfigError(`GITHUB_OAUTH_URL must be an origin (got "${githubUrl}").`);
	}
	const scope = env['GITHUB_OAUTH_SCOPE']?.trim() || 'repo';
	if (!(OAUTH_SCOPES as readonly string[]).includes(scope)) {
		throw new ServerConfigError(
			`GITHUB_OAUTH_SCOPE must be one of ${OAUTH_SCOPES.join(', ')} (got "${scope}").`,
		);
	}
	return {
		clientId,
		clientSecret,
		githubUrl,
		scope: scope as OAuthScope,
		secureCookie: !publicOrigin?.startsWith('http://'),
	};
}

/** What the editor's window is told: a token, or an error with the code Sveltia CMS words. */
export type SignInResult =
	{ provider: 'github'; token: string } | { provider: string; error: string; errorCode: string };

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * The page that hands the result to the editor's window (through CALLBACK_SCRIPT, a file of the
 * site, which the pages' policy allows). Its opener policy is unsafe-none: a window that went
 * through GitHub keeps its link to the editor only without one.
 */
export function resultPage(result: SignInResult, extraHeaders: Record<string, string> = {}) {
	// JSON inside <script type="application/json"> is data, not code; `<` is escaped so the
	// text can never close the element.
	const data = JSON.stringify(result).replaceAll('<', '\\u003c');
	const html =
		'<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Accesso</title>' +
		`<script type="application/json" id="sign-in-result">${data}</script>` +
		`<script src="${CALLBACK_SCRIPT}"></script></head>` +
		'<body><p>Accesso in corso…</p></body></html>';
	return new Response(html, {
		status: 200,
		headers: {
			'Content-Type': 'text/html; charset=utf-8',
			'Cross-Origin-Opener-Policy': 'unsafe-none',
			'Referrer-Policy': 'no-referrer',
			...NO_STORE,
			...extraHeaders,
		},
	});
}

function stateCookie(value: string, maxAge: number, secure: boolean): string {
	return [
		`${STATE_COOKIE}=${value}`,
		`Path=${AUTH_PATH}`,
		`Max-Age=${maxAge}`,
		'HttpOnly',
		// Lax: the cookie comes back on GitHub's top-level redirect to the callback.
		'SameSite=Lax',
		...(secure ? ['Secure'] : []),
	].join('; ');
}

function error(provider: string, errorCode: string, message: string, clear = false): Response {
	return resultPage(
		{ provider, error: message, errorCode },
		clear ? { 'Set-Cookie': stateCookie('', 0, false) } : {},
	);
}

/** GET /api/auth?provider=github: off to GitHub, with a fresh state. */
export function startSignIn(request: Request, settings: OAuthSettings | null): Response {
	const provider = new URL(request.url).searchParams.get('provider') ?? '';
	if (provider !== 'github') {
		return error(provider, 'UNSUPPORTED_BACKEND', 'Accesso possibile solo con GitHub.');
	}
	if (!settings) {
		return error(
			provider,
			'MISCONFIGURED_CLIENT',
			"L'accesso con GitHub non è configurato su questo sito (GITHUB_CLIENT_ID).",
		);
	}
	const state = randomBytes(16).toString('hex');
	const target = new URL('/login/oauth/authorize', settings.githubUrl);
	target.search = new URLSearchParams({
		client_id: settings.clientId,
		scope: settings.scope,
		state,
	}).toString();
	return new Response(null, {
		status: 302,
		headers: {
			Location: target.href,
			'Set-Cookie': stateCookie(state, STATE_MAX_AGE, settings.secureCookie),
			...NO_STORE,
		},
	});
}

/** The state cookie's value in a Cookie header, or null. */
export function stateFromCookies(header: string | null): string | null {
	for (const part of (header ?? '').split(';')) {
		const [name, ...rest] = part.trim().split('=');
		if (name === STATE_COOKIE) return rest.join('=') || null;
	}
	return null;
}

/** Whether the state GitHub sent back is the one of this browser's cookie (constant time). */
export function sameState(returned: string | null, kept: string | null): boolean {
	if (!returned || !kept || !/^[0-9a-f]{32}$/.test(kept)) return false;
	const a = Buffer.from(returned);
	const b = Buffer.from(kept);
	return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /api/auth/callback?code&state: the token for the editor's window, or why not. */
export async function finishSignIn(
	request: Request,
	settings: OAuthSettings | null,
	fetchImpl: typeof fetch = fetch,
	log: Pick<Console, 'error'> = console,
): Promise<Response> {
	const params = new URL(request.url).searchParams;
	if (!settings) {
		return error('github', 'MISCONFIGURED_CLIENT', "L'accesso con GitHub non è configurato.");
	}
	const code = params.get('code');
	if (!code) {
		return error(
			'github',
			'AUTH_CODE_REQUEST_FAILED',
			'GitHub non ha autorizzato l’accesso.',
			true,
		);
	}
	if (!sameState(params.get('state'), stateFromCookies(request.headers.get('cookie')))) {
		return error(
			'github',
			'CSRF_DETECTED',
			'Richiesta di accesso non riconosciuta: riprova da /admin.',
			true,
		);
	}
	let token: unknown;
	try {
		const answer = await fetchImpl(new URL('/login/oauth/access_token', settings.githubUrl), {
			method: 'POST',
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
			body: JSON.stringify({
				client_id: settings.clientId,
				client_secret: settings.clientSecret,
				code,
			}),
			signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
		});
		const read = await readBodyAtMost(answer, TOKEN_ANSWER_BYTES);
		const body = (read.ok ? JSON.parse(new TextDecoder().decode(read.bytes)) : {}) as Record<
			string,
			unknown
		>;
		token = body['access_token'];
		if (typeof token !== 'string' || token === '') {
			log.error('OAuth: GitHub gave no token:', body['error'] ?? answer.status);
		}
	} catch (cause) {
		log.error('OAuth: GitHub token request failed:', cause);
	}
	if (typeof token !== 'string' || token === '') {
		return error(
			'github',
			'TOKEN_REQUEST_FAILED',
			'GitHub non ha concesso l’accesso. Riprova tra poco.',
			true,
		);
	}
	return resultPage(
		{ provider: 'github', token },
		{ 'Set-Cookie': stateCookie('', 0, settings.secureCookie) },
	);
}
