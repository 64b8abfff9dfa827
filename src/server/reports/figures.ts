/**
 * The figures of l'andamento for some shops over a period (docs/report.md): reservations, sales,
 * each variant's sell-through and days of cover, and the reorder list by brand. Read from the
 * ledger and the reservations through their faces, worked out by the pure formulas of
 * src/lib/reports/formulas.ts. No writes.
 */
import type Database from 'better-sqlite3';
import {
	daysOfCover,
	median,
	needsReorder,
	noShowRate,
	RATE_WINDOW_DAYS,
	reorderPoint,
	salesDays,
	salesRate,
	sellThrough,
	suggestedQuantity,
	type Cover,
} from '../../lib/reports/formulas';
import { dayIndexer, lastWeeks, romeMidnight, type Period } from '../../lib/reports/period';
import { addDays } from '../../lib/shops/calendar';
import { romeDate } from '../../lib/shops/open-now';
import {
	heldPieces,
	reservationOutcomes,
	reservationsMade,
	type ReservationOutcome,
} from '../reservations';
import { movementsSince, movementTotals, type StockRow, type StockService } from '../stock';
import { brandSettings, settingOf } from './brand-settings';

/** The weeks the charts show. */
export const CHART_WEEKS = 12;
/** The variants the page and the e-mail list by name, the most sold first. */
export const TOP_PRODUCTS = 5;

/** Visitors waiting for a variant at a shop ('Avvisami'). */
export type WaitingCount = (shopId: string, productId: string, variantId: string) => number;

/** What the figures are read from. */
export interface FigureSources {
	db: Database.Database;
	/** The ledger joined to the holds: names, brands, on hand, available, minimum. */
	stock: Pick<StockService, 'stockList'>;
	/**
	 * The 'Avvisami' waiting count of a variant; when absent, the stock rows' own count (the
	 * facade's stock service carries it: src/server/services/alerts.ts), else 0.
	 */
	waiting?: WaitingCount | undefined;
}

/** The reservations of a span of time. */
export interface ReservationFigures {
	made: number;
	collected: number;
	notCollected: number;
	/** Not collected ÷ (collected + not collected), %, or null. */
	noShowRate: number | null;
	cancelledByCustomer: number;
	cancelledByStaff: number;
	/** The median time from a reservation to its 'Pronta', ms, or null. */
	medianToReadyMs: number | null;
}

/** One variant at one shop. */
export interface VariantFigures {
	shopId: string;
	productId: string;
	variantId: string;
	productName: string;
	brand: string;
	variantLabel: string;
	available: number;
	minimum: number;
	onHandAtStart: number;
	received: number;
	sold: number;
	/** %, or null when the shop had none of it. */
	sellThrough: number | null;
	/** Pieces a day over the last 30 days, days out of stock left out; null: none sold. */
	rate: number | null;
	cover: Cover;
}

/** A line of the reorder list. */
export interface ReorderLine {
	shopId: string;
	productId: string;
	variantId: string;
	productName: string;
	variantLabel: string;
	available: number;
	minimum: number;
	rate: number | null;
	waiting: number;
	/** Rate × lead time + minimum, in pieces (one decimal). */
	reorderPoint: number;
	suggested: number;
}

/** One brand's lines, with its settings. */
export interface ReorderGroup {
	brand: string;
	leadDays: number;
	coverDays: number;
	lines: ReorderLine[];
}

/** One week of the charts. */
export interface WeekFigures {
	/** Its Monday. */
	monday: string;
	made: number;
	collected: number;
	notCollected: number;
	noShowRate: number | null;
}

/** Everything the page, the e-mail and the command show. */
export interface ReportFigures {
	period: Period;
	shopIds: string[];
	reservations: ReservationFigures;
	/** Pieces reservations hold now. */
	heldNow: number;
	sales: { counterSales: number; collections: number };
	topProducts: { productId: string; productName: string; brand: string; pieces: number }[];
	/** Variants that moved in the period (sold or received), the most sold first. */
	variants: VariantFigures[];
	/** By brand, A to Z; each brand's lines by shop and name. */
	reorder: ReorderGroup[];
	weeks: WeekFigures[];
}

/** The reservation figures of these outcomes, and of `made` reservations. */
export function reservationFigures(
	made: number,
	outcomes: readonly ReservationOutcome[],
): ReservationFigures {
	const count = (status: string, actor?: string) =>
		outcomes.filter(
			(outcome) => outcome.toStatus === status && (actor === undefined || outcome.actor === actor),
		).length;
	const collected = count('collected');
	const notCollected = count('not_collected');
	// The first 'Pronta' of each reservation (an undone one may be marked again).
	const firstReady = new Map<number, number>();
	for (const outcome of outcomes) {
		if (outcome.toStatus !== 'ready' || firstReady.has(outcome.reservationId)) continue;
		firstReady.set(outcome.reservationId, Date.parse(outcome.at) - Date.parse(outcome.createdAt));
	}
	return {
		made,
		collected,
		notCollected,
		noShowRate: noShowRate(collected, notCollected),
		cancelledByCustomer: count('cancelled', 'customer'),
		cancelledByStaff: count('cancelled', 'staff'),
		medianToReadyMs: median([...firstReady.values()]),
	};
}

/** Italian order of names; one collator (localeCompare with a locale makes one per call). */
const byName = new Intl.Collator('it').compare;

const keyOf = (shopId: string, productId: string, variantId: string) =>
	`${shopId}\n${productId}\n${variantId}`;

/** The weeks of the charts, oldest first, up to the one of `now`. */
function weekFigures(sources: FigureSources, shopIds: readonly string[], now: Date): WeekFigures[] {
	const mondays = lastWeeks(now, CHART_WEEKS);
	const first = mondays[0] ?? romeDate(now);
	const from = new Date(romeMidnight(first)).toISOString();
	const to = now.toISOString();
	const weekOf = dayIndexer(first, CHART_WEEKS * 7);
	const weeks = mondays.map((monday) => ({ monday, made: 0, collected: 0, notCollected: 0 }));
	for (const made of reservationsMade(sources.db, shopIds, from, to)) {
		const week = weeks[Math.floor(weekOf(made.createdAt) / 7)];
		if (week) week.made += 1;
	}
	for (const outcome of reservationOutcomes(sources.db, shopIds, from, to)) {
		const week = weeks[Math.floor(weekOf(outcome.at) / 7)];
		if (!week) continue;
		if (outcome.toStatus === 'collected') week.collected += 1;
		if (outcome.toStatus === 'not_collected') week.notCollected += 1;
	}
	return weeks.map((week) => ({
		...week,
		noShowRate: noShowRate(week.collected, week.notCollected),
	}));
}

/** The sales rate of every variant of these shops over the last 30 days up to `now`. */
function salesRates(
	sources: FigureSources,
	shopIds: readonly string[],
	rows: readonly StockRow[],
	now: Date,
): Map<string, number | null> {
	const firstDay = addDays(romeDate(now), -(RATE_WINDOW_DAYS - 1));
	const dayOf = dayIndexer(firstDay, RATE_WINDOW_DAYS);
	const movements = new Map<
		string,
		{ day: number; change: number; onHandAfter: number; sale: boolean }[]
	>();
	const since = new Map<string, number>();
	const fromIso = new Date(romeMidnight(firstDay)).toISOString();
	for (const [shopId, productId, variantId, at, change, onHandAfter, reason] of movementsSince(
		sources.db,
		shopIds,
		fromIso,
	)) {
		const key = keyOf(shopId, productId, variantId);
		let list = movements.get(key);
		if (!list) movements.set(key, (list = []));
		list.push({
			day: dayOf(at),
			change,
			onHandAfter,
			sale: reason === 'counter_sale' || reason === 'collection',
		});
		since.set(key, (since.get(key) ?? 0) + change);
	}
	const rates = new Map<string, number | null>();
	for (const row of rows) {
		const key = keyOf(row.shopId, row.productId, row.variantId);
		// On hand at the window's start: on hand now less every change since.
		const start = row.onHand - (since.get(key) ?? 0);
		rates.set(key, salesRate(salesDays(start, movements.get(key) ?? [])));
	}
	return rates;
}

/** The figures of these shops over `period`, at `now`. */
export async function reportFigures(
	sources: FigureSources,
	shopIds: readonly string[],
	period: Period,
	now: Date,
): Promise<ReportFigures> {
	const { db } = sources;
	const rows = await sources.stock.stockList({ shopIds });
	const inPeriod = new Map(
		movementTotals(db, shopIds, period.startIso, period.endIso).map((totals) => [
			keyOf(totals.shopId, totals.productId, totals.variantId),
			totals,
		]),
	);
	const afterPeriod = new Map(
		movementTotals(db, shopIds, period.endIso, '9999').map((totals) => [
			keyOf(totals.shopId, totals.productId, totals.variantId),
			totals.net,
		]),
	);
	const rates = salesRates(sources, shopIds, rows, now);
	const settings = brandSettings(db);

	let counterSales = 0;
	let collections = 0;
	const byProduct = new Map<string, { productName: string; brand: string; pieces: number }>();
	const variants: VariantFigures[] = [];
	const groups = new Map<string, ReorderGroup>();
	for (const row of rows) {
		const key = keyOf(row.shopId, row.productId, row.variantId);
		const totals = inPeriod.get(key);
		const sold = (totals?.counterSales ?? 0) + (totals?.collections ?? 0);
		counterSales += totals?.counterSales ?? 0;
		collections += totals?.collections ?? 0;
		if (sold > 0) {
			const product = byProduct.get(row.productId) ?? {
				productName: row.productName,
				brand: row.brand,
				pieces: 0,
			};
			product.pieces += sold;
			byProduct.set(row.productId, product);
		}
		const rate = rates.get(key) ?? null;
		if (totals && (sold > 0 || totals.received > 0)) {
			const onHandAtStart = row.onHand - (afterPeriod.get(key) ?? 0) - totals.net;
			variants.push({
				shopId: row.shopId,
				productId: row.productId,
				variantId: row.variantId,
				productName: row.productName,
				brand: row.brand,
				variantLabel: row.variantLabel,
				available: row.available,
				minimum: row.minimum,
				onHandAtStart,
				received: totals.received,
				sold,
				sellThrough: sellThrough(sold, onHandAtStart, totals.received),
				rate,
				cover: daysOfCover(row.available, rate),
			});
		}
		const setting = settingOf(settings, row.brand);
		const input = {
			available: row.available,
			rate,
			minimum: row.minimum,
			leadDays: setting.leadDays,
			coverDays: setting.coverDays,
			waiting: sources.waiting?.(row.shopId, row.productId, row.variantId) ?? row.waiting ?? 0,
		};
		if (!needsReorder(input)) continue;
		const group = groups.get(row.brand) ?? { brand: row.brand, ...setting, lines: [] };
		group.lines.push({
			shopId: row.shopId,
			productId: row.productId,
			variantId: row.variantId,
			productName: row.productName,
			variantLabel: row.variantLabel,
			available: row.available,
			minimum: row.minimum,
			rate,
			waiting: input.waiting,
			reorderPoint: Math.round(reorderPoint(rate, setting.leadDays, row.minimum) * 10) / 10,
			suggested: suggestedQuantity(input),
		});
		groups.set(row.brand, group);
	}

	const held = shopIds.reduce(
		(total, shopId) =>
			total + [...heldPieces(db, shopId, now).values()].reduce((sum, pieces) => sum + pieces, 0),
		0,
	);
	const made = reservationsMade(db, shopIds, period.startIso, period.endIso).length;
	return {
		period,
		shopIds: [...shopIds],
		reservations: reservationFigures(
			made,
			reservationOutcomes(db, shopIds, period.startIso, period.endIso),
		),
		heldNow: held,
		sales: { counterSales, collections },
		topProducts: [...byProduct.entries()]
			.map(([productId, product]) => ({ productId, ...product }))
			.sort((a, b) => b.pieces - a.pieces || byName(a.productName, b.productName))
			.slice(0, TOP_PRODUCTS),
		variants: variants.sort(
			(a, b) =>
				b.sold - a.sold ||
				byName(a.productName, b.productName) ||
				byName(a.variantLabel, b.variantLabel),
		),
		reorder: [...groups.values()].sort((a, b) => byName(a.brand, b.brand)),
		weeks: weekFigures(sources, shopIds, now),
	};
}
