import { describe, expect, it } from 'vitest';
import { openStatus, romeClock, type WeekHours } from '../../src/lib/shops/open-now';
import { TORINO_HOURS } from '../fixtures/shops';

const TORINO: WeekHours = TORINO_HOURS;

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
		expect(openStatus(week, new Date('2026-11-23T10:00:00+01:00'))).toBe(line);
	});
});
