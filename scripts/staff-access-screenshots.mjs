#!/usr/bin/env node
// @ts-check
// node scripts/staff-access-screenshots.mjs [--port N]: the sign-in screens for STAFF.md, on a
// Pixel 7 (412 × 839) in Chromium, from the build in dist/ served by the site's server with a
// temporary database: the one-time link's page, and the sign-in page after the passkey was made
// (Chromium's virtual authenticator) and 'Esci' tapped. Into docs/img/ (PNG). Needs
// `npm run build` first. The server is opened as http://localhost: WebAuthn refuses an IP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './browser-path.mjs';
import { ROOT, assertBuilt, startServer } from './start-server.mjs';

const portArgument = process.argv.indexOf('--port');
const port = portArgument > 0 ? Number(process.argv[portArgument + 1]) : undefined;
assertBuilt();
const dir = mkdtempSync(join(tmpdir(), 'vigorsport-staff-shots-'));
const dbPath = join(dir, 'messages.sqlite');
const server = await startServer({
	env: { CONTACT_DB_PATH: dbPath, SMTP_HOST: '' },
	...(port ? { port } : {}),
});
const origin = server.url.replace('127.0.0.1', 'localhost');

/** @type {import('../src/server/script-exports.ts')} */
const staff = await import(pathToFileURL(join(ROOT, 'dist/server/staff.mjs')).href);
const store = staff.openStaffStore(dbPath);
const member = store.addStaff(
	{ name: 'Giulia Rossi', email: 'giulia@vigorsport.it', shops: ['aosta'] },
	Date.now(),
);
if (!member) throw new Error('staff-access-screenshots: the member exists already.');
const { token } = store.createLink(member.id, Date.now());
store.close();

const found = findChromium();
const browser = await chromium.launch({
	...(found ? { executablePath: found.path } : {}),
	args: [...CHROMIUM_ARGS],
});
try {
	const context = await browser.newContext({
		viewport: { width: 412, height: 839 },
		deviceScaleFactor: 2.625,
		isMobile: true,
		hasTouch: true,
		locale: 'it-IT',
		serviceWorkers: 'block',
	});
	const page = await context.newPage();
	const client = await context.newCDPSession(page);
	await client.send('WebAuthn.enable');
	await client.send('WebAuthn.addVirtualAuthenticator', {
		options: {
			protocol: 'ctap2',
			transport: 'internal',
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true,
		},
	});
	/** @param {string} name */
	const shot = async (name) => {
		const file = join(ROOT, 'docs/img', `staff-${name}.png`);
		await page.screenshot({ path: file });
		console.log(`staff-access-screenshots: ${file}`);
	};
	await page.goto(`${origin}/gestione/attiva#${token}`, { waitUntil: 'networkidle' });
	await shot('crea-passkey');
	await page.getByRole('button', { name: 'Crea la passkey' }).tap();
	await page.waitForURL(`${origin}/gestione`);
	await page.getByRole('button', { name: 'Esci' }).tap();
	await page.waitForURL(/\/gestione\/accesso/);
	await shot('accesso');
	await context.close();
} finally {
	await browser.close();
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
}
