import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/start-server.mjs';
import { StaffStore } from '../../../src/server/staff/store';
import { REGISTRY } from '../../../src/server/services';
import { hashToken, LINK_LIFETIME_MS, newToken } from '../../../src/server/staff/rules';
import { createStaffMember, createStaffSession } from '../../helpers/staff';
import { expectPrivate, staffRequest, staffRoutes, useStaffServer } from '../helpers/staff';

/**
 * The staff area's security on the real built server and a real SQLite file: every route
 * without a session, forged and replayed cookies, one-time links, cross-origin requests, the
 * link request's one answer, and no-store and noindex on every answer.
 */
const server = useStaffServer();
const routes = staffRoutes();
const guarded = routes.filter((route) => !route.public);

/** Runs `npm run staff -- …` (the real CLI) on the test server's database. */
function staffCli(dbPath: string, ...args: string[]) {
	return spawnSync(process.execPath, [join(ROOT, 'scripts/staff.mjs'), ...args], {
		env: { ...process.env, CONTACT_DB_PATH: dbPath, SMTP_HOST: '', PUBLIC_ORIGIN: '' },
		encoding: 'utf8',
	});
}

/** A link made at `createdAt` directly in the store. */
function linkCreatedAt(dbPath: string, email: string, createdAt: number): string {
	const store = StaffStore.open(dbPath, REGISTRY);
	try {
		const member = store.activeByEmail(email);
		if (!member) throw new Error(`no member ${email}`);
		return store.createLink(member.id, createdAt).token;
	} finally {
		store.close();
	}
}

describe('the routes found in the source tree', () => {
	it('include the sign-in pages and routes, and at least one page that needs a session', () => {
		const paths = routes.map((route) => route.path);
		expect(paths).toEqual(
			expect.arrayContaining([
				'/gestione',
				'/gestione/accesso',
				'/gestione/attiva',
				'/api/gestione/auth/accesso',
				'/api/gestione/auth/esci',
			]),
		);
		for (const route of routes) expect(route.methods.length, route.file).toBeGreaterThan(0);
	});
});

/** Every method a client may send: the answer without a session never depends on it. */
const ANY_METHOD = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

describe('without a session', () => {
	it.each(guarded.map((route) => [route.path, route] as const))(
		'%s sends pages to the sign-in and refuses the API with 401, whatever the method',
		async (_path, route) => {
			for (const method of ANY_METHOD) {
				const response = await staffRequest(server.url, route.path, {
					method,
					...(method === 'GET' || method === 'HEAD' ? {} : { body: {} }),
				});
				expectPrivate(response);
				if (route.kind === 'page') {
					expect(response.status, `${method} ${route.path}`).toBe(303);
					expect(response.headers['location']).toBe('/gestione/accesso');
				} else {
					expect(response.status, `${method} ${route.path}`).toBe(401);
					if (method === 'HEAD') continue;
					expect((JSON.parse(response.body) as { error: string }).error).toMatch(
						/Accesso richiesto/,
					);
				}
			}
		},
	);

	it.each([
		['a random token', () => `__Host-gestione=${newToken()}`],
		['garbage', () => '__Host-gestione=%00%ff;;'],
		[
			'the token under the name without __Host-',
			() => `gestione=${createStaffSession(server.dbPath).token}`,
		],
	])('a forged cookie (%s) opens nothing', async (_name, cookie) => {
		for (const route of guarded) {
			const response = await staffRequest(server.url, route.path, { cookie: cookie() });
			expectPrivate(response);
			expect(response.status, route.path).toBe(route.kind === 'page' ? 303 : 401);
		}
	});
});

describe('a session', () => {
	it('opens the staff pages, until sign-out; the same cookie replayed then opens nothing', async () => {
		const { cookie, member } = createStaffSession(server.dbPath, { name: 'Luca Bianchi' });
		const page = await staffRequest(server.url, '/gestione', { cookie });
		expect(page.status).toBe(200);
		expectPrivate(page);
		expect(page.body).toContain(member.name);
		expect(page.body).toContain('<meta name="robots" content="noindex, nofollow"');

		const out = await staffRequest(server.url, '/api/gestione/auth/esci', {
			method: 'POST',
			cookie,
		});
		expect(out.status).toBe(200);
		expectPrivate(out);
		expect(String(out.headers['set-cookie'])).toMatch(
			/^__Host-gestione=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0; Secure/,
		);

		const replayed = await staffRequest(server.url, '/gestione', { cookie });
		expect(replayed.status).toBe(303);
		expect(replayed.headers['location']).toBe('/gestione/accesso');
	});

	it('meets a not-found page and route of the staff area for unknown addresses', async () => {
		const { cookie } = createStaffSession(server.dbPath);
		const page = await staffRequest(server.url, '/gestione/pagina-inesistente', { cookie });
		expect(page.status).toBe(404);
		expectPrivate(page);
		expect(page.body).toContain('Pagina non trovata');
		const api = await staffRequest(server.url, '/api/gestione/nulla/qui', { cookie });
		expect(api.status).toBe(404);
		expectPrivate(api);
		expect((JSON.parse(api.body) as { error: string }).error).toMatch(/sconosciuto/);
	});

	it('ends when the member is disabled with `npm run staff -- disattiva`', async () => {
		const { cookie, member } = createStaffSession(server.dbPath);
		expect((await staffRequest(server.url, '/gestione', { cookie })).status).toBe(200);
		const cli = staffCli(server.dbPath, 'disattiva', member.email);
		expect(cli.stderr).toBe('');
		expect(cli.stdout).toMatch(/^Disattivato: /);
		expect(cli.status).toBe(0);
		expect((await staffRequest(server.url, '/gestione', { cookie })).status).toBe(303);
	});

	it('ends after a working day without use', async () => {
		const { cookie, token } = createStaffSession(server.dbPath);
		const db = new Database(server.dbPath);
		try {
			const idle = Date.now() - 12 * 3_600_000 - 1000;
			db.prepare('UPDATE staff_sessions SET last_used_at = ? WHERE token_hash = ?').run(
				idle,
				hashToken(token),
			);
		} finally {
			db.close();
		}
		expect((await staffRequest(server.url, '/gestione', { cookie })).status).toBe(303);
	});

	it('is stored as a hash only', () => {
		const { token } = createStaffSession(server.dbPath);
		const db = new Database(server.dbPath, { readonly: true });
		try {
			const rows = db.prepare('SELECT * FROM staff_sessions').all();
			expect(JSON.stringify(rows)).not.toContain(token);
		} finally {
			db.close();
		}
	});
});

describe('one-time links', () => {
	it('work for 15 minutes: the enrolment opens at 14 minutes, not at 15', async () => {
		const member = createStaffMember(server.dbPath);
		const fresh = linkCreatedAt(server.dbPath, member.email, Date.now() - 14 * 60_000);
		const stale = linkCreatedAt(server.dbPath, member.email, Date.now() - LINK_LIFETIME_MS - 1000);
		const ok = await staffRequest(server.url, '/api/gestione/auth/passkey-opzioni', {
			method: 'POST',
			body: { token: fresh },
		});
		expect(ok.status).toBe(200);
		expectPrivate(ok);
		const options = JSON.parse(ok.body) as { rp: { id: string }; user: { name: string } };
		expect(options.rp.id).toBe('127.0.0.1');
		expect(options.user.name).toBe(member.email);
		const expired = await staffRequest(server.url, '/api/gestione/auth/passkey-opzioni', {
			method: 'POST',
			body: { token: stale },
		});
		expect(expired.status).toBe(410);
		expect((JSON.parse(expired.body) as { error: string }).error).toMatch(/non è valido/);
	});

	it('are not used up by opening the page, nor by a failed enrolment; a used link is refused', async () => {
		const member = createStaffMember(server.dbPath);
		const token = linkCreatedAt(server.dbPath, member.email, Date.now());
		const page = await staffRequest(server.url, `/gestione/attiva`);
		expect(page.status).toBe(200);
		expectPrivate(page);
		const bad = await staffRequest(server.url, '/api/gestione/auth/passkey', {
			method: 'POST',
			body: { token, response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
		});
		expect(bad.status).toBe(400);
		const still = await staffRequest(server.url, '/api/gestione/auth/passkey-opzioni', {
			method: 'POST',
			body: { token },
		});
		expect(still.status).toBe(200);
		// Used: as the one successful enrolment leaves it.
		const store = StaffStore.open(server.dbPath, REGISTRY);
		try {
			expect(store.consumeLink(token, Date.now())).toBe(true);
			expect(store.consumeLink(token, Date.now())).toBe(false);
		} finally {
			store.close();
		}
		const reused = await staffRequest(server.url, '/api/gestione/auth/passkey-opzioni', {
			method: 'POST',
			body: { token },
		});
		expect(reused.status).toBe(410);
	});

	it('are stored as a hash only, and printed by `npm run staff -- link` in simulation mode', () => {
		const member = createStaffMember(server.dbPath);
		const cli = staffCli(server.dbPath, 'link', member.email, '--origine', 'http://localhost:4660');
		expect(cli.status).toBe(0);
		const url = /http:\/\/localhost:4660\/gestione\/attiva#([A-Za-z0-9_-]{43})/.exec(cli.stdout);
		expect(url).not.toBeNull();
		const db = new Database(server.dbPath, { readonly: true });
		try {
			expect(JSON.stringify(db.prepare('SELECT * FROM staff_links').all())).not.toContain(url?.[1]);
		} finally {
			db.close();
		}
	});
});

describe('the link request', () => {
	it('answers the same for a staff member’s address and any other', async () => {
		const member = createStaffMember(server.dbPath);
		const answers = await Promise.all(
			[member.email, 'nessuno@example.it', member.email.toUpperCase()].map((email) =>
				staffRequest(server.url, '/api/gestione/auth/link', { method: 'POST', body: { email } }),
			),
		);
		for (const answer of answers) {
			expectPrivate(answer);
			expect(answer.status).toBe(202);
			expect(answer.body).toBe(answers[0]?.body);
		}
		const forms = await Promise.all(
			[member.email, 'nessuno@example.it'].map((email) =>
				fetch(`${server.url}/api/gestione/auth/link`, {
					method: 'POST',
					redirect: 'manual',
					headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ email }),
				}),
			),
		);
		for (const form of forms) {
			expect(form.status).toBe(303);
			expect(form.headers.get('location')).toBe('/gestione/accesso?link=inviato');
		}
	});
});

describe('a request from another site', () => {
	const stateChanging = routes.flatMap((route) =>
		route.methods
			.filter((method) => method !== 'GET')
			.map((method) => [method, route.path] as const),
	);
	it.each(stateChanging)('%s %s is refused with 403, signed in or not', async (method, path) => {
		const { cookie } = createStaffSession(server.dbPath);
		for (const headers of [
			{ Origin: 'https://evil.example' },
			{ Origin: 'null' },
			{ 'Sec-Fetch-Site': 'cross-site' },
			{},
		]) {
			const response = await staffRequest(server.url, path, {
				method,
				cookie,
				body: {},
				headers,
				origin: null,
			});
			expectPrivate(response);
			expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
			expect((JSON.parse(response.body) as { error: string }).error).toMatch(/solo da questo sito/);
		}
		expect((await staffRequest(server.url, '/gestione', { cookie })).status).toBe(200);
	});
});
