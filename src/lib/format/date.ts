/** Dates shown to visitors, always in Italian and in Rome's time zone. */

const LONG_DATE = new Intl.DateTimeFormat('it-IT', {
	day: 'numeric',
	month: 'long',
	year: 'numeric',
	timeZone: 'Europe/Rome',
});

const MONTH_YEAR = new Intl.DateTimeFormat('it-IT', {
	month: 'long',
	year: 'numeric',
	timeZone: 'Europe/Rome',
});

/** "1 novembre 2026". */
export function formatDate(date: Date): string {
	return LONG_DATE.format(date);
}

/** "aprile 2025". */
export function formatMonthYear(date: Date): string {
	return MONTH_YEAR.format(date);
}

/** "2026-11-01", for the datetime attribute of <time>. */
export function isoDate(date: Date): string {
	return date.toISOString().slice(0, 10);
}

const DATE_TIME = new Intl.DateTimeFormat('it-IT', {
	day: 'numeric',
	month: 'long',
	year: 'numeric',
	hour: '2-digit',
	minute: '2-digit',
	timeZone: 'Europe/Rome',
});

/** "3 marzo 2026 alle 14:05": e-mails and the staff's list of messages. */
export function formatDateTime(date: Date): string {
	const parts = DATE_TIME.formatToParts(date);
	const part = (type: Intl.DateTimeFormatPartTypes) =>
		parts.find((item) => item.type === type)?.value ?? '';
	return `${part('day')} ${part('month')} ${part('year')} alle ${part('hour')}:${part('minute')}`;
}
