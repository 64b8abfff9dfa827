/**
 * The days a reservation can be picked up (docs/reservations.md): from the next calendar day in Rome,
 * only days the shop opens by its calendar (its week, its closures, Italy's national holidays and
 * its extraordinary openings: src/lib/shops/calendar.ts), up to a horizon. Pure, in Europe/Rome
 * time whatever the visitor's own time zone; dates are "YYYY-MM-DD" strings, counted in UTC so
 * summer time never shifts them.
 */
import {
	closureLine,
	dateWithArticle,
	DAY_MS,
	dayOf,
	formatDate,
	hoursOn,
	parseDate,
	weekdayOf,
	type ClosedBy,
	type ShopCalendar,
	type WeekHours,
} from '../shops/calendar';
import { SHOP_TIME_ZONE } from '../shops/open-now';
import type { Weekday } from '../shops/weekdays';

/** Opening hours of a week: per weekday, "HH:MM-HH:MM" ranges (none when closed). */
export type PickupHours = WeekHours;

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

/** Made once: a formatter costs far more to make than to use (en-CA writes YYYY-MM-DD). */
const ROME_DAY = new Intl.DateTimeFormat('en-CA', {
	timeZone: SHOP_TIME_ZONE,
	year: 'numeric',
	month: '2-digit',
	day: '2-digit',
});

/** Today's date in Rome, as "YYYY-MM-DD". */
export function romeToday(now: Date): string {
	return ROME_DAY.format(now);
}

const LABEL = new Intl.DateTimeFormat('it-IT', {
	timeZone: 'UTC',
	weekday: 'long',
	day: 'numeric',
	month: 'long',
});

/** A day of the calendar as the visitor reads it. */
function toPickupDay(time: number, shop: ShopCalendar): PickupDay {
	const date = formatDate(time);
	return {
		date,
		weekday: weekdayOf(date),
		label: LABEL.format(new Date(time)),
		hours: hoursOn(shop, date),
	};
}

/**
 * The next `count` days the shop opens, from tomorrow (in Rome) and within
 * PICKUP_HORIZON_DAYS; none for a shop that never opens.
 */
export function pickupDays(shop: ShopCalendar, now: Date, count = PICKUP_DAY_COUNT): PickupDay[] {
	const today = parseDate(romeToday(now)) ?? 0;
	const days: PickupDay[] = [];
	for (let offset = 1; offset <= PICKUP_HORIZON_DAYS && days.length < count; offset += 1) {
		const day = toPickupDay(today + offset * DAY_MS, shop);
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
	/** A day the shop's calendar closes: a closure of its own, or a national holiday. */
	closedBy: (date: string, by: ClosedBy) =>
		by.kind === 'holiday'
			? `Il negozio è chiuso ${dateWithArticle(date)} (${by.holiday.name}): scegli un altro giorno di ritiro.`
			: `${closureLine(by.closure)}. Scegli un altro giorno di ritiro.`,
});

/**
 * The server's check of a pickup day: a real date, the shop open that day by its calendar (not
 * on a closure, nor on a national holiday it does not open), not before today in Rome and within
 * the horizon. Today itself is accepted: a reservation queued offline yesterday evening may
 * arrive this morning, and the shop sees its day in the e-mail.
 */
export function pickupDayError(shop: ShopCalendar, now: Date, date: string): string | undefined {
	const time = parseDate(date);
	if (time === null) return PICKUP_DAY_ERRORS.invalid;
	const today = parseDate(romeToday(now)) ?? 0;
	if (time < today) return PICKUP_DAY_ERRORS.past;
	if (time > today + PICKUP_HORIZON_DAYS * DAY_MS) return PICKUP_DAY_ERRORS.tooFar;
	const day = dayOf(shop, date);
	if (day.closedBy) return PICKUP_DAY_ERRORS.closedBy(date, day.closedBy);
	if (day.hours.length === 0) return PICKUP_DAY_ERRORS.closed;
	return undefined;
}

/** "venerdì 27 novembre" for a "YYYY-MM-DD" date ('' when it is not a date). */
export function pickupDayLabel(date: string): string {
	const time = parseDate(date);
	return time === null ? '' : LABEL.format(new Date(time));
}

/** The shop's ranges on a "YYYY-MM-DD" date (none when closed or not a date). */
export function pickupDayHours(shop: ShopCalendar, date: string): readonly string[] {
	return hoursOn(shop, date);
}
