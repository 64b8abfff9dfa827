// @ts-check
// The scene of the staff screenshots for STAFF.md (scripts/staff-*.mjs, stock-screenshots.mjs):
// the build in dist/ served by the site's server on a temporary database in simulation mode, a
// member of staff made in it with a session and a one-time link (dist/server/staff.mjs), and
// Chromium. The server is opened as http://localhost, as WebAuthn refuses an IP address.
// `--port N` on the command line picks the server's port.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './browser-path.mjs';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

/** Where the screenshots go. */
export const SHOTS_DIR = join(ROOT, 'docs/img');

/** A Pixel 7 in Italy, as the staff use the desk. */
export const PIXEL_7 = Object.freeze({
	viewport: { width: 412, height: 839 },
	deviceScaleFactor: 2.625,
	isMobile: true,
	hasTouch: true,
	locale: 'it-IT',
	timezoneId: 'Europe/Rome',
});

/**
 * A phone's browser signed in as the scene's member (the session as a header: a __Host- cookie
 * cannot be set on http://localhost from here), without the service worker.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} cookie e.g. `__Host-gestione=…`
 */
export function signedInPhone(browser, cookie) {
	return browser.newContext({
		viewport: { width: 390, height: 844 },
		deviceScaleFactor: 2,
		isMobile: true,
		hasTouch: true,
		locale: 'it-IT',
		timezoneId: 'Europe/Rome',
		serviceWorkers: 'block',
		extraHTTPHeaders: { Cookie: cookie },
	});
}

/**
 * Starts the scene. `env` adds to the server's settings; `shops` are the member's.
 * @param {string} name the script's name, for the temporary folder and errors
 * @param {{ env?: Record<string, string>, shops?: string[] }} [options]
 */
export async function openStaffScene(name, { env = {}, shops = ['torino'] } = {}) {
	const portArgument = process.argv.indexOf('--port');
	const port = portArgument > 0 ? Number(process.argv[portArgument + 1]) : undefined;
	assertBuilt();
	const dir = mkdtempSync(join(tmpdir(), `vigorsport-${name}-`));
	const dbPath = join(dir, 'messages.sqlite');
	const server = await startServer({
		env: { CONTACT_DB_PATH: dbPath, SMTP_HOST: '', ...env },
		...(port ? { port } : {}),
	});
	/** @type {import('../src/server/script-exports.ts')} */
	const staff = await import(pathToFileURL(join(ROOT, 'dist/server/staff.mjs')).href);
	const store = staff.openStaffStore(dbPath);
	const member = store.addStaff(
		{ name: 'Giulia Rossi', email: 'giulia@vigorsport.test', shops },
		Date.now(),
	);
	if (!member) throw new Error(`${name}: the member exists already.`);
	const session = store.createSession(member.id, Date.now());
	const link = store.createLink(member.id, Date.now()).token;
	store.close();

	const found = findChromium();
	/** Chromium with the arguments this machine needs, and `args`. @param {string[]} [args] */
	const launch = (args = []) =>
		chromium.launch({
			...(found ? { executablePath: found.path } : {}),
			args: [...CHROMIUM_ARGS, ...args],
		});
	const browser = await launch();
	return {
		origin: server.url.replace('127.0.0.1', 'localhost'),
		/** A folder of the scene's own, removed with it. */
		dir,
		/** The server's database file. */
		dbPath,
		/** The member's id. */
		memberId: member.id,
		/** The member's session, for the `__Host-gestione` cookie. */
		session,
		/** The member's one-time link token (/gestione/attiva#<token>). */
		link,
		browser,
		launch,
		async close() {
			await browser.close();
			await server.stop();
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
