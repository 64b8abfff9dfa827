#!/usr/bin/env node
// @ts-check
// node scripts/staff-access-screenshots.mjs [--port N]: the sign-in screens for STAFF.md, on a
// Pixel 7 in Chromium: the one-time link's page, and the sign-in page after the passkey was made
// (Chromium's virtual authenticator) and 'Esci' tapped. Into docs/img/ (PNG). The scene:
// scripts/staff-scene.mjs. Needs `npm run build` first.
import { join } from 'node:path';
import { PIXEL_7, SHOTS_DIR, openStaffScene } from './staff-scene.mjs';

const scene = await openStaffScene('staff-access-screenshots', { shops: ['aosta'] });
try {
	const context = await scene.browser.newContext({ ...PIXEL_7, serviceWorkers: 'block' });
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
		const file = join(SHOTS_DIR, `staff-${name}.png`);
		await page.screenshot({ path: file });
		console.log(`staff-access-screenshots: ${file}`);
	};
	await page.goto(`${scene.origin}/gestione/attiva#${scene.link}`, { waitUntil: 'networkidle' });
	await shot('crea-passkey');
	await page.getByRole('button', { name: 'Crea la passkey' }).tap();
	await page.waitForURL(`${scene.origin}/gestione`);
	await page.getByRole('button', { name: 'Esci' }).tap();
	await page.waitForURL(/\/gestione\/accesso/);
	await shot('accesso');
	await context.close();
} finally {
	await scene.close();
}
