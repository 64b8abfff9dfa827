/**
 * The periods l'andamento covers, in the shops' calendar: Rome's days, weeks from Monday. A period
 * is a range of whole days [from, to] (both included), and the instants it covers run from Rome's
 * midnight starting `from` to Rome's midnight ending `to`, as ISO strings that compare with the
 * times the server stores (UTC ISO). Pure.
 */
import { addDays, MONTHS, parseDate, weekdayOf } from '../shops/calendar';
import { romeDate, romeOffsetMinutes } from '../shops/open-now';
import { WEEKDAYS } from '../shops/weekdays';

/** The periods offered: this week, last week, the last 4 weeks, or a chosen range. */
export type PeriodChoice = 'settimana' | 'scorsa' | '4settimane' | 'intervallo';

/** A range of Rome's days, both included, with the instants it covers. */
export interface Period {
	choice: PeriodChoice;
	/** "YYYY-MM-DD", the first day. */
	from: string;
	/** "YYYY-MM-DD", the last day (included). */
	to: string;
	/** Rome's midnight at the start of `from`, as a UTC ISO string. */
	startIso: string;
	/** Rome's midnight at the end of `to` (or now, when that is earlier), as a UTC ISO string. */
	endIso: string;
	/** "dal 16 al 22 novembre 2026". */
	label: string;
}

/** The longest chosen range, in days: two years, what the ledger is sized for. */
export const MAX_RANGE_DAYS = 731;

/** Rome's midnight starting `date` ("YYYY-MM-DD"), in ms. */
export function romeMidnight(date: string): number {
	const utc = parseDate(date);
	if (utc === null) throw new Error(`${date} is not a date.`);
	// Midnight in Rome is 22:00 or 23:00 UTC of the day before; the offset at 21:00 UTC is the
	// one in force then (the clocks change at 01:00 UTC, never near midnight).
	const offset = romeOffsetMinutes(new Date(utc - 180 * 60_000));
	return utc - offset * 60_000;
}

/** The Monday of the week of `date`. */
export function mondayOf(date: string): string {
	return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

/** "16 novembre 2026". */
export function dayText(date: string): string {
	const [year, month, day] = date.split('-');
	return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year ?? ''}`;
}

/** "dal 16 al 22 novembre 2026", "dal 28 dicembre 2026 al 3 gennaio 2027", "il 5 maggio 2026". */
export function rangeText(from: string, to: string): string {
	if (from === to) return `il ${dayText(from)}`;
	const [fromYear, fromMonth, fromDay] = from.split('-');
	const [toYear, toMonth] = to.split('-');
	if (fromYear === toYear && fromMonth === toMonth)
		return `dal ${Number(fromDay)} al ${dayText(to)}`;
	if (fromYear === toYear) {
		return `dal ${Number(fromDay)} ${MONTHS[Number(fromMonth) - 1] ?? ''} al ${dayText(to)}`;
	}
	return `dal ${dayText(from)} al ${dayText(to)}`;
}

/** A period of whole days, its end no later than `now`. */
export function periodOf(choice: PeriodChoice, from: string, to: string, now: Date): Period {
	const end = Math.min(romeMidnight(addDays(to, 1)), now.getTime());
	return {
		choice,
		from,
		to,
		startIso: new Date(romeMidnight(from)).toISOString(),
		endIso: new Date(Math.max(end, romeMidnight(from))).toISOString(),
		label: rangeText(from, to),
	};
}

/** The week (Monday to Sunday) `weeksBack` weeks before the one of `now` (0: this one). */
export function weekPeriod(now: Date, weeksBack: number): Period {
	const monday = addDays(mondayOf(romeDate(now)), -7 * weeksBack);
	return periodOf(weeksBack === 0 ? 'settimana' : 'scorsa', monday, addDays(monday, 6), now);
}

/** Why a chosen range is refused, in Italian; null when it is fine. */
export function rangeError(from: string, to: string, today: string): string | null {
	if (parseDate(from) === null || parseDate(to) === null) {
		return 'Scegli le date nel formato AAAA-MM-GG, per esempio 2026-11-02.';
	}
	if (from > to) return 'La data di inizio deve venire prima di quella di fine.';
	if (from > today) return 'La data di inizio non può essere nel futuro.';
	const days = Math.round(((parseDate(to) ?? 0) - (parseDate(from) ?? 0)) / 86_400_000) + 1;
	if (days > MAX_RANGE_DAYS) return 'Scegli un intervallo di al massimo due anni.';
	return null;
}

/**
 * The period a page address or a command asks for: `periodo` one of the choices (this week by
 * default), `da` and `a` for a chosen range. A bad range is answered with its reason.
 */
export function parsePeriod(
	params: { periodo?: string | null; da?: string | null; a?: string | null },
	now: Date,
): { period: Period } | { error: string } {
	const today = romeDate(now);
	const { da, a } = params;
	if (params.periodo === 'intervallo' || da || a) {
		const from = da ?? '';
		const to = a ?? today;
		const error = rangeError(from, to, today);
		if (error) return { error };
		return { period: periodOf('intervallo', from, to < today ? to : today, now) };
	}
	switch (params.periodo) {
		case 'scorsa':
			return { period: weekPeriod(now, 1) };
		case '4settimane': {
			const monday = mondayOf(today);
			return { period: periodOf('4settimane', addDays(monday, -21), addDays(monday, 6), now) };
		}
		default:
			return { period: weekPeriod(now, 0) };
	}
}

/** The Mondays of the `count` weeks up to the one of `now`, oldest first. */
export function lastWeeks(now: Date, count: number): string[] {
	const monday = mondayOf(romeDate(now));
	return Array.from({ length: count }, (_, index) => addDays(monday, -7 * (count - 1 - index)));
}

/**
 * The index of the Rome day of each ISO time among `days` consecutive days from `from`: the
 * boundaries are worked out once, then each time is placed by comparing strings (the stored
 * times are UTC ISO strings, which sort as they compare). -1 before, `days` after.
 */
export function dayIndexer(from: string, days: number): (iso: string) => number {
	const bounds = Array.from({ length: days + 1 }, (_, index) =>
		new Date(romeMidnight(addDays(from, index))).toISOString(),
	);
	return (iso) => {
		if (iso < (bounds[0] ?? '')) return -1;
		let low = 0;
		let high = days;
		// The last boundary not after `iso`.
		while (low < high) {
			const middle = Math.ceil((low + high) / 2);
			if ((bounds[middle] ?? '') <= iso) low = middle;
			else high = middle - 1;
		}
		return low;
	};
}
