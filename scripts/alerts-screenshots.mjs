#!/usr/bin/env node
// @ts-check
// node scripts/alerts-screenshots.mjs [--port N]: the demand of 'Avvisami' on the stock page, on
// a phone (390 × 844), for STAFF.md's 'Avvisami', into docs/img/: the list filtered 'Con
// richieste' with its 'N in attesa' (staff-avvisami.png), and a variant's 'Richieste di avviso'
// after an arrival that told two people (staff-avvisami-variante.png). The scene:
// scripts/staff-scene.mjs; the confirmed requests are written straight into its database, as the
// server stores them (scripts/bench-alerts.mjs does the same). Needs `npm run build`.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SHOTS_DIR, openStaffScene, signedInPhone } from './staff-scene.mjs';

const scene = await openStaffScene('alerts-screenshots', { env: { CONTACT_RATE_LIMIT: '1000' } });
const { origin } = scene;
try {
	const cookie = `__Host-gestione=${scene.session}`;
	const product = { id: 'whey-concentrate-80', name: 'Whey 80 Concentrate' };
	// Variants the sample shop has none of at Torino: [variant, label, waiting here, any shop].
	/** @type {[string, string, number, number][]} */
	const waiting = [
		['cioccolato-900-g', 'Cioccolato – 900 g', 4, 1],
		['biscotto-2-kg', 'Biscotto – 2 kg', 2, 0],
	];
	const db = new Database(scene.dbPath);
	try {
		const insert = db.prepare(
			`INSERT INTO alerts (email, product_id, variant_id, shop_id, product_name, variant_label,
				product_path, shop_name, status, created_at, asked_at, confirmed_at, expires_at)
			 VALUES (?, ?, ?, ?, ?, ?, '/prodotti/proteine/whey-concentrate-80', ?, 'waiting', ?, ?, ?, ?)`,
		);
		const watch = db.prepare(
			`INSERT OR REPLACE INTO alert_watch (shop_id, product_id, variant_id, available)
			 VALUES ('torino', ?, ?, 0)`,
		);
		const now = Date.now();
		db.transaction(() => {
			let n = 0;
			for (const [variant, label, here, anywhere] of waiting) {
				for (let k = 0; k < here + anywhere; k++) {
					const at = now - (20 - n++) * 3_600_000;
					const shop = k < here ? ['torino', 'Sede di Torino'] : ['qualsiasi', ''];
					insert.run(
						`cliente${n}@example.it`,
						product.id,
						variant,
						shop[0],
						product.name,
						label,
						shop[1],
						at,
						at,
						at,
						at + 90 * 86_400_000,
					);
				}
				watch.run(product.id, variant);
			}
		})();
	} finally {
		db.close();
	}
	const variant = { negozio: 'torino', prodotto: product.id, variante: 'cioccolato-900-g' };
	const answer = await fetch(`${origin}/api/gestione/magazzino/movimento`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
		body: JSON.stringify({ ...variant, motivo: 'arrival', pezzi: 2, nota: 'Bolla n. 1240' }),
	});
	if (!answer.ok) throw new Error(`movimento: ${answer.status} ${await answer.text()}`);
	// The two oldest are told right after the answer.
	const reader = new Database(scene.dbPath, { readonly: true });
	try {
		for (let tries = 0; ; tries++) {
			const { n } = /** @type {{ n: number }} */ (
				reader.prepare(`SELECT COUNT(*) AS n FROM alerts WHERE status = 'told'`).get()
			);
			if (n === 2) break;
			if (tries > 100) throw new Error('the arrival told nobody');
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	} finally {
		reader.close();
	}

	const context = await signedInPhone(scene.browser, cookie);
	const page = await context.newPage();
	await page.goto(`${origin}/gestione/magazzino?filtro=richieste`, { waitUntil: 'networkidle' });
	await page.screenshot({ path: join(SHOTS_DIR, 'staff-avvisami.png') });
	await page.goto(
		`${origin}/gestione/magazzino/variante?${new URLSearchParams(variant).toString()}`,
		{ waitUntil: 'networkidle' },
	);
	// The section alone: the counts and the arrivals, under the variant's actions.
	const section = page
		.getByRole('heading', { name: 'Richieste di avviso' })
		.locator('xpath=ancestor::section[1]');
	await section.screenshot({ path: join(SHOTS_DIR, 'staff-avvisami-variante.png') });
	console.log('docs/img/staff-avvisami.png, docs/img/staff-avvisami-variante.png');
} finally {
	await scene.close();
}
