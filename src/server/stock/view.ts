/**
 * What the stock pages render (/gestione/magazzino and a variant's page under it): view objects
 * made from the stock service for the signed-in member's shops, so the pages only lay them out.
 */
import { formatDateTime } from '../../lib/format/date';
import { ownValue } from '../../lib/own-key';
import {
	movementWords,
	parseStockPageFilter,
	QUICK_ACTIONS,
	STOCK_PAGE_FILTERS,
	stockKey,
	type StockPageFilter,
} from '../../lib/stock/page';
import type { StaffMember } from '../staff';
import { STOCK_HTTP_TEXTS } from './http';
import { STOCK_TEXTS, type StockRow, type StockService } from './service';

/** What the pages say when there is nothing to show. */
export const STOCK_PAGE_TEXTS = Object.freeze({
	unavailable: STOCK_HTTP_TEXTS.unavailable,
	notFound: STOCK_TEXTS.notFound,
	otherShop: STOCK_TEXTS.otherShop,
});

/** The page's address. */
export const STOCK_PAGE = '/gestione/magazzino';

/** A variant at a shop, as a row of the page shows it: the service's row with its shop's name. */
export interface StockRowView extends StockRow {
	key: string;
	shopName: string;
	href: string;
}

/** What a successful action leaves as a note on the next page. */
const NOTICES: Readonly<Record<string, string>> = Object.freeze({
	movimento: 'Movimento registrato.',
	conteggio: 'Conteggio registrato: i pezzi in negozio ora sono quelli contati.',
	scorta: 'Scorta minima salvata.',
	importa: 'File applicato: i pezzi in negozio sono aggiornati.',
});

function noticeOf(url: URL): string | null {
	return ownValue(NOTICES, url.searchParams.get('esito')) ?? null;
}

function rowView(row: StockRow, shops: StockService['shops']): StockRowView {
	const query = new URLSearchParams({
		negozio: row.shopId,
		prodotto: row.productId,
		variante: row.variantId,
	});
	return {
		...row,
		key: stockKey(row),
		shopName: shops.find((shop) => shop.id === row.shopId)?.name ?? row.shopId,
		href: `${STOCK_PAGE}/variante?${query.toString()}`,
	};
}

/** The list: search, filters, stocktake mode. */
export interface StockListView {
	search: string;
	filter: StockPageFilter | null;
	stocktake: boolean;
	filters: { id: StockPageFilter | null; label: string; href: string; current: boolean }[];
	stocktakeHref: string;
	listHref: string;
	/** More than one shop: each row names its shop. */
	showShop: boolean;
	rows: StockRowView[];
	belowMinimum: number;
	notice: string | null;
}

/** The list of the member's shops as the address asks for it. */
export async function stockListView(
	service: StockService,
	member: StaffMember,
	url: URL,
): Promise<StockListView> {
	const search = (url.searchParams.get('cerca') ?? '').trim().slice(0, 200);
	const filter = parseStockPageFilter(url.searchParams.get('filtro'));
	const stocktake = url.searchParams.get('modo') === 'conteggio';
	const shops = service.shops.filter((shop) => member.shops.includes(shop.id));
	const shopIds = shops.map((shop) => shop.id);
	const rows = await service.stockList({ shopIds, search, filter });
	const below = await service.belowMinimumCounts(shopIds);
	const address = (changes: Record<string, string | null>) => {
		const query = new URLSearchParams();
		const fields = { cerca: search || null, filtro: filter, ...changes };
		for (const [name, value] of Object.entries(fields)) if (value) query.set(name, value);
		const text = query.toString();
		return text ? `${STOCK_PAGE}?${text}` : STOCK_PAGE;
	};
	return {
		search,
		filter,
		stocktake,
		filters: [{ id: null, label: 'Tutti' }, ...STOCK_PAGE_FILTERS].map((entry) => ({
			id: entry.id,
			label: entry.label,
			href: address({ filtro: entry.id, modo: stocktake ? 'conteggio' : null }),
			current: entry.id === filter,
		})),
		stocktakeHref: address({ modo: 'conteggio' }),
		listHref: address({}),
		showShop: shops.length > 1,
		rows: rows.map((row) => rowView(row, service.shops)),
		belowMinimum: Object.values(below).reduce((sum, count) => sum + count, 0),
		notice: noticeOf(url),
	};
}

/** One variant at one shop: its figures, the quick actions and its history. */
export interface StockVariantView {
	row: StockRowView;
	actions: typeof QUICK_ACTIONS;
	history: {
		id: number;
		at: string;
		when: string;
		why: string;
		change: string;
		who: string;
		after: string;
		note: string | null;
	}[];
	notice: string | null;
}

/** The variant the address names, or why not: 404 (unknown) or 403 (another shop's). */
export async function stockVariantView(
	service: StockService,
	member: StaffMember,
	url: URL,
): Promise<StockVariantView | 404 | 403> {
	const shopId = url.searchParams.get('negozio') ?? '';
	const productId = (url.searchParams.get('prodotto') ?? '').slice(0, 200);
	const variantId = (url.searchParams.get('variante') ?? '').slice(0, 200);
	if (!service.shops.some((shop) => shop.id === shopId)) return 404;
	if (!member.shops.includes(shopId)) return 403;
	const ref = { shopId, productId, variantId };
	const row = await service.stockRow(ref);
	if (!row) return 404;
	return {
		row: rowView(row, service.shops),
		actions: QUICK_ACTIONS,
		history: service.stockHistory(ref, 50).map((movement) => ({
			id: movement.id,
			at: movement.at,
			when: formatDateTime(new Date(movement.at)),
			...movementWords(movement),
			note: movement.note,
		})),
		notice: noticeOf(url),
	};
}

/** How many variants of the member's shops are below their minimum (the desk's header). */
export async function belowMinimumTotal(
	service: StockService,
	member: StaffMember,
): Promise<number> {
	const counts = await service.belowMinimumCounts(member.shops);
	return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/**
 * The open reservations of the member's shops that the shelf can no longer serve in full (a count
 * found fewer pieces than they hold; the oldest are served first): their ids, for the desk's
 * 'Pezzi mancanti' mark, so staff can call those customers. Worked out at each read, never
 * stored: an arrival or a new count clears it.
 */
export function missingPiecesIds(service: StockService, member: StaffMember): ReadonlySet<number> {
	return new Set(service.reservationsMissingPieces(member.shops).keys());
}
