/**
 * The figures of l'andamento (docs/report.md), as plain arithmetic on what the ledger and the
 * reservations hold. Pure; each is checked against figures worked out by hand in
 * tests/unit/lib/reports/formulas.test.ts.
 *
 * - Sell-through (Square's): sold ÷ (on hand at the start + received) × 100: how much of what the
 *   shop had in the period went out. 80 % and up is good, under 40 % is slow.
 * - The daily sales rate over the last 30 days, the days out of stock left out (Lightspeed's
 *   rule): a variant that sat empty for two weeks did not sell slowly, it could not sell.
 * - Days of cover (Bigblue's): available ÷ that rate; no sales: none (n/a); capped at 365.
 * - Reorder point (Stocky's, with a safety stock): rate × lead time + the variant's minimum.
 * - Suggested quantity (Lightspeed's order-up-to): enough for the lead time plus the days to
 *   cover, and the minimum on top, less available; never negative; the visitors waiting for the
 *   variant ('Avvisami') added as demand already there.
 * - No-show rate: reservations not collected ÷ those that ended with the customer expected
 *   (collected + not collected) × 100; cancelled ones are not a no-show.
 */

/** Days of cover shown as "365+" from here on. */
export const COVER_CAP_DAYS = 365;
/** The window of the sales rate, in days. */
export const RATE_WINDOW_DAYS = 30;

/** A percentage rounded to a whole number, or null when there is nothing to divide by. */
function percent(part: number, whole: number): number | null {
	if (whole <= 0) return null;
	return Math.round((part / whole) * 100);
}

/**
 * Sell-through in % (whole number): sold ÷ (on hand at the start + received) × 100, or null when
 * the shop had nothing of it in the period.
 */
export function sellThrough(sold: number, onHandAtStart: number, received: number): number | null {
	return percent(Math.max(0, sold), Math.max(0, onHandAtStart) + Math.max(0, received));
}

/** One day of a variant's last 30 days: pieces sold, and whether it had none all day. */
export interface SalesDay {
	sold: number;
	/** True when on hand was 0 from the day's start to its end: it could not sell. */
	outOfStock: boolean;
}

/**
 * The average pieces sold per day over these days, the days out of stock left out; null when
 * every day was out of stock (nothing to average).
 */
export function salesRate(days: readonly SalesDay[]): number | null {
	const selling = days.filter((day) => !day.outOfStock || day.sold > 0);
	if (selling.length === 0) return null;
	return selling.reduce((total, day) => total + Math.max(0, day.sold), 0) / selling.length;
}

/** Days of cover: a number of days, 'n/a' without sales, or 'cap' from 365 days on. */
export type Cover = { days: number } | 'none' | 'cap';

/**
 * Days of cover = available ÷ daily sales, rounded down to whole days: 'none' without sales,
 * 0 when nothing is available (or less: available is never shown below 0), 'cap' from 365 on.
 */
export function daysOfCover(available: number, rate: number | null): Cover {
	if (available <= 0) return { days: 0 };
	if (rate === null || rate <= 0) return 'none';
	// 0.7 ÷ 0.1 is 6.999… in floating point: a hair more keeps it 7.
	const days = Math.floor(available / rate + 1e-9);
	return days >= COVER_CAP_DAYS ? 'cap' : { days };
}

/** "12 giorni", "1 giorno", "365+ giorni", "n/d (nessuna vendita)". */
export function coverText(cover: Cover): string {
	if (cover === 'none') return 'n/d (nessuna vendita)';
	if (cover === 'cap') return `${COVER_CAP_DAYS}+ giorni`;
	return cover.days === 1 ? '1 giorno' : `${cover.days} giorni`;
}

/** The pieces that should be there when an order is placed: rate × lead time + minimum. */
export function reorderPoint(rate: number | null, leadDays: number, minimum: number): number {
	return (rate ?? 0) * Math.max(0, leadDays) + Math.max(0, minimum);
}

/** What the reorder figures of a variant need. */
export interface ReorderInput {
	available: number;
	/** Daily sales, days out of stock left out (null: none). */
	rate: number | null;
	minimum: number;
	leadDays: number;
	coverDays: number;
	/** Visitors waiting for the variant ('Avvisami'). */
	waiting: number;
}

/**
 * True when available, less the visitors already waiting, falls below the reorder point: within
 * the lead time it would go under the minimum.
 */
export function needsReorder(input: ReorderInput): boolean {
	return (
		Math.max(0, input.available) - Math.max(0, input.waiting) <
		reorderPoint(input.rate, input.leadDays, input.minimum)
	);
}

/**
 * The pieces to order: up to rate × (lead time + days to cover) + minimum, less available, in
 * whole pieces rounded up, never negative; plus the visitors waiting.
 */
export function suggestedQuantity(input: ReorderInput): number {
	const target =
		(input.rate ?? 0) * (Math.max(0, input.leadDays) + Math.max(0, input.coverDays)) +
		Math.max(0, input.minimum);
	// A tiny float error (0.1 × 30 = 3.0000000000000004) must not order one piece more.
	const missing = Math.ceil(target - Math.max(0, input.available) - 1e-9);
	return Math.max(0, missing) + Math.max(0, input.waiting);
}

/** No-show rate in % (whole number): not collected ÷ (collected + not collected), or null. */
export function noShowRate(collected: number, notCollected: number): number | null {
	return percent(notCollected, collected + notCollected);
}

/** The median of these numbers (the mean of the two middle ones for an even count), or null. */
export function median(values: readonly number[]): number | null {
	if (values.length === 0) return null;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1
		? (sorted[middle] ?? null)
		: ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** "45 min", "3 h 20 min", "2 g 4 h": a duration in milliseconds as staff read it. */
export function durationText(ms: number | null): string {
	if (ms === null) return 'n/d';
	const minutes = Math.round(ms / 60_000);
	if (minutes < 60) return `${minutes} min`;
	const hours = Math.floor(minutes / 60);
	if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
	const days = Math.floor(hours / 24);
	return hours % 24 === 0 ? `${days} g` : `${days} g ${hours % 24} h`;
}

/**
 * The 30 days of a variant from its movements in the window: `startOnHand` at the window's start,
 * each movement's day index (0 = the window's first day), change, on hand after it, and whether it
 * is a sale (a counter sale or a collection). A day is out of stock when on hand was 0 at its
 * start and after every movement of it.
 */
export function salesDays(
	startOnHand: number,
	movements: readonly { day: number; change: number; onHandAfter: number; sale: boolean }[],
	dayCount = RATE_WINDOW_DAYS,
): SalesDay[] {
	const days: SalesDay[] = [];
	let onHand = startOnHand;
	let index = 0;
	for (let day = 0; day < dayCount; day += 1) {
		let sold = 0;
		let empty = onHand <= 0;
		for (; index < movements.length && (movements[index]?.day ?? Infinity) <= day; index += 1) {
			const movement = movements[index];
			if (!movement || movement.day < day) continue;
			if (movement.sale) sold += -movement.change;
			onHand = movement.onHandAfter;
			if (onHand > 0) empty = false;
		}
		days.push({ sold, outOfStock: empty && sold === 0 });
	}
	return days;
}
