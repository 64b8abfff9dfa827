import type { DayOfWeek, OpeningHoursSpecification } from 'schema-dts';
import { WEEKDAYS, type Weekday } from './weekdays';

/** Opening hours of a week: per weekday, a list of "HH:MM-HH:MM" ranges (empty when closed). */
export type WeekHours = Record<Weekday, string[]>;

/** One line of the opening hours as shown to visitors. */
export interface HoursLine {
	/** "Lun–Ven", "Sab", "Dom". */
	days: string;
	/** "09:30–12:30, 15:30–19:30" or "Chiuso". */
	hours: string;
}

const SHORT: Record<Weekday, string> = {
	lunedi: 'Lun',
	martedi: 'Mar',
	mercoledi: 'Mer',
	giovedi: 'Gio',
	venerdi: 'Ven',
	sabato: 'Sab',
	domenica: 'Dom',
};

/** The English day names schema.org expects. */
const SCHEMA_DAY: Record<Weekday, DayOfWeek> = {
	lunedi: 'Monday',
	martedi: 'Tuesday',
	mercoledi: 'Wednesday',
	giovedi: 'Thursday',
	venerdi: 'Friday',
	sabato: 'Saturday',
	domenica: 'Sunday',
};

/** "09:30-12:30" as "09:30–12:30". */
function formatRange(range: string): string {
	return range.replace('-', '–');
}

/** One day's ranges as shown: "09:30–12:30, 15:30–19:30", or "Chiuso" without any. */
export function formatDayHours(ranges: readonly string[]): string {
	return ranges.length ? ranges.map(formatRange).join(', ') : 'Chiuso';
}

/**
 * Groups consecutive days with the same hours into lines: "Lun–Ven: 09:30–12:30, 15:30–19:30",
 * "Sab: 09:30–12:30", "Dom: Chiuso".
 */
export function formatWeekHours(week: WeekHours): HoursLine[] {
	const lines: HoursLine[] = [];
	let start = 0;
	for (let i = 1; i <= WEEKDAYS.length; i++) {
		const first = WEEKDAYS[start] as Weekday;
		const current = WEEKDAYS[i];
		if (current && week[current].join() === week[first].join()) continue;
		const last = WEEKDAYS[i - 1] as Weekday;
		const ranges = week[first];
		lines.push({
			days: first === last ? SHORT[first] : `${SHORT[first]}–${SHORT[last]}`,
			hours: formatDayHours(ranges),
		});
		start = i;
	}
	return lines;
}

/** schema.org OpeningHoursSpecification entries, one per time range. */
export function toOpeningHoursSpecification(week: WeekHours): OpeningHoursSpecification[] {
	return WEEKDAYS.flatMap((day) =>
		week[day].map((range) => ({
			'@type': 'OpeningHoursSpecification' as const,
			dayOfWeek: SCHEMA_DAY[day],
			opens: range.slice(0, 5),
			closes: range.slice(6),
		})),
	);
}
