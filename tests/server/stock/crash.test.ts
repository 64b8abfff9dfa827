import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../scripts/start-server.mjs';
import { ledgerMismatches, stockLevel } from '../../../src/server/stock/store';
import { createStaffSession } from '../../helpers/staff';
import { rawRequest, tempDatabase } from '../helpers/contact';
import { WHEY } from '../helpers/pickup';
import { staffRequest } from '../helpers/staff';

/**
 * The server killed with SIGKILL in the middle of a load of stock movements from two tablets,
 * then restarted on the same database: every movement that got a 200 is stored with its note,
 * on hand is still the sum of the ledger, and the restarted server offers that figure (the
 * sample shop's first count is not loaded again into a ledger that has moved).
 */

const db = tempDatabase();
const servers: RunningServer[] = [];
afterAll(async () => {
	for (const server of servers) await server.stop('SIGKILL');
	db.remove();
});

const REF = { shopId: 'torino', productId: WHEY.productId, variantId: WHEY.variantId };

it('kill -9 during adjustments loses no acknowledged movement', async () => {
	const env = { CONTACT_DB_PATH: db.dbPath, STAFF_RATE_LIMIT: '1000000', SMTP_HOST: '' };
	const first = await startServer({ env });
	servers.push(first);
	const session = createStaffSession(db.dbPath, { name: 'Giulia', shops: ['torino'] }, first.url);
	const acknowledged = new Map<number, string>();
	let next = 0;
	let killed = false;
	async function tablet() {
		while (!killed && next < 400) {
			const note = `movimento ${next++}`;
			try {
				const answer = await staffRequest(first.url, '/api/gestione/magazzino/movimento', {
					method: 'POST',
					cookie: session.cookie,
					body: {
						negozio: 'torino',
						prodotto: WHEY.productId,
						variante: WHEY.variantId,
						motivo: 'arrival',
						pezzi: 1,
						nota: note,
					},
				});
				if (answer.status === 200) {
					const { movimento } = JSON.parse(answer.body) as { movimento: { id: number } };
					acknowledged.set(movimento.id, note);
				}
			} catch {
				// The connection dropped with the server: no answer, so no promise was made.
				continue;
			}
			if (!killed && acknowledged.size >= 40) {
				killed = true;
				first.child.kill('SIGKILL');
			}
		}
	}
	await Promise.all(Array.from({ length: 6 }, () => tablet()));
	expect(killed).toBe(true);

	const file = new Database(db.dbPath, { readonly: true });
	try {
		const stored = new Map(
			(
				file.prepare(`SELECT id, note FROM stock_movements WHERE reason = 'arrival'`).all() as {
					id: number;
					note: string;
				}[]
			).map((row) => [row.id, row.note]),
		);
		for (const [id, note] of acknowledged) expect(stored.get(id)).toBe(note);
		expect(ledgerMismatches(file)).toEqual([]);
		expect(stockLevel(file, REF).onHand).toBe(WHEY.stock.torino + stored.size);
	} finally {
		file.close();
	}

	const second = await startServer({ env });
	servers.push(second);
	const file2 = new Database(db.dbPath, { readonly: true });
	const { onHand } = stockLevel(file2, REF);
	const seeds = (
		file2
			.prepare(
				`SELECT COUNT(*) AS n FROM stock_movements WHERE reason = 'initial_count' AND shop_id = 'torino' AND product_id = ? AND variant_id = ?`,
			)
			.get(WHEY.productId, WHEY.variantId) as { n: number }
	).n;
	file2.close();
	expect(seeds).toBe(1);
	const offered = await rawRequest(
		`${second.url}/api/disponibilita?negozio=torino&prodotto=${WHEY.productId}`,
		{ method: 'GET', headers: { Accept: 'application/json' } },
	);
	const json = JSON.parse(offered.body) as { prodotti: Record<string, Record<string, number>> };
	expect(json.prodotti[WHEY.productId]?.[WHEY.variantId]).toBe(onHand);
}, 120_000);
