import { describe, expect, it } from 'vitest';
import {
	finishSignIn,
	oauthSettingsFromEnv,
	sameState,
	startSignIn,
	stateFromCookies,
	STATE_COOKIE,
	type OAuthSettings,
} from '../../../../src/server/editor-auth/github';

const SETTINGS: OAuthSettings = {
	clientId: 'id1',
	clientSecret: 'secret1',
	githubUrl: 'http://127.0.0.1:9',
	scope: 'repo',
	secureCookie: true,
};
const STATE = '0123456789abcdef0123456789abcdef';
const quiet = { error: () => undefined };

describe('oauthSettingsFromEnv', () => {
	it.each([
		[{}, null, null],
		[
			{ GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b' },
			null,
			{
				clientId: 'a',
				clientSecret: 'b',
				githubUrl: 'https://github.com',
				scope: 'repo',
				secureCookie: true,
			},
		],
		[
			{
				GITHUB_CLIENT_ID: 'a',
				GITHUB_CLIENT_SECRET: 'b',
				GITHUB_OAUTH_URL: 'http://127.0.0.1:4403/',
				GITHUB_OAUTH_SCOPE: 'public_repo',
			},
			'http://127.0.0.1:4401',
			{
				clientId: 'a',
				clientSecret: 'b',
				githubUrl: 'http://127.0.0.1:4403',
				scope: 'public_repo',
				secureCookie: false,
			},
		],
	])('%j -> %j', (env, publicOrigin, expected) => {
		expect(oauthSettingsFromEnv(env, publicOrigin)).toEqual(expected);
	});

	it.each([
		[{ GITHUB_CLIENT_ID: 'a' }, 'must be set together'],
		[
			{ GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b', GITHUB_OAUTH_SCOPE: 'repo,user' },
			'GITHUB_OAUTH_SCOPE',
		],
		[
			{ GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b', GITHUB_OAUTH_URL: 'https://x/y' },
			'GITHUB_OAUTH_URL',
		],
	])('refuses %j', (env, message) => {
		expect(() => oauthSettingsFromEnv(env, null)).toThrow(message);
	});
});

describe('state', () => {
	it.each([
		[`${STATE_COOKIE}=${STATE}`, STATE],
		[`a=b; ${STATE_COOKIE}=${STATE}; c=d`, STATE],
		['a=b', null],
		[null, null],
		[`${STATE_COOKIE}=`, null],
	])('stateFromCookies(%j) -> %j', (header, expected) => {
		expect(stateFromCookies(header)).toBe(expected);
	});

	it.each([
		[STATE, STATE, true],
		[STATE, STATE.toUpperCase(), false],
		[STATE.slice(1), STATE, false],
		[null, STATE, false],
		[STATE, null, false],
		['x', 'x', false],
	])('sameState(%j, %j) -> %s', (returned, kept, expected) => {
		expect(sameState(returned, kept)).toBe(expected);
	});
});

describe('startSignIn', () => {
	it('sends the window to GitHub with a fresh state in a cookie and only the configured scope', () => {
		const answer = startSignIn(
			new Request(
				'https://www.example.com/api/auth?provider=github&site_id=x&scope=repo,user,admin:org',
			),
			SETTINGS,
		);
		expect(answer.status).toBe(302);
		const target = new URL(answer.headers.get('location') ?? '');
		expect(target.origin + target.pathname).toBe('http://127.0.0.1:9/login/oauth/authorize');
		expect(target.searchParams.get('client_id')).toBe('id1');
		expect(target.searchParams.get('scope')).toBe('repo');
		const state = target.searchParams.get('state') ?? '';
		expect(state).toMatch(/^[0-9a-f]{32}$/);
		const cookie = answer.headers.get('set-cookie') ?? '';
		expect(cookie).toContain(`${STATE_COOKIE}=${state}`);
		expect(cookie).toMatch(/HttpOnly/);
		expect(cookie).toMatch(/SameSite=Lax/);
		expect(cookie).toMatch(/Secure/);
		expect(cookie).toMatch(/Path=\/api\/auth/);
		expect(answer.headers.get('cache-control')).toBe('no-store');
	});

	it.each([
		['gitlab', SETTINGS, 'UNSUPPORTED_BACKEND'],
		['github', null, 'MISCONFIGURED_CLIENT'],
	])('provider %s (settings %j) -> %s', async (provider, settings, code) => {
		const answer = startSignIn(
			new Request(`https://www.example.com/api/auth?provider=${provider}`),
			settings,
		);
		expect(answer.status).toBe(200);
		expect(await answer.text()).toContain(code);
	});
});

describe('finishSignIn', () => {
	const callback = (query: string, cookie?: string) =>
		new Request(`https://www.example.com/api/auth/callback?${query}`, {
			headers: cookie ? { Cookie: cookie } : {},
		});
	const github = (body: unknown) => () => Promise.resolve(Response.json(body));

	it('trades the code for a token and hands it to the page, clearing the state', async () => {
		const bodies: unknown[] = [];
		const answer = await finishSignIn(
			callback(`code=c1&state=${STATE}`, `${STATE_COOKIE}=${STATE}`),
			SETTINGS,
			(input, init) => {
				bodies.push([(input as URL).href, JSON.parse(init?.body as string)]);
				return Promise.resolve(Response.json({ access_token: 'gho_x' }));
			},
			quiet,
		);
		expect(bodies).toEqual([
			[
				'http://127.0.0.1:9/login/oauth/access_token',
				{ client_id: 'id1', client_secret: 'secret1', code: 'c1' },
			],
		]);
		const html = await answer.text();
		expect(html).toContain('"token":"gho_x"');
		expect(html).toContain('<script src="/admin/auth-callback.js">');
		expect(html).not.toMatch(/<script>/);
		expect(answer.headers.get('set-cookie')).toMatch(/Max-Age=0/);
		expect(answer.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
		expect(answer.headers.get('cache-control')).toBe('no-store');
	});

	it.each([
		[
			'no cookie',
			callback(`code=c&state=${STATE}`),
			github({ access_token: 't' }),
			'CSRF_DETECTED',
		],
		[
			'another state',
			callback(`code=c&state=${'f'.repeat(32)}`, `${STATE_COOKIE}=${STATE}`),
			github({ access_token: 't' }),
			'CSRF_DETECTED',
		],
		[
			'no code',
			callback(`state=${STATE}`, `${STATE_COOKIE}=${STATE}`),
			github({}),
			'AUTH_CODE_REQUEST_FAILED',
		],
		[
			'GitHub refuses the code',
			callback(`code=c&state=${STATE}`, `${STATE_COOKIE}=${STATE}`),
			github({ error: 'bad_verification_code' }),
			'TOKEN_REQUEST_FAILED',
		],
		[
			'GitHub unreachable',
			callback(`code=c&state=${STATE}`, `${STATE_COOKIE}=${STATE}`),
			() => Promise.reject(new TypeError('fetch failed')),
			'TOKEN_REQUEST_FAILED',
		],
	])('%s: no token, %s', async (_, request, fetchImpl, code) => {
		const answer = await finishSignIn(request, SETTINGS, fetchImpl, quiet);
		const html = await answer.text();
		expect(html).toContain(code);
		expect(html).not.toContain('"token"');
	});

	it('escapes what could close the data element', async () => {
		const answer = await finishSignIn(
			callback(`code=c&state=${STATE}`, `${STATE_COOKIE}=${STATE}`),
			SETTINGS,
			github({ access_token: '</script><script>alert(1)</script>' }),
			quiet,
		);
		const html = await answer.text();
		expect(html.match(/<\/script>/g)).toHaveLength(2);
	});
});
