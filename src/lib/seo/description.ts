/** Search engines show about this many characters of a meta description; longer ones are cut. */
export const DESCRIPTION_MAX = 160;

/**
 * A meta description from an editor's text: whitespace collapsed and, when too long, cut at the
 * last word that fits with "…", so the snippet ends cleanly instead of mid-word.
 */
export function metaDescription(text: string, max = DESCRIPTION_MAX): string {
	const clean = text.replace(/\s+/g, ' ').trim();
	if (clean.length <= max) return clean;
	const cut = clean.slice(0, max - 1);
	const lastSpace = cut.lastIndexOf(' ');
	const words = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
	return `${words.replace(/[\s,;:.–-]+$/, '')}…`;
}
