/**
 * The morning's pick list (/gestione/preparazione): for a day, every product and variant to take
 * off the shelves of each of the member's shops, with the total pieces and the pickup codes that
 * need them, and the codes of that day to tick off as they are prepared. Pure: the server hands
 * it the day's reservations, with their states as of now.
 *
 * Only 'Da preparare' (held) reservations count towards the pieces: a 'Pronta' one has already
 * been taken off the shelf and bagged, so counting it again would send staff to the shelf for
 * pieces that are already in a bag; it stays in the list of codes, ticked. Final states
 * (collected, cancelled, not collected) need nothing from the shelf and are not listed.
 */
import { compareKeys } from '../format/text';
import { addDays, dayOf, parseDate, type ShopCalendar } from '../shops/calendar';
import { parseDeskRequest, type DeskAction, type DeskRequest } from './desk';
import type { ReservationStatus } from './status';

/** A line of a reservation, as the pick list needs it. */
export interface PickItem {
	productId: string;
	variantId: string;
	productName: string;
	variantLabel: string;
	quantity: number;
}

/** A reservation of the day. */
export interface PickReservation {
	id: number;
	code: string;
	shopId: string;
	shopName: string;
	name: string;
	status: ReservationStatus;
	version: number;
	items: readonly PickItem[];
}

/** A code that needs a line, and how many of its pieces. */
export interface PickCode {
	id: number;
	code: string;
	quantity: number;
}

/** One product and variant to take off a shop's shelves. */
export interface PickLine {
	productId: string;
	variantId: string;
	productName: string;
	variantLabel: string;
	pieces: number;
	codes: PickCode[];
}

/** A reservation of the day to tick off. */
export interface PickTick {
	id: number;
	code: string;
	name: string;
	version: number;
	pieces: number;
	/** Ticked: already 'Pronta'. */
	ready: boolean;
}

/** One shop's part of the list. */
export interface PickShop {
	shopId: string;
	shopName: string;
	lines: PickLine[];
	/** Pieces to take off the shelves: the sum of the lines. */
	totalPieces: number;
	/** Reservations still to prepare. */
	toPrepare: number;
	/** The day's open reservations, by code: those to prepare, then those ready. */
	ticks: PickTick[];
}

/** Whether a reservation in this state still needs its pieces from the shelf. */
export function needsPicking(status: ReservationStatus): boolean {
	return status === 'held';
}

/** Whether a reservation in this state is one of the day's open ones (to prepare or ready). */
export function isOpen(status: ReservationStatus): boolean {
	return status === 'held' || status === 'ready';
}

const collator = new Intl.Collator('it', { sensitivity: 'base', numeric: true });

/**
 * The pick list of a day's reservations, by shop (in the order the shops are first met, which the
 * server makes their name's), each shop's lines by product name then variant, each line's codes
 * by code.
 */
export function pickList(reservations: readonly PickReservation[]): PickShop[] {
	const shops = new Map<string, PickShop & { byKey: Map<string, PickLine> }>();
	const sorted = [...reservations].sort((a, b) => compareKeys(a.code, b.code));
	for (const reservation of sorted) {
		if (!isOpen(reservation.status)) continue;
		const shop = shops.get(reservation.shopId) ?? {
			shopId: reservation.shopId,
			shopName: reservation.shopName,
			lines: [],
			totalPieces: 0,
			toPrepare: 0,
			ticks: [],
			byKey: new Map<string, PickLine>(),
		};
		shops.set(reservation.shopId, shop);
		const pieces = reservation.items.reduce((sum, item) => sum + item.quantity, 0);
		const picking = needsPicking(reservation.status);
		shop.ticks.push({
			id: reservation.id,
			code: reservation.code,
			name: reservation.name,
			version: reservation.version,
			pieces,
			ready: !picking,
		});
		if (!picking) continue;
		shop.toPrepare += 1;
		for (const item of reservation.items) {
			const key = JSON.stringify([item.productId, item.variantId]);
			const line = shop.byKey.get(key) ?? {
				productId: item.productId,
				variantId: item.variantId,
				productName: item.productName,
				variantLabel: item.variantLabel,
				pieces: 0,
				codes: [],
			};
			shop.byKey.set(key, line);
			line.pieces += item.quantity;
			shop.totalPieces += item.quantity;
			const code = line.codes.find((entry) => entry.id === reservation.id);
			if (code) code.quantity += item.quantity;
			else line.codes.push({ id: reservation.id, code: reservation.code, quantity: item.quantity });
		}
	}
	return [...shops.values()].map(({ byKey, ...shop }) => ({
		...shop,
		lines: [...byKey.values()].sort(
			(a, b) =>
				collator.compare(a.productName, b.productName) ||
				collator.compare(a.variantLabel, b.variantLabel),
		),
		ticks: shop.ticks.sort((a, b) => Number(a.ready) - Number(b.ready)),
	}));
}

/** The day a `?giorno=` asks for: a real "YYYY-MM-DD" date, else null (today when absent). */
export function pickDayOf(raw: string | null, today: string): string | null {
	if (raw === null || raw.trim() === '') return today;
	const day = raw.trim();
	return /^\d{4}-\d{2}-\d{2}$/.test(day) && parseDate(day) !== null ? day : null;
}

/**
 * The next `count` days after `day` on which at least one of the shops opens (by each one's
 * calendar: its week, closures, extraordinary openings and Italy's holidays), looking at most
 * `horizon` days ahead.
 */
export function nextOpenDays(
	shops: readonly ShopCalendar[],
	day: string,
	count = 3,
	horizon = 30,
): string[] {
	const days: string[] = [];
	for (let offset = 1; offset <= horizon && days.length < count; offset += 1) {
		const date = addDays(day, offset);
		if (shops.some((shop) => dayOf(shop, date).hours.length > 0)) days.push(date);
	}
	return days;
}

/** The actions the pick list's forms post: ticking a code, and undoing that tick. */
export type PickAction = Extract<DeskAction, 'pronta' | 'annulla-pronta'>;

/** The address of the pick list of `day` (null: today), after `done` when given. */
export function pickListHref(
	day: string | null,
	done?: { action: DeskAction; id: number },
): string {
	const query = new URLSearchParams();
	if (day) query.set('giorno', day);
	if (done) {
		query.set('fatto', done.action);
		query.set('id', String(done.id));
	}
	const text = query.toString();
	return `/gestione/preparazione${text ? `?${text}` : ''}`;
}

/**
 * What a form of the pick list posted: ticking a code ('pronta') or undoing it, with the
 * version it showed and the day to come back to (null when it is not a date: today).
 */
export function pickActionOf(
	fields: Readonly<Record<string, unknown>>,
):
	| { ok: true; request: DeskRequest & { action: PickAction }; day: string | null }
	| { ok: false; error: string } {
	const parsed = parseDeskRequest(fields);
	if (!parsed.ok) return parsed;
	const { action } = parsed.request;
	if (action !== 'pronta' && action !== 'annulla-pronta') {
		return { ok: false, error: 'Da qui si può solo segnare una prenotazione come pronta.' };
	}
	const giorno = typeof fields['giorno'] === 'string' ? fields['giorno'] : '';
	const day = giorno === '' ? null : pickDayOf(giorno, '');
	return { ok: true, request: { ...parsed.request, action, reason: null }, day: day || null };
}

/** The change the page was sent back after (`?fatto=…&id=…`), or null. */
export function pickDoneOf(query: URLSearchParams): { action: PickAction; id: number } | null {
	const action = query.get('fatto');
	const id = Number(query.get('id'));
	if (action !== 'pronta' && action !== 'annulla-pronta') return null;
	return Number.isSafeInteger(id) && id > 0 ? { action, id } : null;
}
