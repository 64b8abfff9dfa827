import { afterEach, describe, expect, it, vi } from 'vitest';
import {
	openStatus,
	romeClock,
	romeOffsetMinutes,
	SHOP_TIME_ZONE,
	type WeekHours,
} from '../../../../src/lib/shops/open-now';
import { TORINO_HOURS } from '../../../fixtures/shops';

const TORINO = { hours: TORINO_HOURS as WeekHours };

describe('open now, by the shop’s calendar', () => {
	const shop = {
		hours: TORINO_HOURS as WeekHours,
		closures: [{ from: '2026-08-10', to: '2026-08-23', note: 'Chiuso per ferie' }],
		openings: [{ date: '2026-12-08' }, { date: '2026-12-20', hours: ['10:00-13:00'] }],
	};
	it.each([
		[
			'Christmas Day, a Friday, at 10:00',
			'2026-12-25T10:00:00+01:00',
			'Chiuso · apre lunedì alle 9:30',
		],
		['Christmas Eve evening', '2026-12-24T20:00:00+01:00', 'Chiuso · apre lunedì alle 9:30'],
		[
			'the Immacolata, opened by the shop',
			'2026-12-08T10:00:00+01:00',
			'Aperto ora · chiude alle 12:30',
		],
		[
			'the day before the Immacolata',
			'2026-12-07T20:00:00+01:00',
			'Chiuso · apre domani alle 9:30',
		],
		[
			'a Sunday opened with its own hours',
			'2026-12-20T10:30:00+01:00',
			'Aperto ora · chiude alle 13:00',
		],
		['the Saturday before it', '2026-12-19T13:00:00+01:00', 'Chiuso · apre domani alle 10:00'],
		[
			'Easter Monday 2027 (29 March)',
			'2027-03-29T10:00:00+02:00',
			'Chiuso · apre domani alle 9:30',
		],
		['Ferragosto 2029, a Wednesday', '2029-08-15T10:00:00+02:00', 'Chiuso · apre domani alle 9:30'],
		[
			'in the summer closure',
			'2026-08-12T10:00:00+02:00',
			'Chiuso · apre lunedì 24 agosto alle 9:30',
		],
		['on its first day', '2026-08-10T10:00:00+02:00', 'Chiuso · apre lunedì 24 agosto alle 9:30'],
		[
			'the Saturday before it',
			'2026-08-08T13:00:00+02:00',
			'Chiuso · apre lunedì 24 agosto alle 9:30',
		],
		['on its last day', '2026-08-23T10:00:00+02:00', 'Chiuso · apre domani alle 9:30'],
		['the day after it', '2026-08-24T10:00:00+02:00', 'Aperto ora · chiude alle 12:30'],
	])('%s', (_case, instant, line) => {
		expect(openStatus(shop, new Date(instant))).toBe(line);
	});

	it('a national holiday on a Sunday changes nothing for a shop closed on Sundays', () => {
		// Easter Sunday 2026 is 5 April.
		expect(openStatus(shop, new Date('2026-04-05T10:00:00+02:00'))).toBe(
			'Chiuso · apre martedì alle 9:30',
		);
	});

	it('Easter Sunday closes a shop that opens on Sundays, unless it opens that day', () => {
		const sundays = { hours: { domenica: ['10:00-13:00'] } as WeekHours };
		const easter = new Date('2026-04-05T10:30:00+02:00');
		expect(openStatus(sundays, easter)).toBe('Chiuso · apre domenica alle 10:00');
		expect(openStatus({ ...sundays, openings: [{ date: '2026-04-05' }] }, easter)).toBe(
			'Aperto ora · chiude alle 13:00',
		);
	});
});

describe('open now, in Rome time', () => {
	// 23 November 2026 is a Monday; Rome is at UTC+1 in November and UTC+2 in July.
	it.each([
		['Monday 10:00', '2026-11-23T10:00:00+01:00', 'Aperto ora · chiude alle 12:30'],
		['Monday at opening time', '2026-11-23T09:30:00+01:00', 'Aperto ora · chiude alle 12:30'],
		['Monday at closing time', '2026-11-23T12:30:00+01:00', 'Chiuso · apre oggi alle 15:30'],
		['Monday before opening', '2026-11-23T07:05:00+01:00', 'Chiuso · apre oggi alle 9:30'],
		['Monday afternoon', '2026-11-23T19:29:00+01:00', 'Aperto ora · chiude alle 19:30'],
		['Monday evening', '2026-11-23T21:00:00+01:00', 'Chiuso · apre domani alle 9:30'],
		['Friday evening', '2026-11-27T20:00:00+01:00', 'Chiuso · apre domani alle 9:30'],
		['Saturday afternoon', '2026-11-28T15:00:00+01:00', 'Chiuso · apre lunedì alle 9:30'],
		['Sunday', '2026-11-29T11:00:00+01:00', 'Chiuso · apre domani alle 9:30'],
		[
			'a Wednesday in July (summer time)',
			'2026-07-15T19:00:00+02:00',
			'Aperto ora · chiude alle 19:30',
		],
		['just after midnight', '2026-11-24T00:10:00+01:00', 'Chiuso · apre oggi alle 9:30'],
	])('%s', (_case, instant, line) => {
		expect(openStatus(TORINO, new Date(instant))).toBe(line);
	});

	it('uses Rome time whatever the instant’s own zone: 10:00 in New York is 16:00 in Rome', () => {
		expect(openStatus(TORINO, new Date('2026-11-23T10:00:00-05:00'))).toBe(
			'Aperto ora · chiude alle 19:30',
		);
		expect(romeClock(new Date('2026-11-23T10:00:00-05:00'))).toEqual({ day: 0, minute: 960 });
	});

	it.each([
		['a shop closed all week', {}, 'Chiuso'],
		['days left out are closed', { giovedi: ['08:00-13:00'] }, 'Chiuso · apre giovedì alle 8:00'],
		[
			'ranges out of order and malformed ones',
			{ lunedi: ['15:00-19:00', 'chiuso', '08:00-09:00', '12:00-11:00'] },
			'Chiuso · apre oggi alle 15:00',
		],
		['the same day next week', { lunedi: ['08:00-09:00'] }, 'Chiuso · apre lunedì alle 8:00'],
	])('%s', (_case, week: WeekHours, line) => {
		expect(openStatus({ hours: week }, new Date('2026-11-23T10:00:00+01:00'))).toBe(line);
	});
});

/** Rome's clock as `Intl` reads it from the time-zone database: the reference of the EU rule. */
const ROME = new Intl.DateTimeFormat('en-GB', {
	timeZone: SHOP_TIME_ZONE,
	weekday: 'short',
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23',
});
function intlRomeClock(now: Date): { day: number; minute: number } {
	const parts = ROME.formatToParts(now);
	const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
	return {
		day: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')),
		minute: Number(part('hour')) * 60 + Number(part('minute')),
	};
}

describe('open now, without the collation data', () => {
	afterEach(() => vi.restoreAllMocks());

	// The first localeCompare of a page loads Chromium's collation data (a long task on a phone):
	// the line of every shop page sorts its holidays, closures and openings without it.
	it.each([
		['an ordinary weekday', '2026-11-24T10:00:00Z'],
		['Easter Monday', '2026-04-06T10:00:00Z'],
		['in a closure', '2026-08-12T10:00:00Z'],
	])('%s', (_case, instant) => {
		const localeCompare = vi.spyOn(String.prototype, 'localeCompare');
		const shop = {
			hours: TORINO_HOURS as WeekHours,
			closures: [
				{ from: '2026-08-10', to: '2026-08-23', note: 'Chiuso per ferie' },
				{ from: '2026-01-02', to: '2026-01-03' },
			],
			openings: [{ date: '2026-12-20', hours: ['10:00-13:00'] }, { date: '2026-12-08' }],
		};
		expect(openStatus(shop, new Date(instant))).not.toBe('');
		expect(localeCompare).not.toHaveBeenCalled();
	});
});

describe("Rome's clock without Intl (the EU summer-time rule)", () => {
	it.each([
		// The changes of 2026: 29 March and 25 October, at 01:00 UTC.
		['the last minute of winter time, 2026', '2026-03-29T00:59:00Z', 60],
		['the first minute of summer time, 2026', '2026-03-29T01:00:00Z', 120],
		['the last minute of summer time, 2026', '2026-10-25T00:59:00Z', 120],
		['back to winter time, 2026', '2026-10-25T01:00:00Z', 60],
		// 2029: both changes fall on the month's last day that is a Sunday (25 March, 28 October).
		['summer time starts, 2029', '2029-03-25T01:00:00Z', 120],
		['summer time ends, 2029', '2029-10-28T01:00:00Z', 60],
		// A year whose 31 March and 31 October are Sundays (2024, 2030...): 31 March 2024.
		['31 March 2024 is the change', '2024-03-31T01:00:00Z', 120],
		['the day before, 30 March 2024', '2024-03-30T12:00:00Z', 60],
		['New Year', '2027-01-01T00:00:00Z', 60],
		['midsummer', '2027-07-01T00:00:00Z', 120],
	])('%s', (_case, instant, offset) => {
		expect(romeOffsetMinutes(new Date(instant))).toBe(offset);
	});

	it('reads 02:00 Rome time on the night summer time starts as 03:00', () => {
		expect(romeClock(new Date('2026-03-29T01:00:00Z'))).toEqual({ day: 6, minute: 180 });
		expect(romeClock(new Date('2026-03-29T00:59:00Z'))).toEqual({ day: 6, minute: 119 });
	});

	it('agrees with Intl at every hour and on both sides of every change, 2020–2040', () => {
		const disagreements: string[] = [];
		const check = (time: number) => {
			const now = new Date(time);
			const ours = romeClock(now);
			const reference = intlRomeClock(now);
			if (ours.day !== reference.day || ours.minute !== reference.minute) {
				disagreements.push(
					`${now.toISOString()}: ${JSON.stringify(ours)} ≠ ${JSON.stringify(reference)}`,
				);
			}
		};
		const hour = 3_600_000;
		for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2041, 0, 1); time += hour) {
			check(time);
			// Each change is at a whole UTC hour: its minute before and its minute after.
			if (romeOffsetMinutes(new Date(time)) !== romeOffsetMinutes(new Date(time - hour))) {
				check(time - 60_000);
				check(time + 60_000);
			}
		}
		expect(disagreements).toEqual([]);
	}, 30_000);
});
