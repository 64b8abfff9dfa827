import { slugify } from '../../src/lib/format/text';
import { LEGACY_CATEGORY_SLUGS } from '../../src/lib/redirects';
import type { SiteCategory } from './categories';
import { asNumber, asText, isRecord, pick, type Notes } from './values';

/**
 * The category of an old product (docs/import.md): the site's categories (content/categories) and
 * the old slugs that moved, as the legacy redirects know them (src/lib/redirects.ts).
 */

/** The old numeric id of the merchandise category (category id 6 has no nutrition). */
const MERCHANDISE_CATEGORY_ID = 6;
/** The old slug of that category, which the legacy redirects move. */
const MERCHANDISE_LEGACY_SLUG = 'accessori-e-merchandising';

/** "Vitamine, Minerali e Antiossidanti" and "vitamine-minerali-antiossidanti" compare equal. */
function categoryKey(text: string): string {
	return slugify(text)
		.split('-')
		.filter((word) => word !== 'e')
		.join('-');
}

/** The categories by key: the site's own slugs, then the old slugs that moved. */
function byKey(categories: readonly SiteCategory[]): Map<string, SiteCategory> {
	const bySlug = new Map(categories.map((category) => [category.slug, category]));
	const map = new Map(categories.map((category) => [categoryKey(category.slug), category]));
	for (const [old, slug] of Object.entries(LEGACY_CATEGORY_SLUGS)) {
		const category = bySlug.get(slug);
		if (category) map.set(categoryKey(old), category);
	}
	return map;
}

/** The category of a product from its slug or name in any spelling; null when unknown. */
export function mapCategory(
	record: Record<string, unknown>,
	categories: readonly SiteCategory[],
	notes: Notes,
): SiteCategory | { slug: null; reason: string } {
	const known = byKey(categories);
	const nested = isRecord(record['category']) ? record['category'] : undefined;
	const candidates = [
		pick(record, ['category_slug', 'categorySlug']),
		pick(nested, ['slug']),
		typeof record['category'] === 'string'
			? { key: 'category', value: record['category'] }
			: undefined,
		pick(record, ['category_name', 'categoryName']),
		pick(nested, ['name']),
	];
	const seen: string[] = [];
	for (const candidate of candidates) {
		const text = asText(candidate?.value);
		if (!candidate || !text) continue;
		const category = known.get(categoryKey(text));
		if (category) {
			if (slugify(text) !== category.slug) {
				notes.fallback('category', `categoria «${text}» del vecchio sito → ${category.slug}`);
			}
			return category;
		}
		seen.push(text);
	}
	const id = asNumber(pick(record, ['category_id', 'categoryId'])?.value);
	const merchandise = known.get(categoryKey(MERCHANDISE_LEGACY_SLUG));
	if (!seen.length && id === MERCHANDISE_CATEGORY_ID && merchandise) {
		notes.fallback('category', `solo category_id ${id}: categoria ${merchandise.slug}`);
		return merchandise;
	}
	const slugs = categories.map((category) => category.slug).join(', ');
	return {
		slug: null,
		reason: seen.length
			? `categoria sconosciuta «${seen.join('», «')}» (categorie: ${slugs})`
			: 'categoria mancante',
	};
}
