#!/usr/bin/env node
// @ts-check
// node scripts/staff-push-screenshot.mjs [--port N]: the desk's 'Notifiche su questo dispositivo'
// box for STAFF.md, on a Pixel 7 in Chromium, signed in, notifications allowed: the box with
// 'Attiva le notifiche'. Into docs/img/staff-notifiche.png. The scene: scripts/staff-scene.mjs.
// Needs `npm run build` first.
import { join } from 'node:path';
import { PIXEL_7, SHOTS_DIR, openStaffScene } from './staff-scene.mjs';

const scene = await openStaffScene('staff-push-screenshot');
try {
	const context = await scene.browser.newContext(PIXEL_7);
	await context.grantPermissions(['notifications'], { origin: scene.origin });
	await context.addCookies([
		{
			name: '__Host-gestione',
			value: scene.session,
			domain: 'localhost',
			path: '/',
			httpOnly: true,
			secure: true,
			sameSite: 'Strict',
		},
	]);
	const page = await context.newPage();
	await page.goto(`${scene.origin}/gestione`, { waitUntil: 'networkidle' });
	const box = page.locator('[data-push]');
	await box.getByRole('button', { name: 'Attiva le notifiche' }).waitFor();
	await box.scrollIntoViewIfNeeded();
	const file = join(SHOTS_DIR, 'staff-notifiche.png');
	await page.screenshot({ path: file });
	console.log(`staff-push-screenshot: ${file}`);
	await context.close();
} finally {
	await scene.close();
}
