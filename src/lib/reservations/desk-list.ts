/**
 * The staff desk's list: the reservations of the member's shops grouped by pickup day, today
 * first, with how many of each day still wait for their customer ('Da preparare' or 'Pronta per
 * il ritiro'). Earlier days show only while a reservation of theirs is still held. Pure.
 */
import { compareKeys } from '../format/text';
import { pickupDayLabel, romeToday } from './days';
import { isFinal, STATUS_LABELS, type ReservationStatus } from './status';

/** A reservation of the list (what the store gives staff). */
export interface DeskListItem {
	id: number;
	code: string;
	shopId: string;
	shopName: string;
	day: string;
	name: string;
	status: ReservationStatus;
	version: number;
	pieces: number;
	totalCents: number;
	heldThrough: string;
}

/** One day of the list. */
export interface DeskDay {
	/** "YYYY-MM-DD". */
	day: string;
	/** "Oggi, giovedì 26 novembre", "Domani, …", or the day alone. */
	label: string;
	/** Reservations still waiting for their customer. */
	waiting: number;
	reservations: (DeskListItem & { statusLabel: string })[];
}

const DAY_MS = 86_400_000;

/** The day after a "YYYY-MM-DD" date. */
function nextDay(day: string): string {
	return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** How a day is named in the list, from today's point of view. */
export function dayHeading(day: string, today: string): string {
	const label = pickupDayLabel(day);
	if (day === today) return `Oggi, ${label}`;
	if (day === nextDay(today)) return `Domani, ${label}`;
	if (day < today) return `${label[0]?.toUpperCase() ?? ''}${label.slice(1)} (giorno passato)`;
	return `${label[0]?.toUpperCase() ?? ''}${label.slice(1)}`;
}

/** The list by day, in order of day (earlier days still held first), each day by code. */
export function groupByDay(items: readonly DeskListItem[], now: Date): DeskDay[] {
	const today = romeToday(now);
	const days = new Map<string, DeskDay>();
	for (const item of [...items].sort(
		(a, b) => compareKeys(a.day, b.day) || compareKeys(a.code, b.code),
	)) {
		const group = days.get(item.day) ?? {
			day: item.day,
			label: dayHeading(item.day, today),
			waiting: 0,
			reservations: [],
		};
		group.reservations.push({ ...item, statusLabel: STATUS_LABELS[item.status] });
		if (!isFinal(item.status)) group.waiting += 1;
		days.set(item.day, group);
	}
	return [...days.values()];
}
