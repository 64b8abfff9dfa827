import { describe, expect, it } from 'vitest';
import {
	formatWeekHours,
	toOpeningHoursSpecification,
	type WeekHours,
} from '../../../../src/lib/shops/hours';
import { TORINO_HOURS } from '../../../fixtures/shops';

const torino: WeekHours = TORINO_HOURS;

describe('formatWeekHours', () => {
	it('groups equal consecutive days', () => {
		expect(formatWeekHours(torino)).toEqual([
			{ days: 'Lun–Ven', hours: '09:30–12:30, 15:30–19:30' },
			{ days: 'Sab', hours: '09:30–12:30' },
			{ days: 'Dom', hours: 'Chiuso' },
		]);
	});

	it('keeps a different day in the middle of the week on its own line', () => {
		expect(formatWeekHours({ ...torino, mercoledi: [] })).toEqual([
			{ days: 'Lun–Mar', hours: '09:30–12:30, 15:30–19:30' },
			{ days: 'Mer', hours: 'Chiuso' },
			{ days: 'Gio–Ven', hours: '09:30–12:30, 15:30–19:30' },
			{ days: 'Sab', hours: '09:30–12:30' },
			{ days: 'Dom', hours: 'Chiuso' },
		]);
	});

	it('gives one line for a week with the same hours every day', () => {
		const always = Object.fromEntries(
			Object.keys(torino).map((day) => [day, ['08:00-20:00']]),
		) as WeekHours;
		expect(formatWeekHours(always)).toEqual([{ days: 'Lun–Dom', hours: '08:00–20:00' }]);
	});
});

describe('toOpeningHoursSpecification', () => {
	it('gives one entry per time range with English day names', () => {
		const spec = toOpeningHoursSpecification(torino);
		expect(spec).toHaveLength(11);
		expect(spec[0]).toEqual({
			'@type': 'OpeningHoursSpecification',
			dayOfWeek: 'Monday',
			opens: '09:30',
			closes: '12:30',
		});
		expect(spec.at(-1)).toMatchObject({ dayOfWeek: 'Saturday', opens: '09:30', closes: '12:30' });
	});
});
