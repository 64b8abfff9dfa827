import { truncate } from '../format/text';
import { isAvailable } from './variants';
import type { ProductView } from './view';

/**
 * The shapes of the static read API (docs/catalogue.md), built at build time from the product view
 * model (lib/catalogue/view.ts). Pure: src/lib/content/queries.ts resolves the image URLs and
 * passes them in.
 */

/** What an endpoint knows of a product: its view and the URLs of its pictures. */
export interface ApiProductInput {
	view: ProductView<unknown>;
	/** Badges as written in the content files (`miglior-prezzo`), as the API has always given them. */
	badges: string[];
	/** The main picture's thumbnail. */
	imageUrl: string;
	/** Per variant id, the thumbnail of the variant's own picture, when it has one. */
	variantImageUrls: Record<string, string>;
}

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
export function catalogueEntry({ view, imageUrl }: ApiProductInput): CatalogueEntry {
	return {
		id: view.slug,
		slug: view.slug,
		name: view.name,
		brand: view.brand,
		categorySlug: view.category.slug,
		categoryName: view.category.name,
		description: truncate(view.description),
		minPriceCents: view.lowestPriceCents,
		imageUrl,
		url: view.url,
		isNew: view.isNew,
	};
}

/** /api/products/{category}.json and /api/product/{slug}.json: the product with its variants. */
export function productResource(product: ApiProductInput) {
	const { view } = product;
	return {
		...catalogueEntry(product),
		description: view.description,
		offer: view.offer,
		badges: product.badges,
		// The label is the page's own; the API keeps the fields it has always had.
		variants: view.variants.map(({ label: _label, ...variant }) => ({
			...variant,
			inStock: isAvailable(variant),
			imageUrl: product.variantImageUrls[variant.id] ?? null,
		})),
	};
}

/** /api/products-grouped/{category}.json: products with more than one variant. */
export function groupedResource({ view }: ApiProductInput) {
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
