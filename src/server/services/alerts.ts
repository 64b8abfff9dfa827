/**
 * 'Avvisami' put together with what it reads of other things (docs/alerts.md, "The stock's
 * hook"): the available pieces (the ledger's on hand less the reservations' holds), and the one
 * call site through which the stock reports its committed movements. The alerts' folder imports
 * neither the ledger nor the reservations, and the ledger knows nothing of alerts: they meet
 * only here.
 */
import type Database from 'better-sqlite3';
import { availablePieces } from '../../lib/stock/ledger';
import { ANY_SHOP } from '../../lib/alerts/rules';
import type { AlertRef, AlertsService, AvailableNow } from '../alerts';
import { heldPieces } from '../reservations';
import { onHandAt, type StockRow, type StockService } from '../stock';

/** The available pieces of a variant at a shop, read from the database `db`. */
export function availableOn(db: Database.Database): AvailableNow {
	return ({ shopId, productId, variantId }, at) => {
		const key = `${productId}\n${variantId}`;
		const onHand = onHandAt(db, shopId, [productId]).get(key) ?? 0;
		return availablePieces(onHand, heldPieces(db, shopId, at).get(key) ?? 0);
	};
}

/**
 * The stock service whose committed movements are reported to `alerts`: after each
 * adjustment, stocktake or imported batch that recorded something, the variants it touched
 * (the hook tells those whose available pieces rose; a fall only updates what it has seen).
 * Its rows carry how many wait for them (here or at any shop), for the list, its filter 'Con
 * richieste', the variant's page and the CSV's `in_attesa`: never who.
 */
export function withAlertHook(stock: StockService, alerts: () => AlertsService): StockService {
	const report = (refs: readonly AlertRef[]) => {
		if (refs.length > 0) alerts().stockChanged(refs);
	};
	const refOf = ({ shopId, productId, variantId }: AlertRef): AlertRef => ({
		shopId,
		productId,
		variantId,
	});
	const withWaiting = (rows: StockRow[]): StockRow[] => {
		const counts = alerts().waitingCounts();
		return rows.map((row) => {
			const byShop = counts.get(`${row.productId}\n${row.variantId}`);
			const waiting = (byShop?.get(row.shopId) ?? 0) + (byShop?.get(ANY_SHOP) ?? 0);
			return { ...row, waiting };
		});
	};
	return {
		...stock,
		async stockList(query) {
			const wanted = query.filter === 'richieste';
			const rows = withWaiting(await stock.stockList(wanted ? { ...query, filter: null } : query));
			return wanted ? rows.filter((row) => (row.waiting ?? 0) > 0) : rows;
		},
		async stockRow(ref) {
			const row = await stock.stockRow(ref);
			return row ? (withWaiting([row])[0] ?? row) : null;
		},
		async adjustStock(request, actor) {
			const result = await stock.adjustStock(request, actor);
			if (result.outcome === 'recorded') report([refOf(request)]);
			return result;
		},
		async stocktake(counts, note, actor) {
			const result = await stock.stocktake(counts, note, actor);
			if (result.outcome === 'recorded') report(counts.map(refOf));
			return result;
		},
		async recordBatch(input) {
			const result = await stock.recordBatch(input);
			if (result.outcome === 'recorded' && result.written > 0) report(input.rows.map(refOf));
			return result;
		},
	};
}
