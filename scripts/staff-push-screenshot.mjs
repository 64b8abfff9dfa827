#!/usr/bin/env node
// @ts-check
// node scripts/staff-push-screenshot.mjs [--port N]: the desk's 'Notifiche su questo dispositivo'
// box for STAFF.md, on a Pixel 7 (412 × 839) in Chromium, from the build in dist/ served by the
// site's server with a temporary database and a signed-in member, notifications allowed: the box
// with 'Attiva le notifiche'. Into docs/img/staff-notifiche.png. Needs `npm run build` first.
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
const dir = mkdtempSync(join(tmpdir(), 'vigorsport-push-shot-'));
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
	{ name: 'Giulia Rossi', email: 'giulia@vigorsport.it', shops: ['torino'] },
	Date.now(),
);
if (!member) throw new Error('staff-push-screenshot: the member exists already.');
const token = store.createSession(member.id, Date.now());
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
		timezoneId: 'Europe/Rome',
	});
	await context.grantPermissions(['notifications'], { origin });
	await context.addCookies([
		{
			name: '__Host-gestione',
			value: token,
			domain: 'localhost',
			path: '/',
			httpOnly: true,
			secure: true,
			sameSite: 'Strict',
		},
	]);
	const page = await context.newPage();
	await page.goto(`${origin}/gestione`, { waitUntil: 'networkidle' });
	const box = page.locator('[data-push]');
	await box.getByRole('button', { name: 'Attiva le notifiche' }).waitFor();
	await box.scrollIntoViewIfNeeded();
	const file = join(ROOT, 'docs/img', 'staff-notifiche.png');
	await page.screenshot({ path: file });
	console.log(`staff-push-screenshot: ${file}`);
	await context.close();
} finally {
	await browser.close();
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
}
