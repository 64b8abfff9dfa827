/**
 * One opening range "HH:MM-HH:MM" whose closing time comes after its opening time, as a regular
 * expression: the CMS can check a text only by a pattern, and the schema's rule (a refinement in
 * src/lib/content/shop-schema.ts) compares two times. Pure.
 *
 * The pattern accepts a closing hour after the opening hour, or the same hour with more tens of
 * minutes ("09:10-09:40"). It refuses a range shorter than that within the same ten minutes
 * ("09:31-09:35"), which the schema would accept: no shop opens for four minutes, and the CMS
 * being stricter never lets through a file the build would refuse.
 */

const TWO = (n: number) => String(n).padStart(2, '0');

/** A character class of the digits from `from` to `to`, or null when there are none. */
function digits(from: number, to: number): string | null {
	if (from > to) return null;
	return from === to ? String(from) : `[${from}-${to}]`;
}

/** The hours after `hour` (0–23), as alternatives of two digits. */
function hoursAfter(hour: number): string | null {
	const tens = Math.floor(hour / 10);
	const units = hour % 10;
	const parts: string[] = [];
	const sameTens = digits(units + 1, tens === 2 ? 3 : 9);
	if (sameTens) parts.push(`${tens}${sameTens}`);
	if (tens === 0) parts.push('1\\d');
	if (tens <= 1) parts.push('2[0-3]');
	return parts.length > 0 ? parts.join('|') : null;
}

/** The pattern of an opening range with its closing after its opening (see above). */
export function openingRangePattern(): string {
	const alternatives: string[] = [];
	for (let hour = 0; hour < 24; hour++) {
		const h = TWO(hour);
		const later = hoursAfter(hour);
		const parts: string[] = [];
		if (later) parts.push(`[0-5]\\d-(?:${later}):[0-5]\\d`);
		for (let tens = 0; tens < 5; tens++) {
			parts.push(`${tens}\\d-${h}:${digits(tens + 1, 5)}\\d`);
		}
		alternatives.push(`${h}:(?:${parts.join('|')})`);
	}
	return `^(?:${alternatives.join('|')})$`;
}
