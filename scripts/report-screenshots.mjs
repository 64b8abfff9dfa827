#!/usr/bin/env node
// @ts-check
// node scripts/report-screenshots.mjs [--port N]: l'andamento on a phone (390 × 844) for
// STAFF.md's 'L'andamento', into docs/img/staff-andamento.png: Torino over 26 October – 22
// November 2026, on the month the server tests use (tests/server/helpers/report.ts, bundled here
// by the esbuild of scripts/typescript.mjs, as it is TypeScript), the page's clock at REPORTS_NOW.
// The scene: scripts/staff-scene.mjs. Needs `npm run build`.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './start-server.mjs';
import { SHOTS_DIR, openStaffScene, signedInPhone } from './staff-scene.mjs';
import { esbuild } from './typescript.mjs';

const scene = await openStaffScene('report-screenshots', {
	env: { STOCK_SEED_CSV: '', REPORTS_NOW: '2026-11-25T11:00:00.000Z' },
});
const { origin } = scene;
try {
	// Compiled beside the build, so that its packages (better-sqlite3, a native module that
	// cannot be bundled) resolve from the project's node_modules.
	const seedFile = join(ROOT, 'dist/server/report-seed.mjs');
	await esbuild.build({
		entryPoints: [join(ROOT, 'tests/server/helpers/report.ts')],
		bundle: true,
		packages: 'external',
		format: 'esm',
		platform: 'node',
		target: 'node20',
		outfile: seedFile,
		logLevel: 'warning',
	});
	/** @type {import('../tests/server/helpers/report.ts')} */
	const seed = await import(pathToFileURL(seedFile).href);
	rmSync(seedFile);
	seed.seedMonth(scene.dbPath, scene.memberId);

	const context = await signedInPhone(scene.browser, `__Host-gestione=${scene.session}`);
	const page = await context.newPage();
	await page.goto(`${origin}/gestione/andamento?negozio=torino&da=2026-10-26&a=2026-11-22`, {
		waitUntil: 'networkidle',
	});
	await page.screenshot({ path: join(SHOTS_DIR, 'staff-andamento.png') });
	console.log('docs/img/staff-andamento.png');
} finally {
	await scene.close();
}
