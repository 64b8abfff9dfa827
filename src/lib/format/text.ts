/** Longest description shown on a card before it is cut (docs/catalogue.md). */
export const CARD_DESCRIPTION_MAX = 90;

/** Cuts a text longer than `max` characters to `max - 3` plus "..." (90 → 87 + '...'). */
export function truncate(text: string, max = CARD_DESCRIPTION_MAX): string {
	const chars = Array.from(text.trim());
	if (chars.length <= max) return chars.join('');
	return `${chars
		.slice(0, max - 3)
		.join('')
		.trimEnd()}...`;
}

/** "cioccolato bianco 900 g" → "cioccolato-bianco-900-g": lower case, accents removed, hyphens. */
export function slugify(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '');
}

/**
 * Orders two keys written in plain ASCII of one shape ("2026-04-05" dates, "K7M2QX" pickup codes)
 * by their characters' codes: for such keys the same order as `localeCompare`, without asking for
 * the browser's collation data, which Chromium loads on the first `localeCompare` of a page: a
 * task of 12–20 ms on a desktop and four times that on a phone, that the open-now line of every
 * shop page paid for sorting the holidays. Text that people read (names) keeps its collator.
 */
export function compareKeys(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
