/**
 * The addresses of the catalogue's pages, in one place. Pure and dependency-free: the browser's
 * favourites use it as well as the build.
 */

/** The address of a category's product list. */
export function categoryPath(categorySlug: string): string {
	return `/prodotti/${categorySlug}`;
}

/** The product's address on the site. */
export function productPath(categorySlug: string, slug: string): string {
	return `${categoryPath(categorySlug)}/${slug}`;
}

/** A page of a breadcrumb trail. */
export interface TrailItem {
	name: string;
	path: string;
}

/** The breadcrumb trail of a catalogue page: Home, Prodotti, then the given pages. */
export function catalogueTrail(...pages: TrailItem[]): TrailItem[] {
	return [{ name: 'Home', path: '/' }, { name: 'Prodotti', path: '/prodotti' }, ...pages];
}
