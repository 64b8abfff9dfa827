/**
 * The weekdays in the order the opening hours are shown, as editors write them. A module of its
 * own, free of zod, so that the browser code of the open-now line (src/scripts/open-now.ts) and
 * the content schemas share one list.
 */
export const WEEKDAYS = [
	'lunedi',
	'martedi',
	'mercoledi',
	'giovedi',
	'venerdi',
	'sabato',
	'domenica',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];
