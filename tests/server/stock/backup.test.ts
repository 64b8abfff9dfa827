import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { startServer } from '../../../scripts/start-server.mjs';
import { ledgerMismatches, stockLevel } from '../../../src/server/stock/store';
import { createStaffSession } from '../../helpers/staff';
import { rawRequest, tempDatabase, type Cleanups } from '../helpers/contact';
import { integrityOf, runScript } from '../helpers/ops';
import { WHEY } from '../helpers/pickup';
import { staffRequest } from '../helpers/staff';

/**
 * `npm run backup` holds the stock ledger: the movements and on hand of the copy are those
 * acknowledged before it was made, and after `npm run restore` the server offers visitors the
 * restored figure, not the sample shop's first count again.
 */

const cleanups: Cleanups = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const REF = { shopId: 'torino', productId: WHEY.productId, variantId: WHEY.variantId };

it('a backup holds the ledger, and the restored server offers its figure', async () => {
	const db = tempDatabase();
	cleanups.push(db.remove);
	const backups = join(db.dir, 'copie');
	const env = { CONTACT_DB_PATH: db.dbPath };
	const server = await startServer({ env: { ...env, SMTP_HOST: '' } });
	cleanups.push(() => server.stop());
	const session = createStaffSession(db.dbPath, { name: 'Giulia', shops: ['torino'] }, server.url);
	const move = (motivo: string, pezzi: number, nota: string) =>
		staffRequest(server.url, '/api/gestione/magazzino/movimento', {
			method: 'POST',
			cookie: session.cookie,
			body: {
				negozio: 'torino',
				prodotto: WHEY.productId,
				variante: WHEY.variantId,
				motivo,
				pezzi,
				nota,
			},
		});
	expect((await move('count', 31, 'prima della copia')).status).toBe(200);
	expect((await move('arrival', 5, 'prima della copia')).status).toBe(200);
	const backup = await runScript('backup.mjs', [backups], env);
	expect(backup.code, backup.stderr).toBe(0);
	const copy = /salvata in (\S+) /.exec(backup.stdout)?.[1] ?? '';
	// Movements after the copy are not in it.
	expect((await move('counter_sale', 30, 'dopo la copia')).status).toBe(200);

	const copied = new Database(copy, { readonly: true });
	try {
		expect(stockLevel(copied, REF).onHand).toBe(36);
		const notes = (
			copied
				.prepare(`SELECT reason, note FROM stock_movements WHERE variant_id = ? ORDER BY id`)
				.all(WHEY.variantId) as { reason: string; note: string | null }[]
		).filter((row) => row.note !== null);
		expect(notes).toEqual([
			{ reason: 'count', note: 'prima della copia' },
			{ reason: 'arrival', note: 'prima della copia' },
		]);
		expect(ledgerMismatches(copied)).toEqual([]);
	} finally {
		copied.close();
	}

	await server.stop();
	const restored = await runScript('restore.mjs', [copy], env);
	expect(restored.code, restored.stderr).toBe(0);
	expect(integrityOf(db.dbPath)).toEqual(['ok']);
	const again = await startServer({ env: { ...env, SMTP_HOST: '' } });
	cleanups.push(() => again.stop());
	const offered = await rawRequest(
		`${again.url}/api/disponibilita?negozio=torino&prodotto=${WHEY.productId}`,
		{ method: 'GET', headers: { Accept: 'application/json' } },
	);
	const json = JSON.parse(offered.body) as { prodotti: Record<string, Record<string, number>> };
	expect(json.prodotti[WHEY.productId]?.[WHEY.variantId]).toBe(36);
}, 120_000);
