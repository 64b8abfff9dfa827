#!/usr/bin/env node
// @ts-check
// node scripts/stock-screenshots.mjs [--port N]: the stock page on a phone (390 × 844) for
// STAFF.md's 'Il magazzino', into docs/img/: the list searched (staff-magazzino.png), a variant
// after goods received, with its quick actions and history (staff-magazzino-variante.png), and a
// stocktake's review before confirmation (staff-magazzino-inventario.png). The scene:
// scripts/staff-scene.mjs (its database has the sample shop's counts). Needs `npm run build`.
import { join } from 'node:path';
import { SHOTS_DIR, openStaffScene, signedInPhone } from './staff-scene.mjs';

const scene = await openStaffScene('stock-screenshots', { env: { CONTACT_RATE_LIMIT: '1000' } });
const { origin } = scene;
try {
	const cookie = `__Host-gestione=${scene.session}`;
	const variant = {
		negozio: 'torino',
		prodotto: 'whey-concentrate-80',
		variante: 'cioccolato-2-kg',
	};
	/** @param {string} path @param {unknown} body */
	const post = async (path, body) => {
		const answer = await fetch(`${origin}/api/gestione/magazzino/${path}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
			body: JSON.stringify(body),
		});
		if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
	};
	await post('scorta-minima', { ...variant, scorta: 3 });
	await post('movimento', { ...variant, motivo: 'counter_sale', pezzi: 2 });
	await post('movimento', { ...variant, motivo: 'arrival', pezzi: 6, nota: 'Bolla n. 1234' });

	const context = await signedInPhone(scene.browser, cookie);
	const page = await context.newPage();
	await page.goto(`${origin}/gestione/magazzino?cerca=whey+80`, { waitUntil: 'networkidle' });
	await page.screenshot({ path: join(SHOTS_DIR, 'staff-magazzino.png') });
	const query = new URLSearchParams(variant).toString();
	await page.goto(`${origin}/gestione/magazzino/variante?${query}&esito=movimento`, {
		waitUntil: 'networkidle',
	});
	await page.screenshot({
		path: join(SHOTS_DIR, 'staff-magazzino-variante.png'),
		fullPage: true,
	});
	await page.goto(`${origin}/gestione/magazzino?cerca=eaa+essential&modo=conteggio`, {
		waitUntil: 'networkidle',
	});
	const fields = page.getByRole('textbox', { name: 'Contati' });
	for (const [index, count] of ['4', '3', '2'].entries()) await fields.nth(index).fill(count);
	await page.getByRole('button', { name: 'Rivedi le differenze' }).tap();
	await page.getByRole('button', { name: 'Conferma il conteggio' }).waitFor();
	await page.locator('[data-review]').scrollIntoViewIfNeeded();
	await page.screenshot({ path: join(SHOTS_DIR, 'staff-magazzino-inventario.png') });
	console.log(
		'docs/img/staff-magazzino.png, docs/img/staff-magazzino-variante.png, docs/img/staff-magazzino-inventario.png',
	);
} finally {
	await scene.close();
}
