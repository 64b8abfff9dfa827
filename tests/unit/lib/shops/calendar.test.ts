import { describe, expect, it } from 'vitest';
import {
	calendarFrom,
	closureLine,
	dateWithArticle,
	dayLabel,
	dayOf,
	easterSunday,
	holidayOn,
	hoursOn,
	nationalHolidays,
	upcomingClosures,
	type ShopCalendar,
} from '../../../../src/lib/shops/calendar';
import { TORINO_HOURS } from '../../../fixtures/shops';

describe('easterSunday', () => {
	it.each([
		[2026, '2026-04-05'],
		[2027, '2027-03-28'],
		[2028, '2028-04-16'],
		[2029, '2029-04-01'],
		[2030, '2030-04-21'],
		// Further checks of the algorithm: its earliest and latest dates, and a year 2000.
		[2000, '2000-04-23'],
		[2008, '2008-03-23'],
		[2038, '2038-04-25'],
		[2285, '2285-03-22'],
	])('%i: %s', (year, date) => {
		expect(easterSunday(year)).toBe(date);
	});
});

/** Italy's national holidays, written out by hand for each year. */
const HOLIDAYS: Record<number, string[]> = {
	2026: [
		'01-01',
		'01-06',
		'04-05',
		'04-06',
		'04-25',
		'05-01',
		'06-02',
		'08-15',
		'11-01',
		'12-08',
		'12-25',
		'12-26',
	],
	2027: [
		'01-01',
		'01-06',
		'03-28',
		'03-29',
		'04-25',
		'05-01',
		'06-02',
		'08-15',
		'11-01',
		'12-08',
		'12-25',
		'12-26',
	],
	2028: [
		'01-01',
		'01-06',
		'04-16',
		'04-17',
		'04-25',
		'05-01',
		'06-02',
		'08-15',
		'11-01',
		'12-08',
		'12-25',
		'12-26',
	],
	2029: [
		'01-01',
		'01-06',
		'04-01',
		'04-02',
		'04-25',
		'05-01',
		'06-02',
		'08-15',
		'11-01',
		'12-08',
		'12-25',
		'12-26',
	],
	2030: [
		'01-01',
		'01-06',
		'04-21',
		'04-22',
		'04-25',
		'05-01',
		'06-02',
		'08-15',
		'11-01',
		'12-08',
		'12-25',
		'12-26',
	],
};

describe('nationalHolidays', () => {
	it.each(Object.entries(HOLIDAYS))('%s: the twelve days, in order', (year, days) => {
		expect(nationalHolidays(Number(year)).map((holiday) => holiday.date)).toEqual(
			days.map((day) => `${year}-${day}`),
		);
	});

	it.each([
		['2026-04-06', "Lunedì dell'Angelo (Pasquetta)"],
		['2027-03-29', "Lunedì dell'Angelo (Pasquetta)"],
		['2028-04-17', "Lunedì dell'Angelo (Pasquetta)"],
		['2029-04-02', "Lunedì dell'Angelo (Pasquetta)"],
		['2030-04-22', "Lunedì dell'Angelo (Pasquetta)"],
		['2030-04-21', 'Pasqua'],
		['2026-12-25', 'Natale'],
		['2026-08-15', 'Ferragosto'],
		['2026-04-07', undefined],
		['2026-12-24', undefined],
	])('%s: %s', (date, name) => {
		expect(holidayOn(date)?.name).toBe(name);
	});
});

const TORINO: ShopCalendar = { hours: TORINO_HOURS };
const SUNDAYS: ShopCalendar = { hours: { ...TORINO_HOURS, domenica: ['10:00-13:00'] } };
const FULL = ['09:30-12:30', '15:30-19:30'];

describe('dayOf: which days a shop opens', () => {
	it.each([
		// Each national holiday on a weekday the shop opens closes it, in every year.
		...Object.entries(HOLIDAYS).flatMap(([year, days]) =>
			days.map((day) => {
				const date = `${year}-${day}`;
				const open = (TORINO_HOURS[weekdayKey(date)] ?? []).length > 0;
				return {
					name: `${date} (${holidayOn(date)?.name ?? ''})`,
					shop: TORINO,
					date,
					hours: [] as string[],
					closedBy: open ? 'holiday' : undefined,
				};
			}),
		),
		{
			name: 'an ordinary Tuesday',
			shop: TORINO,
			date: '2026-12-01',
			hours: FULL,
			closedBy: undefined,
		},
		{
			name: 'a Sunday, closed by the week',
			shop: TORINO,
			date: '2026-11-29',
			hours: [],
			closedBy: undefined,
		},
		{
			name: 'Easter Sunday, for a shop open on Sundays',
			shop: SUNDAYS,
			date: '2029-04-01',
			hours: [],
			closedBy: 'holiday',
		},
		{
			name: 'the Sunday after, open',
			shop: SUNDAYS,
			date: '2029-04-08',
			hours: ['10:00-13:00'],
			closedBy: undefined,
		},
		{
			name: 'a holiday the shop opens, with its usual hours',
			shop: { ...TORINO, openings: [{ date: '2026-12-08' }] },
			date: '2026-12-08',
			hours: FULL,
			closedBy: undefined,
		},
		{
			name: 'a holiday the shop opens, with its own hours',
			shop: { ...TORINO, openings: [{ date: '2027-03-29', hours: ['10:00-12:00'] }] },
			date: '2027-03-29',
			hours: ['10:00-12:00'],
			closedBy: undefined,
		},
		{
			name: 'a Sunday the shop opens with its hours',
			shop: { ...TORINO, openings: [{ date: '2026-12-20', hours: ['10:00-13:00'] }] },
			date: '2026-12-20',
			hours: ['10:00-13:00'],
			closedBy: undefined,
		},
		{
			name: 'a day in a closure',
			shop: { ...TORINO, closures: [{ from: '2026-08-10', to: '2026-08-23' }] },
			date: '2026-08-17',
			hours: [],
			closedBy: 'closure',
		},
		{
			name: 'the first day of a closure',
			shop: { ...TORINO, closures: [{ from: '2026-08-10', to: '2026-08-23' }] },
			date: '2026-08-10',
			hours: [],
			closedBy: 'closure',
		},
		{
			name: 'the day after a closure',
			shop: { ...TORINO, closures: [{ from: '2026-08-10', to: '2026-08-23' }] },
			date: '2026-08-24',
			hours: FULL,
			closedBy: undefined,
		},
		{
			name: 'a closure wins over an opening',
			shop: {
				...TORINO,
				closures: [{ from: '2026-12-07', to: '2026-12-09' }],
				openings: [{ date: '2026-12-08' }],
			},
			date: '2026-12-08',
			hours: [],
			closedBy: 'closure',
		},
	])('$name', ({ shop, date, hours, closedBy }) => {
		const day = dayOf(shop, date);
		expect(day.hours).toEqual(hours);
		expect(day.closedBy?.kind).toBe(closedBy);
		expect(hoursOn(shop, date)).toEqual(hours);
	});

	it('a date that does not exist has no hours', () => {
		expect(hoursOn(TORINO, '2026-02-30')).toEqual([]);
	});
});

/** The weekday key of a date, as the hours write it. */
function weekdayKey(date: string) {
	const keys = [
		'domenica',
		'lunedi',
		'martedi',
		'mercoledi',
		'giovedi',
		'venerdi',
		'sabato',
	] as const;
	return keys[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? 'domenica';
}

describe('closure lines for /negozi', () => {
	it.each([
		[{ from: '2026-12-24', to: '2026-12-24' }, 'Chiuso il 24 dicembre 2026'],
		[
			{ from: '2026-05-01', to: '2026-05-01', note: 'Inventario' },
			'Chiuso il 1° maggio 2026: Inventario',
		],
		[
			{ from: '2026-08-10', to: '2026-08-23', note: 'Chiuso per ferie' },
			'Chiuso dal 10 al 23 agosto 2026: Chiuso per ferie',
		],
		[{ from: '2026-07-27', to: '2026-08-09' }, 'Chiuso dal 27 luglio al 9 agosto 2026'],
		[{ from: '2026-12-28', to: '2027-01-06' }, 'Chiuso dal 28 dicembre 2026 al 6 gennaio 2027'],
	])('%j → %s', (closure, line) => {
		expect(closureLine(closure)).toBe(line);
	});

	it('lists the closures not yet ended, in date order', () => {
		const closures = [
			{ from: '2026-12-24', to: '2026-12-24' },
			{ from: '2026-08-10', to: '2026-08-23' },
			{ from: '2026-11-20', to: '2026-11-30' },
		];
		expect(upcomingClosures(closures, '2026-11-26')).toEqual([
			{ from: '2026-11-20', to: '2026-11-30' },
			{ from: '2026-12-24', to: '2026-12-24' },
		]);
	});

	it('keeps of a calendar what still matters', () => {
		const calendar = calendarFrom(
			{
				hours: TORINO_HOURS,
				closures: [{ from: '2026-08-10', to: '2026-08-23' }],
				openings: [{ date: '2026-12-20' }, { date: '2026-11-01' }, { date: '2026-12-08' }],
			},
			'2026-11-26',
		);
		expect(calendar).toEqual({
			hours: TORINO_HOURS,
			closures: [],
			openings: [{ date: '2026-12-08' }, { date: '2026-12-20' }],
		});
	});

	it.each([
		['2026-12-25', 'il 25 dicembre', 'venerdì 25 dicembre'],
		['2026-12-08', "l'8 dicembre", 'martedì 8 dicembre'],
		['2026-05-01', 'il 1° maggio', 'venerdì 1° maggio'],
		['2027-03-11', "l'11 marzo", 'giovedì 11 marzo'],
	])('%s: «%s», «%s»', (date, withArticle, label) => {
		expect(dateWithArticle(date)).toBe(withArticle);
		expect(dayLabel(date)).toBe(label);
	});
});
