import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from '@playwright/test';
import { UNAVAILABLE_ERROR } from '../../src/lib/http/proxy';
import { SERVER_ROUTES } from '../../src/lib/http/server-routes';
import { LINES, storeList } from '../e2e/helpers/pickup';
import { openControlled } from '../e2e/helpers/worker';
import { waitForIsland } from '../e2e/helpers/islands';
import { expect, test } from '../e2e/helpers/test';
import { addVirtualAuthenticator } from '../e2e/helpers/webauthn';
import {
	CDN_ORIGIN,
	DB_PATH,
	GITHUB_ORIGIN,
	NODE_ORIGIN,
	PROXY_SECRET,
	RATE_LIMIT,
	AVAILABILITY_LIMIT,
	startNode,
	stopNode,
	storedFrom,
} from './helpers/topology';

/**
 * The site as production runs it: workerd serves the build and its function forwards the
 * server routes to the Node server (playwright.cdn.config.ts). A visitor's address is the one
 * Cloudflare's edge would give the function in CF-Connecting-IP; locally the test sets it.
 */

/** An address of documentation ranges (RFC 5737), one per test and attempt. */
function visitorAddress(n: number): string {
	const { retry } = test.info();
	return `203.0.113.${n + retry * 20}`;
}

/** A unique e-mail for this test and attempt. */
const emailFor = (who: string) => `${who}.${test.info().retry}.${Date.now()}@example.com`;

async function fillContact(page: Page, email: string) {
	await page.getByLabel('Nome e cognome').fill('Mario Rossi');
	await page.getByLabel('E-mail', { exact: true }).fill(email);
	await page.getByLabel('Telefono', { exact: true }).fill('+39 011 123 4567');
	await page.getByLabel('Messaggio', { exact: true }).fill('Avete la whey al cioccolato da 2 kg?');
	await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
}

const CONTACT_FORM = 'form[action="/api/contact"]';

test.describe('through the CDN', () => {
	test.use({ serviceWorkers: 'block' });

	test('a message sent with JavaScript, and one without, are stored with the visitor’s address', async ({
		browser,
	}) => {
		const withScript = await browser.newContext({
			extraHTTPHeaders: { 'CF-Connecting-IP': visitorAddress(1) },
			serviceWorkers: 'block',
		});
		const page = await withScript.newPage();
		await page.goto('/contatti');
		await waitForIsland(page, CONTACT_FORM);
		await expect(page.locator(CONTACT_FORM)).toHaveJSProperty('noValidate', true);
		const first = emailFor('con.script');
		await fillContact(page, first);
		const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
		await page.getByRole('button', { name: 'Invia Messaggio' }).click();
		expect((await answer).status()).toBe(201);
		await expect(page.getByText('Messaggio ricevuto in modalità simulazione')).toBeVisible();
		expect(storedFrom('messages', first)).toEqual([{ client_address: visitorAddress(1) }]);
		await withScript.close();

		const withoutScript = await browser.newContext({
			javaScriptEnabled: false,
			extraHTTPHeaders: { 'CF-Connecting-IP': visitorAddress(2) },
		});
		const plain = await withoutScript.newPage();
		await plain.goto('/contatti');
		const second = emailFor('senza.script');
		await fillContact(plain, second);
		await plain.getByRole('button', { name: 'Invia Messaggio' }).click();
		// The Node server's 303 went through the CDN to the thank-you page, a file of the CDN.
		await expect(plain).toHaveURL(/\/contatti\/inviato$/);
		expect(storedFrom('messages', second)).toEqual([{ client_address: visitorAddress(2) }]);
		await withoutScript.close();
	});

	test('a reservation reaches the Node server and opens the confirmation with its pickup code', async ({
		browser,
	}) => {
		const context = await browser.newContext({
			extraHTTPHeaders: { 'CF-Connecting-IP': visitorAddress(3) },
			serviceWorkers: 'block',
		});
		const page = await context.newPage();
		await storeList(page, { line: LINES.vanilla900, quantity: 1 });
		await page.goto('/lista-ritiro');
		await expect(page.getByRole('button', { name: 'Invia prenotazione' })).toBeVisible();
		const select = page.getByLabel('Giorno di ritiro');
		await select.selectOption((await select.locator('option').nth(1).getAttribute('value')) ?? '');
		const email = emailFor('ritiro');
		await page.getByLabel('Nome e cognome').fill('Giulia Bianchi');
		await page.getByLabel('E-mail', { exact: true }).fill(email);
		await page.getByLabel('Telefono', { exact: true }).fill('+39 333 1234567');
		await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
		await page.getByRole('button', { name: 'Invia prenotazione' }).click();
		await expect(page).toHaveURL(/\/lista-ritiro\/confermata\?codice=[A-Za-z0-9]{6}/);
		const [row] = storedFrom('reservations', email);
		expect(row?.client_address).toBe(visitorAddress(3));
		await expect(page.locator('[data-pickup-code]')).toHaveText(row?.code ?? '');
		await context.close();
	});

	test('422, 403 and 429 come through unchanged; a forged address sent straight to the Node server is its own', async ({
		request,
	}) => {
		const headers = (n: number) => ({ 'CF-Connecting-IP': visitorAddress(n) });
		const valid = (email: string) => ({
			name: 'Mario Rossi',
			email,
			phone: '+39 011 123 4567',
			message: 'Avete la creatina da 500 g?',
			privacy: true,
		});
		const invalid = await request.post('/api/contact', {
			headers: headers(4),
			data: { ...valid('x@example.com'), email: 'non-una-mail' },
		});
		expect(invalid.status()).toBe(422);
		expect((await invalid.json()) as unknown).toMatchObject({
			fields: { email: expect.any(String) },
		});

		const elsewhere = await request.post('/api/contact', {
			headers: { ...headers(4), Origin: 'https://example.org' },
			data: valid(emailFor('altrove')),
		});
		expect(elsewhere.status()).toBe(403);

		for (let i = 0; i < RATE_LIMIT; i++) {
			const sent = await request.post('/api/contact', {
				headers: headers(5),
				data: valid(emailFor(`limite${i}`)),
			});
			expect(sent.status()).toBe(201);
		}
		const limited = await request.post('/api/contact', {
			headers: headers(5),
			data: valid(emailFor('troppi')),
		});
		expect(limited.status()).toBe(429);
		expect(limited.headers()['retry-after']).toMatch(/^\d+$/);
		expect(limited.headers()['cache-control']).toContain('no-store');
		expect(((await limited.json()) as { error: string }).error).toMatch(/troppi messaggi/);

		// The same address forged on a request that skips the CDN, with a wrong secret: not
		// limited as that visitor, and stored under the address it came from.
		const direct = emailFor('diretto');
		const forged = await request.post(`${NODE_ORIGIN}/api/contact`, {
			headers: {
				'X-Visitor-IP': visitorAddress(5),
				'CF-Connecting-IP': visitorAddress(5),
				'X-Vigorsport-Proxy': PROXY_SECRET.slice(0, -1),
			},
			data: valid(direct),
		});
		expect(forged.status()).toBe(201);
		expect(storedFrom('messages', direct)).toEqual([{ client_address: '127.0.0.1' }]);
	});

	test('legacy 301s, a 404 with its page, security headers and the policy; files never reach the function; health and availability do', async ({
		page,
		request,
	}) => {
		const legacy = await request.get('/products?x=1', { maxRedirects: 0 });
		expect(legacy.status()).toBe(301);
		expect(legacy.headers()['location']).toMatch(/\/prodotti(\?x=1)?$/);

		const missing = await page.goto('/pagina-che-non-esiste');
		expect(missing?.status()).toBe(404);
		await expect(
			page.getByText('La pagina che cerchi non esiste o è stata spostata.'),
		).toBeVisible();
		await expect(page.getByRole('link', { name: 'Vai ai Prodotti' })).toBeVisible();

		const home = await page.goto('/');
		const headers = home?.headers() ?? {};
		expect(headers['x-frame-options']).toBe('DENY');
		expect(headers['x-content-type-options']).toBe('nosniff');
		const policy = headers['content-security-policy'] ?? '';
		expect(policy).toContain("connect-src 'self'");
		expect(policy).toContain("form-action 'self'");

		// A file of the static API: the CDN's, never the function's (POST is refused by the CDN).
		const file = await request.post('/api/catalogue.json', { data: {} });
		expect(file.status()).toBe(405);
		expect(file.headers()['allow']).toBeUndefined();
		// Every server route reaches the Node server: its own answers, never a CDN file.
		const route = await request.get('/api/contact');
		expect(route.status()).toBe(405);
		expect(route.headers()['allow']).toBe('POST');
		expect(SERVER_ROUTES).toContain('/api/contact');

		// The read-only server routes answer through the CDN too, never cached on the way.
		const health = await request.get('/api/health');
		expect(health.status()).toBe(200);
		expect(health.headers()['cache-control']).toContain('no-store');
		const free = await request.get(
			'/api/disponibilita?negozio=torino&prodotto=whey-concentrate-80',
		);
		expect(free.status()).toBe(200);
		expect(free.headers()['cache-control']).toContain('no-store');
		expect(((await free.json()) as { negozio: string }).negozio).toBe('torino');
	});

	test('the availability: HEAD as GET without the body, and its limit per visitor, through the function', async ({
		request,
	}) => {
		const path = '/api/disponibilita?prodotto=whey-concentrate-80';
		const visitor = { 'CF-Connecting-IP': visitorAddress(6) };
		const get = await request.get(path, { headers: visitor });
		const head = await request.head(path, { headers: visitor });
		expect([get.status(), head.status()]).toEqual([200, 200]);
		expect(await head.body()).toHaveLength(0);
		for (const name of ['content-type', 'cache-control', 'x-content-type-options']) {
			expect(head.headers()[name], name).toBe(get.headers()[name]);
		}
		for (let i = 2; i < AVAILABILITY_LIMIT; i++) {
			expect((await request.get(path, { headers: visitor })).status()).toBe(200);
		}
		const limited = await request.get(path, { headers: visitor });
		expect(limited.status()).toBe(429);
		expect(limited.headers()['retry-after']).toMatch(/^[1-9]\d*$/);
		expect(limited.headers()['cache-control']).toContain('no-store');
		expect(((await limited.json()) as { error: string }).error).toMatch(
			/^Troppe richieste di disponibilità in poco tempo: riprova tra \d+ second[oi]\.$/,
		);
		// Another visitor behind the same CDN reads it as always.
		const other = await request.get(path, { headers: { 'CF-Connecting-IP': visitorAddress(7) } });
		expect(other.status()).toBe(200);
	});
});

/**
 * `npm run staff -- …` as the shop's owner runs it on the server (simulation mode: the link is
 * printed), on the Node server's database, with links to the address visitors use.
 */
function staffCommand(...args: string[]): string {
	return execFileSync(process.execPath, ['scripts/staff.mjs', ...args], {
		env: {
			PATH: process.env['PATH'] ?? '',
			CONTACT_DB_PATH: DB_PATH,
			PUBLIC_ORIGIN: CDN_ORIGIN,
			SMTP_HOST: '',
		},
		encoding: 'utf8',
	});
}

test.describe('the staff area and the customer’s link', () => {
	test('closed without a session, and never kept', async ({ request }) => {
		const noStore = (headers: Record<string, string>) =>
			expect(headers['cache-control']).toContain('no-store');

		// Without a session: the page sends to the sign-in, on the CDN's own address.
		const desk = await request.get('/gestione', { maxRedirects: 0 });
		expect(desk.status()).toBe(303);
		const location = new URL(desk.headers()['location'] ?? '', CDN_ORIGIN);
		expect(location.href).toBe(`${CDN_ORIGIN}/gestione/accesso`);
		noStore(desk.headers());
		const signIn = await request.get('/gestione/accesso');
		expect(signIn.status()).toBe(200);
		expect(await signIn.text()).toContain('Accedi con la passkey');
		noStore(signIn.headers());
		expect(signIn.headers()['x-robots-tag']).toContain('noindex');
		const list = await request.get('/api/gestione/prenotazioni');
		expect(list.status()).toBe(401);
		expect(((await list.json()) as { error: string }).error).toMatch(/accesso|Accedi/i);
		noStore(list.headers());

		// A customer's link that does not exist: the site's 404, never cached.
		const link = await request.get(`/prenotazione/${'A'.repeat(32)}`);
		expect(link.status()).toBe(404);
		noStore(link.headers());
	});

	test('a member enrols a passkey from the command’s link and signs in with it, through workerd', async ({
		browser,
	}) => {
		const email = `staff.${test.info().retry}.${Date.now()}@vigorsport.test`;
		staffCommand('aggiungi', '--nome', 'Giulia Rossi', '--email', email, '--negozi', 'torino');
		const printed = staffCommand('link', email);
		const url = /https?:\/\/\S+\/gestione\/attiva#\S+/.exec(printed)?.[0] ?? '';
		expect(url.startsWith(`${CDN_ORIGIN}/gestione/attiva#`)).toBe(true);

		const context = await browser.newContext({ serviceWorkers: 'block' });
		try {
			const page = await context.newPage();
			const authenticator = await addVirtualAuthenticator(page);
			await page.goto(url);
			await page.getByRole('button', { name: 'Crea la passkey' }).click();
			await page.waitForURL(`${CDN_ORIGIN}/gestione`);
			await expect(page.getByText('Giulia Rossi').first()).toBeVisible();
			// The passkey belongs to the site's host name, as it would to www.vigorsport.it.
			expect((await authenticator.credentials()).map((passkey) => passkey.rpId)).toEqual([
				'localhost',
			]);

			// A new visit, without the session: the passkey alone signs in.
			await context.clearCookies();
			await page.goto('/gestione/accesso');
			await page.getByRole('button', { name: 'Accedi con la passkey' }).click();
			await page.waitForURL(`${CDN_ORIGIN}/gestione`);
			await expect(page.getByText('Giulia Rossi').first()).toBeVisible();

			// The session cookie crossed the CDN as the server set it.
			const cookies = await context.cookies(CDN_ORIGIN);
			const session = cookies.find((cookie) => cookie.name === '__Host-gestione');
			expect(session).toMatchObject({
				httpOnly: true,
				secure: true,
				sameSite: 'Strict',
				path: '/',
			});
			const cookie = `${session?.name ?? ''}=${session?.value ?? ''}`;

			// Signed in: the API answers, never cached, and a change checks the Origin against the
			// public address.
			const signedIn = await page.request.get('/api/gestione/prenotazioni', {
				headers: { Cookie: cookie },
			});
			expect(signedIn.status()).toBe(200);
			expect(signedIn.headers()['cache-control']).toContain('no-store');
			const missing = await page.request.post('/api/gestione/prenotazioni/999999', {
				headers: { Cookie: cookie, Origin: CDN_ORIGIN },
				data: { azione: 'ritirata', versione: 1 },
			});
			expect(missing.status()).toBe(404);
			const foreign = await page.request.post('/api/gestione/prenotazioni/999999', {
				headers: { Cookie: cookie, Origin: 'https://example.com' },
				data: { azione: 'ritirata', versione: 1 },
			});
			expect(foreign.status()).toBe(403);
		} finally {
			await context.close();
		}
	});
});

test.describe('the outbox', () => {
	async function openForm(page: Page) {
		await openControlled(page, '/contatti');
		await waitForIsland(page, CONTACT_FORM);
		await expect(page.locator(CONTACT_FORM)).toHaveJSProperty('noValidate', true);
	}

	test('with the Node server stopped: the Italian 503 (a page for a navigation), then the outbox sends the message once it is back', async ({
		page,
		context,
		browser,
	}) => {
		const email = emailFor('outbox');
		await openForm(page);
		await fillContact(page, email);
		await stopNode();
		try {
			// Online, the Node server down: the CDN's 503, shown as the form's error; the draft stays.
			const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
			await page.getByRole('button', { name: 'Invia Messaggio' }).click();
			const refused = await answer;
			expect(refused.status()).toBe(503);
			expect(refused.headers()['retry-after']).toMatch(/^\d+$/);
			await expect(page.getByText(UNAVAILABLE_ERROR)).toBeVisible();
			await expect(page.getByLabel('Nome e cognome')).toHaveValue('Mario Rossi');

			// A staff page or the customer's link opened meanwhile: a page in Italian, not JSON,
			// with a way back to the site, which the CDN still serves.
			const visitor = await browser.newContext({ serviceWorkers: 'block' });
			try {
				const tab = await visitor.newPage();
				for (const path of ['/gestione', `/prenotazione/${'B'.repeat(32)}`]) {
					const down = await tab.goto(path);
					expect(down?.status()).toBe(503);
					await expect(
						tab.getByRole('heading', { name: 'Servizio non raggiungibile' }),
					).toBeVisible();
				}
				await tab.getByRole('link', { name: 'Torna al sito' }).click();
				await expect(tab).toHaveURL(`${CDN_ORIGIN}/`);
				await expect(tab.getByRole('link', { name: 'Prodotti' }).first()).toBeVisible();
			} finally {
				await visitor.close();
			}

			// Offline now: the service worker keeps the message.
			await context.setOffline(true);
			await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
			await page.getByRole('button', { name: 'Invia Messaggio' }).click();
			await expect(
				page
					.getByRole('status')
					.filter({ hasText: 'verrà inviato appena torna la connessione' })
					.first(),
			).toBeVisible();
		} finally {
			await startNode();
		}
		await context.setOffline(false);
		await page.evaluate(() => window.dispatchEvent(new Event('online')));
		await expect(page.getByText('Messaggio ricevuto in modalità simulazione')).toBeVisible();
		await expect(page.getByLabel('Nome e cognome')).toHaveValue('');
		expect(storedFrom('messages', email)).toHaveLength(1);
	});
});

test.describe('the editor', () => {
	/**
	 * GitHub's API as the editor uses it after signing in, answered for an empty repository (the
	 * user, write access, the branch's last commit, its tree); the calls are recorded with their
	 * Authorization header.
	 */
	async function standInApi(context: BrowserContext, calls: string[]) {
		await context.route('https://api.github.com/**', async (route) => {
			calls.push(`${route.request().headers()['authorization'] ?? ''} ${route.request().url()}`);
			const url = route.request().url();
			if (url.endsWith('/user')) {
				return route.fulfill({
					json: {
						login: 'negozio',
						name: 'Negozio',
						id: 1,
						avatar_url: '',
						html_url: 'https://github.com/negozio',
						email: null,
					},
				});
			}
			if (url.includes('/collaborators/')) return route.fulfill({ status: 204 });
			if (url.endsWith('/graphql') && route.request().postData()?.includes('ref(qualifiedName')) {
				const commit = { oid: 'a'.repeat(40), message: 'Prova' };
				const target = { ...commit, history: { nodes: [commit] } };
				return route.fulfill({ json: { data: { repository: { ref: { target } } } } });
			}
			if (url.includes('/git/trees/')) {
				return route.fulfill({ json: { sha: 'a'.repeat(40), tree: [], truncated: false } });
			}
			await route.fulfill({ status: 404, json: { message: 'Not Found' } });
		});
	}

	test('«Accedi con GitHub» signs in through the site, with the state checked and the token for this origin only', async ({
		page,
		context,
		request,
	}) => {
		const calls: string[] = [];
		await standInApi(context, calls);
		await page.goto('/admin');
		const popup = page.waitForEvent('popup');
		await page.getByRole('button', { name: /GitHub/ }).click();
		const window = await popup;
		await window.waitForEvent('close');
		const collections = page.getByRole('tree', { name: 'Elenco delle Collezioni' });
		await expect(collections.getByRole('treeitem', { name: /^Prodotti/ })).toBeVisible();
		await expect(collections.getByRole('treeitem', { name: /^Negozi/ })).toBeVisible();
		// The token reached the editor, which uses it with GitHub's API.
		await expect
			.poll(() => calls.join('\n'))
			.toMatch(/token gho_e2eStandInToken|Bearer gho_e2eStandInToken/);
		const last = (await (await request.get(`${GITHUB_ORIGIN}/last`)).json()) as {
			scope: string;
		};
		expect(last.scope).toBe('repo');
	});

	test('a window of another site that opens the sign-in gets no token, even when it answers', async ({
		browser,
	}) => {
		// A foreign site with no opener policy of its own, which would keep the popup apart.
		const foreign = await browser.newContext({ serviceWorkers: 'block' });
		await foreign.route('http://hostile.example/**', (route) =>
			route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Altro sito</title>' }),
		);
		try {
			const page = await foreign.newPage();
			await page.goto('http://hostile.example/');
			await page.evaluate(() => {
				const seen: string[] = [];
				(window as unknown as { seen: string[] }).seen = seen;
				window.addEventListener('message', (event) => {
					seen.push(String(event.data));
					// What a hostile opener would do: answer the handshake, from its own origin.
					if (String(event.data).startsWith('authorizing:')) {
						(event.source as Window | null)?.postMessage(event.data, '*');
					}
				});
			});
			const popupEvent = page.waitForEvent('popup');
			await page.evaluate((url) => {
				(window as unknown as { signIn: Window | null }).signIn = window.open(url);
			}, `${CDN_ORIGIN}/api/auth?provider=github&site_id=negozio`);
			const popup = await popupEvent;
			await popup.waitForURL(/\/api\/auth\/callback\?/);
			await expect(popup.locator('#sign-in-result')).toHaveCount(1);
			const result = await popup.locator('#sign-in-result').textContent();
			// The sign-in itself succeeded: the page holds a token, for this site alone.
			expect(result).toContain('gho_e2eStandInToken');
			// The callback window records what reaches it, after its own listener (added at load).
			await popup.evaluate(() => {
				const heard: string[] = [];
				(window as unknown as { heard: string[] }).heard = heard;
				window.addEventListener('message', (event) => heard.push(String(event.data)));
			});
			// The foreign opener answers the handshake the way the editor does…
			await page.evaluate(() => {
				const signIn = (window as unknown as { signIn: Window | null }).signIn;
				signIn?.postMessage('authorizing:github', '*');
			});
			await expect
				.poll(() => popup.evaluate(() => (window as unknown as { heard: string[] }).heard))
				.toContain('authorizing:github');
			// …so the callback's own listener has had it. Then the callback window pings its opener:
			// messages from one window to another arrive in order, so once the ping is seen, anything
			// the callback posted before it has arrived.
			const hasOpener = await popup.evaluate(() => {
				if (!window.opener) return false;
				(window.opener as Window).postMessage('ping', '*');
				return true;
			});
			expect(hasOpener).toBe(true);
			{
				await expect
					.poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen))
					.toContain('ping');
			}
			const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
			expect(seen.join('\n')).not.toContain('gho_');
			expect(seen.join('\n')).not.toContain('authorization:github:success');
		} finally {
			await foreign.close();
		}
	});

	test('a callback without the state of this browser gives no token', async ({ request }) => {
		const answer = await request.get(
			'/api/auth/callback?code=abc&state=0123456789abcdef0123456789abcdef',
		);
		expect(answer.status()).toBe(200);
		const html = await answer.text();
		expect(html).toContain('CSRF_DETECTED');
		expect(html).not.toContain('gho_');
		expect(answer.headers()['cache-control']).toContain('no-store');
	});
});
