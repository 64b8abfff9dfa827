import { compareKeys } from '../format/text';
import { WEEKDAYS, type Weekday } from './weekdays';

/**
 * A shop's calendar: its week of opening hours, the closures its editors set (holidays of the
 * shop, stocktaking), Italy's national holidays, on which the shop is closed unless its content
 * opens it, and its extraordinary openings. One rule for the server (which refuses a pickup on a
 * closed day), the pickup list's choice of days, the 'Aperto ora' line and /negozi.
 *
 * Pure, and free of zod and of `Intl` (a browser's first time-zone format costs tens of
 * milliseconds, see open-now.ts): the few lines of the open-now script import it. Dates are
 * "YYYY-MM-DD" strings of the shops' calendar, counted in UTC so summer time never shifts them.
 */

/** Opening hours of a week: per weekday, "HH:MM-HH:MM" ranges (none when closed). */
export type WeekHours = Partial<Record<Weekday, readonly string[]>>;

/** Days the shop is closed: `from` to `to`, both included (the same day for a single day). */
export interface Closure {
	from: string;
	to: string;
	/** What visitors read after the dates: "Chiuso per ferie". */
	note?: string | undefined;
}

/**
 * A day the shop opens though it would be closed (a national holiday, a Sunday before
 * Christmas): with its own hours, or the usual ones of its weekday when left out.
 */
export interface Opening {
	date: string;
	hours?: readonly string[] | undefined;
}

/** What the calendar needs of a shop. */
export interface ShopCalendar {
	hours: WeekHours;
	closures?: readonly Closure[] | undefined;
	openings?: readonly Opening[] | undefined;
}

/** A national holiday of Italy on a date. */
export interface Holiday {
	date: string;
	name: string;
}

/** A day, in milliseconds. */
export const DAY_MS = 86_400_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a "YYYY-MM-DD" date, or null when it is not a real date. */
export function parseDate(date: string): number | null {
	const match = DATE.exec(date);
	if (!match) return null;
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const time = Date.UTC(year, month - 1, day);
	const back = new Date(time);
	const real =
		back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
	return real ? time : null;
}

/** The "YYYY-MM-DD" date of a midnight-UTC time. */
export function formatDate(time: number): string {
	return new Date(time).toISOString().slice(0, 10);
}

/** The date `days` after a "YYYY-MM-DD" date (before it when negative). */
export function addDays(date: string, days: number): string {
	return formatDate((parseDate(date) ?? 0) + days * DAY_MS);
}

/** The weekday of a "YYYY-MM-DD" date. */
export function weekdayOf(date: string): Weekday {
	// getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
	return WEEKDAYS[(new Date(parseDate(date) ?? 0).getUTCDay() + 6) % 7] as Weekday;
}

/**
 * Easter Sunday of a year of the Gregorian calendar (the anonymous algorithm of 1876, known as
 * Meeus/Jones/Butcher), as "YYYY-MM-DD".
 */
export function easterSunday(year: number): string {
	const a = year % 19;
	const b = Math.floor(year / 100);
	const c = year % 100;
	const d = Math.floor(b / 4);
	const e = b % 4;
	const f = Math.floor((b + 8) / 25);
	const g = Math.floor((b - f + 1) / 3);
	const h = (19 * a + b - d - g + 15) % 30;
	const i = Math.floor(c / 4);
	const k = c % 4;
	const l = (32 + 2 * e + 2 * i - h - k) % 7;
	const m = Math.floor((a + 11 * h + 22 * l) / 451);
	const month = Math.floor((h + l - 7 * m + 114) / 31);
	const day = ((h + l - 7 * m + 114) % 31) + 1;
	return formatDate(Date.UTC(year, month - 1, day));
}

/** The national holidays of Italy on a fixed date: "MM-DD" and name. */
const FIXED_HOLIDAYS: readonly (readonly [string, string])[] = [
	['01-01', 'Capodanno'],
	['01-06', 'Epifania'],
	['04-25', 'Festa della Liberazione'],
	['05-01', 'Festa del Lavoro'],
	['06-02', 'Festa della Repubblica'],
	['08-15', 'Ferragosto'],
	['11-01', 'Ognissanti'],
	['12-08', 'Immacolata Concezione'],
	['12-25', 'Natale'],
	['12-26', 'Santo Stefano'],
];

/**
 * Italy's national holidays of a year, in date order: the fixed ones, Easter Sunday and Easter
 * Monday (Pasquetta). Local patron saints' days are not among them: a shop that closes on its
 * town's saint enters it as a closure.
 */
export function nationalHolidays(year: number): Holiday[] {
	const easter = easterSunday(year);
	const y = String(year).padStart(4, '0');
	return [
		...FIXED_HOLIDAYS.map(([day, name]) => ({ date: `${y}-${day}`, name })),
		{ date: easter, name: 'Pasqua' },
		{ date: addDays(easter, 1), name: "Lunedì dell'Angelo (Pasquetta)" },
	].sort((a, b) => compareKeys(a.date, b.date));
}

/** The national holiday on a "YYYY-MM-DD" date, or undefined. */
export function holidayOn(date: string): Holiday | undefined {
	return nationalHolidays(Number(date.slice(0, 4))).find((holiday) => holiday.date === date);
}

/** The closure a date falls in, or undefined. */
export function closureOn(calendar: ShopCalendar, date: string): Closure | undefined {
	return (calendar.closures ?? []).find((closure) => closure.from <= date && date <= closure.to);
}

/** Why the shop is closed on a date it would otherwise open. */
export type ClosedBy =
	{ kind: 'closure'; closure: Closure } | { kind: 'holiday'; holiday: Holiday };

/**
 * The shop's opening on a date: its ranges (none when closed) and, when a closure or a holiday
 * closes a day of its usual week, what closes it. A closure wins over everything; an
 * extraordinary opening wins over a holiday and over the weekday's hours.
 */
export function dayOf(
	calendar: ShopCalendar,
	date: string,
): { hours: readonly string[]; closedBy?: ClosedBy } {
	const usual = calendar.hours[weekdayOf(date)] ?? [];
	const closure = closureOn(calendar, date);
	if (closure) return { hours: [], closedBy: { kind: 'closure', closure } };
	const opening = (calendar.openings ?? []).find((open) => open.date === date);
	if (opening) return { hours: opening.hours?.length ? opening.hours : usual };
	const holiday = holidayOn(date);
	if (holiday && usual.length > 0) return { hours: [], closedBy: { kind: 'holiday', holiday } };
	return { hours: usual };
}

/** The shop's ranges on a "YYYY-MM-DD" date: none when it is closed or not a date. */
export function hoursOn(calendar: ShopCalendar, date: string): readonly string[] {
	return parseDate(date) === null ? [] : dayOf(calendar, date).hours;
}

/** The months' names as visitors read them, January first. */
export const MONTHS = [
	'gennaio',
	'febbraio',
	'marzo',
	'aprile',
	'maggio',
	'giugno',
	'luglio',
	'agosto',
	'settembre',
	'ottobre',
	'novembre',
	'dicembre',
];

/** The weekday names as visitors read them. */
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
	lunedi: 'lunedì',
	martedi: 'martedì',
	mercoledi: 'mercoledì',
	giovedi: 'giovedì',
	venerdi: 'venerdì',
	sabato: 'sabato',
	domenica: 'domenica',
};

/** "1°" for the first of the month, as Italian writes it; else the number. */
const dayNumber = (date: string) => {
	const day = Number(date.slice(8, 10));
	return day === 1 ? '1°' : String(day);
};
const monthName = (date: string) => MONTHS[Number(date.slice(5, 7)) - 1] ?? '';

/** "il 25 dicembre", "l'8 dicembre", "il 1° maggio": a date after a verb, without its year. */
export function dateWithArticle(date: string): string {
	const day = Number(date.slice(8, 10));
	return `${day === 8 || day === 11 ? "l'" : 'il '}${dayNumber(date)} ${monthName(date)}`;
}

/** "lunedì 24 agosto" for a "YYYY-MM-DD" date. */
export function dayLabel(date: string): string {
	return `${WEEKDAY_NAMES[weekdayOf(date)]} ${dayNumber(date)} ${monthName(date)}`;
}

/**
 * A closure as /negozi shows it: "Chiuso il 24 dicembre 2026", "Chiuso dal 10 al 23 agosto
 * 2026: Chiuso per ferie", "Chiuso dal 28 dicembre 2026 al 6 gennaio 2027".
 */
export function closureLine(closure: Closure): string {
	const { from, to } = closure;
	const [fromYear, toYear] = [from.slice(0, 4), to.slice(0, 4)];
	let dates: string;
	if (from === to) dates = `il ${dayNumber(from)} ${monthName(from)} ${fromYear}`;
	else if (fromYear !== toYear) {
		dates = `dal ${dayNumber(from)} ${monthName(from)} ${fromYear} al ${dayNumber(to)} ${monthName(to)} ${toYear}`;
	} else if (from.slice(5, 7) === to.slice(5, 7)) {
		dates = `dal ${dayNumber(from)} al ${dayNumber(to)} ${monthName(to)} ${toYear}`;
	} else
		dates = `dal ${dayNumber(from)} ${monthName(from)} al ${dayNumber(to)} ${monthName(to)} ${toYear}`;
	return `Chiuso ${dates}${closure.note ? `: ${closure.note}` : ''}`;
}

/** The closures that have not ended by `today`, in date order. */
export function upcomingClosures(closures: readonly Closure[], today: string): Closure[] {
	return closures
		.filter((closure) => closure.to >= today)
		.sort((a, b) => compareKeys(a.from, b.from));
}

/**
 * The part of a calendar that still matters on `today`: closures not yet ended, openings not yet
 * past. What the build hands to pages and to the server, so old entries cost nothing.
 */
export function calendarFrom(
	shop: ShopCalendar,
	today: string,
): { hours: WeekHours; closures: Closure[]; openings: Opening[] } {
	return {
		hours: shop.hours,
		closures: upcomingClosures(shop.closures ?? [], today),
		openings: (shop.openings ?? [])
			.filter((opening) => opening.date >= today)
			.sort((a, b) => compareKeys(a.date, b.date)),
	};
}
