/**
 * Which pages the accessibility sweep opens: every page that is not a product or category page;
 * of the product pages one for each category and one for each distinct structure; of the
 * category pages one for each distinct structure. Product pages are most of the site (one per
 * product) and differ only by content within a few shapes (with or without offer, nutrition
 * table, several variants, a photo…), and so do the category pages (their product cards): axe
 * finds the same things on two pages of the same shape, and a sweep of all of them took a third
 * of the browser tests' time.
 */

/** A product page's address: /prodotti/<category>/<slug>. */
const PRODUCT_PATH = /^\/prodotti\/([^/?#]+)\/[^/?#]+$/;
/** A category page's address: /prodotti/<category>. */
const CATEGORY_PATH = /^\/prodotti\/[^/?#]+$/;

/** The category of a product page's address, or null for any other page. */
export function productCategory(path: string): string | null {
	return PRODUCT_PATH.exec(path)?.[1] ?? null;
}

/** Whether the sweep takes a page by sample (a product or category page), reading its HTML. */
export function isSampled(path: string): boolean {
	return PRODUCT_PATH.test(path) || CATEGORY_PATH.test(path);
}

/**
 * The shape of a page's body, as far as accessibility goes: the element names, roles and
 * `data-`/`aria-` attribute names it uses. Two pages with the same shape differ only in text.
 */
export function pageShape(html: string): string {
	const start = html.indexOf('<body');
	const body = start === -1 ? html : html.slice(start);
	const names = (pattern: RegExp): string[] =>
		[...new Set([...body.matchAll(pattern)].map((match) => match[1] ?? ''))].sort();
	return [
		names(/<([a-z][a-z0-9-]*)/g),
		names(/\srole="([^"]+)"/g),
		names(/\s(data-[a-z-]+)=/g),
		names(/\s(aria-[a-z-]+)=/g),
	]
		.map((list) => list.join(','))
		.join('|');
}

/**
 * The pages to check, in the order given: all pages but product and category pages; a product
 * page when it is the first of its category or the first of its shape among product pages; a
 * category page when it is the first of its shape among category pages. `htmlOf` gives the HTML
 * of a page that `isSampled`.
 */
export function samplePages(paths: readonly string[], htmlOf: (path: string) => string): string[] {
	const categories = new Set<string>();
	const shapes = new Set<string>();
	const categoryShapes = new Set<string>();
	return paths.filter((path) => {
		if (!isSampled(path)) return true;
		const shape = pageShape(htmlOf(path));
		const category = productCategory(path);
		if (category === null) {
			const fresh = !categoryShapes.has(shape);
			categoryShapes.add(shape);
			return fresh;
		}
		const fresh = !categories.has(category) || !shapes.has(shape);
		categories.add(category);
		shapes.add(shape);
		return fresh;
	});
}
