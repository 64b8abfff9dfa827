/**
 * The days a reservation can be picked up (docs/pickup.md): from the next calendar day in Rome,
 * only days the shop opens, up to a horizon. Pure, in Europe/Rome time whatever the visitor's own
 * time zone; dates are "YYYY-MM-DD" strings, counted in UTC so summer time never shifts them.
 */
import { SHOP_TIME_ZONE } from '../shops/open-now';
import { WEEKDAYS, type Weekday } from '../shops/weekdays';

/** Opening hours of a week: per weekday, "HH:MM-HH:MM" ranges (none when closed). */
export type PickupHours = Partial<Record<Weekday, readonly string[]>>;

/** How many open days the visitor can choose from. */
export const PICKUP_DAY_COUNT = 10;
/** How far ahead a pickup day may be, in calendar days (the server's limit too). */
export const PICKUP_HORIZON_DAYS = 30;

/** A day the visitor can choose. */
export interface PickupDay {
	/** "2026-11-27". */
	date: string;
	weekday: Weekday;
	/** "venerdì 27 novembre". */
	label: string;
	/** The shop's ranges that day, as written: ["09:30-12:30", "15:30-19:30"]. */
	hours: readonly string[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Today's date in Rome, as "YYYY-MM-DD". */
export function romeToday(now: Date): string {
	// en-CA writes dates as YYYY-MM-DD.
	return new Intl.DateTimeFormat('en-CA', {
		timeZone: SHOP_TIME_ZONE,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(now);
}

/** Midnight UTC of a "YYYY-MM-DD" date, or null when it is not a real date. */
function parseDate(date: string): number | null {
	const match = DATE.exec(date);
	if (!match) return null;
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
	const time = Date.UTC(year, month - 1, day);
	const back = new Date(time);
	const real =
		back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day;
	return real ? time : null;
}

/** The weekday of a midnight-UTC time. */
function weekdayOf(time: number): Weekday {
	// getUTCDay: 0 = Sunday; WEEKDAYS starts on Monday.
	return WEEKDAYS[(new Date(time).getUTCDay() + 6) % 7] as Weekday;
}

const LABEL = new Intl.DateTimeFormat('it-IT', {
	timeZone: 'UTC',
	weekday: 'long',
	day: 'numeric',
	month: 'long',
});

/** A day of the calendar as the visitor reads it. */
function toPickupDay(time: number, hours: PickupHours): PickupDay {
	const weekday = weekdayOf(time);
	return {
		date: new Date(time).toISOString().slice(0, 10),
		weekday,
		label: LABEL.format(new Date(time)),
		hours: hours[weekday] ?? [],
	};
}

/**
 * The next `count` days the shop opens, from tomorrow (in Rome) and within
 * PICKUP_HORIZON_DAYS; none for a shop that never opens.
 */
export function pickupDays(hours: PickupHours, now: Date, count = PICKUP_DAY_COUNT): PickupDay[] {
	const today = parseDate(romeToday(now)) ?? 0;
	const days: PickupDay[] = [];
	for (let offset = 1; offset <= PICKUP_HORIZON_DAYS && days.length < count; offset += 1) {
		const day = toPickupDay(today + offset * DAY_MS, hours);
		if (day.hours.length > 0) days.push(day);
	}
	return days;
}

/** Why the server refuses a day, in Italian; undefined when the day is fine. */
export const PICKUP_DAY_ERRORS = Object.freeze({
	invalid: 'Scegli un giorno di ritiro valido.',
	past: 'Il giorno di ritiro è già passato: scegline un altro.',
	tooFar: `Il giorno di ritiro può essere al massimo tra ${PICKUP_HORIZON_DAYS} giorni.`,
	closed: 'Il negozio è chiuso quel giorno: scegli un altro giorno di ritiro.',
});

/**
 * The server's check of a pickup day: a real date, the shop open that weekday, not before today
 * in Rome and within the horizon. Today itself is accepted: a reservation queued offline
 * yesterday evening may arrive this morning, and the shop sees its day in the e-mail.
 */
export function pickupDayError(hours: PickupHours, now: Date, date: string): string | undefined {
	const time = parseDate(date);
	if (time === null) return PICKUP_DAY_ERRORS.invalid;
	const today = parseDate(romeToday(now)) ?? 0;
	if (time < today) return PICKUP_DAY_ERRORS.past;
	if (time > today + PICKUP_HORIZON_DAYS * DAY_MS) return PICKUP_DAY_ERRORS.tooFar;
	if ((hours[weekdayOf(time)] ?? []).length === 0) return PICKUP_DAY_ERRORS.closed;
	return undefined;
}

/** "venerdì 27 novembre" for a "YYYY-MM-DD" date ('' when it is not a date). */
export function pickupDayLabel(date: string): string {
	const time = parseDate(date);
	return time === null ? '' : LABEL.format(new Date(time));
}

/** The shop's ranges on a "YYYY-MM-DD" date (none when closed or not a date). */
export function pickupDayHours(hours: PickupHours, date: string): readonly string[] {
	const time = parseDate(date);
	return time === null ? [] : (hours[weekdayOf(time)] ?? []);
}
