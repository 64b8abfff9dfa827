import {
	addDays,
	dayLabel,
	formatDate,
	hoursOn,
	weekdayOf,
	WEEKDAY_NAMES,
	type ShopCalendar,
} from './calendar';

/**
 * 'Aperto ora · chiude alle 19:30' / 'Chiuso · apre lunedì alle 9:30' (docs/shops.md): whether a
 * shop is open at a moment, in Europe/Rome time whatever the visitor's own time zone, and when it
 * closes or next opens. The shop's calendar counts (calendar.ts): a closure or a national holiday
 * closes it. Pure, and free of the content schemas' zod, so that the few lines of
 * browser code that show it (src/scripts/open-now.ts) stay small.
 */

export type { ShopCalendar, WeekHours } from './calendar';

/** The shops' time zone. */
export const SHOP_TIME_ZONE = 'Europe/Rome';

/** A minute, in milliseconds. */
const MINUTE_MS = 60_000;

/** The day of the month of a month's last Sunday (month 0 = January), by the UTC calendar. */
function lastSunday(year: number, month: number): number {
	const lastDay = new Date(Date.UTC(year, month + 1, 0));
	return lastDay.getUTCDate() - lastDay.getUTCDay();
}

/**
 * Rome's offset from UTC at `now`, in minutes: 120 in summer time, else 60. The European Union's
 * rule (Directive 2000/84/EC, in force in Italy since 1996): summer time starts on the last
 * Sunday of March and ends on the last Sunday of October, both at 01:00 UTC.
 *
 * Computed, not asked of `Intl.DateTimeFormat`: a browser's first time-zone format loads the
 * time-zone data, 45–75 ms of main thread in Chromium on the development machine, which every
 * page with an 'Aperto ora' line paid before its first paint. tests/unit/lib/shops/open-now.test.ts checks
 * the rule against `Intl` hour by hour.
 */
export function romeOffsetMinutes(now: Date): number {
	const year = now.getUTCFullYear();
	const summerStarts = Date.UTC(year, 2, lastSunday(year, 2), 1);
	const summerEnds = Date.UTC(year, 9, lastSunday(year, 9), 1);
	const time = now.getTime();
	return time >= summerStarts && time < summerEnds ? 120 : 60;
}

/** The weekday (0 = Monday) and the minute of the day of `now` in Rome. */
export function romeClock(now: Date): { day: number; minute: number } {
	const rome = new Date(now.getTime() + romeOffsetMinutes(now) * MINUTE_MS);
	return {
		day: (rome.getUTCDay() + 6) % 7,
		minute: rome.getUTCHours() * 60 + rome.getUTCMinutes(),
	};
}

/** "09:30" as minutes of the day. */
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Minutes of the day as visitors read them: 570 → "9:30", 1170 → "19:30". */
const clock = (minute: number) =>
	`${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;

/** Today's date in Rome at `now`, as "YYYY-MM-DD". */
export function romeDate(now: Date): string {
	return formatDate(now.getTime() + romeOffsetMinutes(now) * MINUTE_MS);
}

/** A day's ranges as [opens, closes] minutes, in order; malformed ranges are left out. */
function rangesOf(ranges: readonly string[]): [number, number][] {
	return ranges
		.filter((range) => /^\d\d:\d\d-\d\d:\d\d$/.test(range))
		.map((range): [number, number] => [minutes(range), minutes(range.slice(6))])
		.filter(([opens, closes]) => opens < closes)
		.sort((a, b) => a[0] - b[0]);
}

/** How far ahead the next opening is looked for, in days: past the longest summer holidays. */
const LOOK_AHEAD_DAYS = 62;

/**
 * The line for a shop at `now`: open and until when, or closed and when it opens next. Its
 * calendar counts: on a closure or a national holiday the shop is closed, whatever its week says.
 */
export function openStatus(shop: ShopCalendar, now: Date): string {
	const minute = romeClock(now).minute;
	const today = romeDate(now);
	const ranges = rangesOf(hoursOn(shop, today));
	const open = ranges.find(([opens, closes]) => opens <= minute && minute < closes);
	if (open) return `Aperto ora · chiude alle ${clock(open[1])}`;
	const later = ranges.find(([opens]) => opens > minute);
	if (later) return `Chiuso · apre oggi alle ${clock(later[0])}`;
	for (let ahead = 1; ahead <= LOOK_AHEAD_DAYS; ahead++) {
		const date = addDays(today, ahead);
		const next = rangesOf(hoursOn(shop, date))[0];
		if (!next) continue;
		// Within a week the weekday says it; further on (after a closure), the date.
		const when =
			ahead === 1 ? 'domani' : ahead <= 7 ? WEEKDAY_NAMES[weekdayOf(date)] : dayLabel(date);
		return `Chiuso · apre ${when} alle ${clock(next[0])}`;
	}
	return 'Chiuso';
}
