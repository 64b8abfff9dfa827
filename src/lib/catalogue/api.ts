import { truncate } from '../format/text';
import type { ProductView } from './view';

/**
 * The shapes of the static read API (docs/catalogue.md), built at build time from the product view
 * model (lib/catalogue/view.ts) alone, thumbnails included. Pure.
 */

/** An entry of /api/catalogue.json: enough for favourites and search. */
export interface CatalogueEntry {
	id: string;
	slug: string;
	name: string;
	brand: string;
	categorySlug: string;
	categoryName: string;
	/** Short description, already cut for a card. */
	description: string;
	minPriceCents: number | null;
	imageUrl: string;
	url: string;
	isNew: boolean;
}

/** An entry of the compact catalogue index. */
export function catalogueEntry(view: ProductView<unknown>): CatalogueEntry {
	return {
		id: view.slug,
		slug: view.slug,
		name: view.name,
		brand: view.brand,
		categorySlug: view.category.slug,
		categoryName: view.category.name,
		description: truncate(view.description),
		minPriceCents: view.lowestPriceCents,
		imageUrl: view.thumbnail,
		url: view.url,
		isNew: view.isNew,
	};
}

/** /api/products/{category}.json and /api/product/{slug}.json: the product with its variants. */
export function productResource(view: ProductView<unknown>) {
	return {
		...catalogueEntry(view),
		description: view.description,
		offer: view.offer,
		// As written in the content files (`miglior-prezzo`), as the API has always given them.
		badges: view.badgeIds,
		// The label is the page's own. No stock: a static file cannot know the pieces a shop has
		// now; the server answers them live (GET /api/disponibilita).
		variants: view.variants.map(({ label: _label, ...variant }) => ({
			...variant,
			imageUrl: view.variantThumbnails[variant.id] ?? null,
		})),
	};
}

/** /api/products-grouped/{category}.json: products with more than one variant. */
export function groupedResource(view: ProductView<unknown>) {
	return {
		id: view.slug,
		name: view.name,
		brand_name: view.brand,
		description: view.description,
		variant_count: view.variants.length,
		variants: view.variants.map((variant) => ({
			id: variant.id,
			slug: view.slug,
			name: view.name,
			flavor: variant.flavour,
			quantity: variant.size,
			url: `${view.url}?variante=${variant.id}`,
		})),
	};
}
