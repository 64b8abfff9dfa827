import { truncate } from '../format/text';
import { lowestPrice, isAvailable, toVariantView, type VariantInput } from './variants';

/**
 * The shapes of the static read API (DECISIONS.md 1), built at build time from content. Pure:
 * the endpoints in src/pages/api resolve image URLs and pass them in.
 */

/** What an endpoint knows of a product. */
export interface ApiProductInput {
	slug: string;
	name: string;
	brand: string;
	description: string;
	category: { slug: string; name: string };
	isNew: boolean;
	offer: string | null;
	badges: string[];
	imageUrl: string;
	variants: (VariantInput & { imageUrl: string | null })[];
}

/** An entry of /api/catalogue.json: enough for favourites and search. */
export interface CatalogueEntry {
	id: string;
	slug: string;
	name: string;
	brand: string;
	categorySlug: string;
	categoryName: string;
	/** Short description, already cut for a card (SPEC §9). */
	description: string;
	minPriceCents: number | null;
	imageUrl: string;
	url: string;
	isNew: boolean;
}

/** The product's address on the site. */
export function productPath(categorySlug: string, slug: string): string {
	return `/prodotti/${categorySlug}/${slug}`;
}

/** An entry of the compact catalogue index. */
export function catalogueEntry(product: ApiProductInput): CatalogueEntry {
	const variants = product.variants.map(toVariantView);
	return {
		id: product.slug,
		slug: product.slug,
		name: product.name,
		brand: product.brand,
		categorySlug: product.category.slug,
		categoryName: product.category.name,
		description: truncate(product.description),
		minPriceCents: lowestPrice(variants),
		imageUrl: product.imageUrl,
		url: productPath(product.category.slug, product.slug),
		isNew: product.isNew,
	};
}

/** /api/products/{category}.json and /api/product/{slug}.json: the product with its variants. */
export function productResource(product: ApiProductInput) {
	return {
		...catalogueEntry(product),
		description: product.description,
		offer: product.offer,
		badges: product.badges,
		variants: product.variants.map((variant) => {
			const view = toVariantView(variant);
			return { ...view, inStock: isAvailable(view), imageUrl: variant.imageUrl };
		}),
	};
}

/** /api/products-grouped/{category}.json: products with more than one variant (SPEC §3). */
export function groupedResource(product: ApiProductInput) {
	const variants = product.variants.map(toVariantView);
	return {
		id: product.slug,
		name: product.name,
		brand_name: product.brand,
		description: product.description,
		variant_count: variants.length,
		variants: variants.map((variant) => ({
			id: variant.id,
			slug: product.slug,
			name: product.name,
			flavor: variant.flavour,
			quantity: variant.size,
			url: `${productPath(product.category.slug, product.slug)}?variante=${variant.id}`,
		})),
	};
}
