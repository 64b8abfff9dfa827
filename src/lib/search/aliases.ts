/**
 * Words the search index gets besides a product's own (docs/search.md), for the everyday Italian
 * that Pagefind's stemming does not join: 'proteica' and 'proteine' have different stems (proteic-,
 * protein-), so a product that speaks of either gets both. Accents need nothing: Pagefind folds
 * them ('caffe' finds 'caffè'). Pure.
 */

/** Words of one meaning: a product whose text has a word starting with a stem gets the words. */
export const SYNONYM_GROUPS: readonly { stems: readonly string[]; words: readonly string[] }[] = [
	{ stems: ['protein', 'proteic'], words: ['proteine', 'proteiche'] },
];

/** Lower case, without accents: 'Proteìca' → 'proteica'. */
export function fold(text: string): string {
	return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it');
}

/** The words to add to a product's indexed text, given its texts (name, description…). */
export function searchAliases(texts: readonly string[]): string[] {
	const words = new Set(fold(texts.join(' ')).match(/\p{L}+/gu) ?? []);
	const aliases: string[] = [];
	const has = (stem: string) => [...words].some((word) => word.startsWith(stem));
	for (const group of SYNONYM_GROUPS) {
		if (!group.stems.some(has)) continue;
		// Each word of the group whose stem the text lacks ('proteine' for 'proteica').
		for (const word of group.words) {
			const stem = group.stems.find((candidate) => word.startsWith(candidate)) ?? word;
			if (!has(stem)) aliases.push(word);
		}
	}
	return aliases;
}
