/**
 * The morning's pick list (/gestione/preparazione) on the server: the reservations of the
 * member's shops due on a day, with their lines, read in one pass, and the list the page shows
 * (src/lib/reservations/pick-list.ts has the rules: what counts, the totals, the order) with the next
 * days the shops open, from their calendars in the build the server serves. Ticking a code goes
 * through the desk's one change of state (runDeskAction), so it follows the same rules and sends
 * the same e-mail as 'Pronta per il ritiro' on a reservation's page.
 */
import type Database from 'better-sqlite3';
import { dayHeading } from '../../lib/reservations/desk-list';
import { romeToday } from '../../lib/reservations/days';
import {
	nextOpenDays,
	pickDayOf,
	pickList,
	type PickReservation,
	type PickShop,
} from '../../lib/reservations/pick-list';
import { effectiveStatus, type ReservationStatus } from '../../lib/reservations/status';
import type { PickupSettings } from '../../lib/reservations/types';
import type { SubmissionDesk } from '../core/service';

/** A day the page links to. */
export interface PickDayLink {
	day: string;
	/** "Domani, sabato 28 novembre". */
	label: string;
}

/** What /gestione/preparazione shows. */
export interface PickListView {
	day: string;
	/** "Oggi, venerdì 27 novembre". */
	label: string;
	isToday: boolean;
	/** Each of the member's shops, in the settings' order, with its lines (none when idle). */
	shops: PickShop[];
	/** The next days one of the member's shops opens. */
	nextDays: PickDayLink[];
	/** Today, when another day is shown. */
	today: PickDayLink | null;
}

/** The pick list's part of the service. */
export interface PickListService {
	/**
	 * The list of `day` ("YYYY-MM-DD", as `?giorno=` sent it; today in Rome when null) for these
	 * shops; null when `day` is not a date.
	 */
	pickList(shopIds: readonly string[], day: string | null): PickListView | null;
}

interface Row {
	id: number;
	code: string;
	shop_id: string;
	shop_name: string;
	name: string;
	status: ReservationStatus;
	version: number;
	held_through: string;
	product_id: string;
	variant_id: string;
	product_name: string;
	variant_label: string;
	quantity: number;
}

/** The reservations of `shopIds` due on `day`, with their lines and their states at `now`. */
export function dayReservations(
	db: Database.Database,
	shopIds: readonly string[],
	day: string,
	now: Date,
): PickReservation[] {
	if (shopIds.length === 0) return [];
	const rows = db
		.prepare(
			`SELECT reservations.id, code, shop_id, shop_name, name, status, version, held_through,
				product_id, variant_id, product_name, variant_label, quantity
			 FROM reservations JOIN reservation_items AS item ON item.reservation_id = reservations.id
			 WHERE shop_id IN (${shopIds.map(() => '?').join(', ')}) AND pickup_day = ? AND spam = 0
			 ORDER BY code, item.position`,
		)
		.all(...shopIds, day) as Row[];
	const byId = new Map<number, PickReservation & { items: PickReservation['items'][number][] }>();
	for (const row of rows) {
		const reservation = byId.get(row.id) ?? {
			id: row.id,
			code: row.code,
			shopId: row.shop_id,
			shopName: row.shop_name,
			name: row.name,
			status: effectiveStatus(row.status, row.held_through, now),
			version: row.version,
			items: [],
		};
		byId.set(row.id, reservation);
		reservation.items.push({
			productId: row.product_id,
			variantId: row.variant_id,
			productName: row.product_name,
			variantLabel: row.variant_label,
			quantity: row.quantity,
		});
	}
	return [...byId.values()];
}

/** The pick list's service, on the core's desk and the build's shops. */
export function createPickListService(
	desk: SubmissionDesk,
	settings: PickupSettings,
): PickListService {
	const { db } = desk.store;
	return {
		pickList(shopIds, asked) {
			const now = new Date(desk.now());
			const today = romeToday(now);
			const day = pickDayOf(asked, today);
			if (day === null) return null;
			const mine = settings.shops.filter((shop) => shopIds.includes(shop.id));
			const found = pickList(dayReservations(db, shopIds, day, now));
			const shops = mine.map(
				(shop) =>
					found.find((entry) => entry.shopId === shop.id) ?? {
						shopId: shop.id,
						shopName: shop.name,
						lines: [],
						totalPieces: 0,
						toPrepare: 0,
						ticks: [],
					},
			);
			const link = (date: string): PickDayLink => ({ day: date, label: dayHeading(date, today) });
			return {
				day,
				label: dayHeading(day, today),
				isToday: day === today,
				shops,
				nextDays: nextOpenDays(mine, day < today ? today : day).map(link),
				today: day === today ? null : link(today),
			};
		},
	};
}
