import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

/**
 * The one place that reads content collections. Pages call these helpers so that sorting and
 * the "exactly one settings file" rule live in one spot.
 */

export type Category = CollectionEntry<'categories'>;
export type Shop = CollectionEntry<'shops'>;
export type LegalPage = CollectionEntry<'pages'>;
export type Settings = CollectionEntry<'settings'>['data'];

/** Categories in editor-defined order. */
export async function getCategories(): Promise<Category[]> {
	const entries = await getCollection('categories');
	return entries.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

/** Shops in editor-defined order. */
export async function getShops(): Promise<Shop[]> {
	const entries = await getCollection('shops');
	return entries.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

/** The site settings; the build stops if `content/settings/sito.yaml` is missing. */
export async function getSettings(): Promise<Settings> {
	const entry = await getEntry('settings', 'sito');
	if (!entry) {
		throw new Error(
			'Manca il file content/settings/sito.yaml con le impostazioni del sito (nome, P.IVA, social…).',
		);
	}
	return entry.data;
}

/** A legal page by file name (privacy-policy, cookie-policy). */
export async function getLegalPage(id: string): Promise<LegalPage> {
	const entry = await getEntry('pages', id);
	if (!entry) throw new Error(`Manca il file content/pages/${id}.md.`);
	return entry;
}
