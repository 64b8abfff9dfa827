import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { categoryPath } from '../catalogue/paths';
import type { Photo, ProductView } from '../catalogue/view';
import { productView } from './product-view';
import { crossCheckProducts } from './cross-check';
import placeholderPhoto from '../../assets/foto-in-arrivo.jpg';
import { thumbnailUrl } from './images';

/**
 * The one place that reads content collections. Pages call these helpers so that sorting and
 * the "exactly one settings file" rule live in one spot.
 */

export type Category = CollectionEntry<'categories'>;
export type Shop = CollectionEntry<'shops'>;
export type LegalPage = CollectionEntry<'pages'>;
export type Settings = CollectionEntry<'settings'>['data'];

// Read once per build: every page asks for them, and each getCollection call walks every entry
// again to resolve its images (about 1 ms a page). Callers must not change the arrays.
let categories: Promise<Category[]> | undefined;
let shops: Promise<Shop[]> | undefined;

/** Categories in editor-defined order. */
export function getCategories(): Promise<Category[]> {
	categories ??= getCollection('categories').then((entries) =>
		entries.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id)),
	);
	return categories;
}

/** Shops in editor-defined order. */
export function getShops(): Promise<Shop[]> {
	shops ??= getCollection('shops').then((entries) =>
		entries.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id)),
	);
	return shops;
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

export type Product = CollectionEntry<'products'>;

/** Products are checked against the other collections once per build. */
let checkedProducts: Promise<Product[]> | undefined;

/**
 * Every product, alphabetically. The first call runs the checks across collections
 * (lib/content/cross-check.ts); a problem stops the build with the file and the field.
 */
export function getProducts(): Promise<Product[]> {
	checkedProducts ??= (async () => {
		const [products, categories] = await Promise.all([
			getCollection('products'),
			getCollection('categories'),
		]);
		const problems = crossCheckProducts(
			products.map((product) => ({
				file: product.filePath ?? product.id,
				slug: productSlug(product),
				category: product.data.category,
			})),
			new Set(categories.map((category) => category.id)),
		);
		if (problems.length) {
			throw new Error(`Errori nei prodotti:\n${problems.map((line) => `  ${line}`).join('\n')}`);
		}
		return products.sort((a, b) => a.data.name.localeCompare(b.data.name, 'it'));
	})();
	return checkedProducts;
}

/** The product's slug, the last part of its address: the file name without .md. */
export function productSlug(product: Product): string {
	return product.id.split('/').at(-1) ?? product.id;
}

/** A photo of a product: the image and what it shows. */
export type ProductPhoto = Photo<ImageMetadata>;

/**
 * The photos of a product: its own, or while it has none (an imported product whose photo is
 * still on the old server) the neutral 'Foto in arrivo' picture of the site's own assets.
 */
export function productPhotos(data: Product['data']): readonly ProductPhoto[] {
	return data.images.length
		? data.images
		: [{ src: placeholderPhoto, alt: `Foto di ${data.name} in arrivo` }];
}

/** The props of a category's pages (its product list and its grouped variants). */
export interface CategoryPageProps {
	category: Category;
	/** The category's address, /prodotti/<category>. */
	path: string;
	/** The views of its products, alphabetically. */
	products: ProductViewOf[];
}

/** getStaticPaths of a category's pages: one page per category. */
export async function categoryStaticPaths() {
	const [categories, products] = await Promise.all([getCategories(), getProductViews()]);
	return categories.map((category) => ({
		params: { category: category.id },
		props: {
			category,
			path: categoryPath(category.id),
			products: products.filter((view) => view.category.slug === category.id),
		} satisfies CategoryPageProps,
	}));
}

/** The view model of a product (lib/catalogue/view.ts), with its photos' image metadata. */
export type ProductViewOf = ProductView<ImageMetadata>;

/**
 * A product's view, given its category: the only place that reads a product entry for the pages,
 * the API and the structured data. The thumbnails of the main picture and of each variant's own
 * are resolved here, the one asynchronous step.
 */
async function toProductView(product: Product, category: Category): Promise<ProductViewOf> {
	const photos = productPhotos(product.data);
	const sources = [photos[0]?.src, ...product.data.variants.map((variant) => variant.image?.src)];
	const thumbnails = new Map<ImageMetadata, string>();
	for (const src of sources) if (src) thumbnails.set(src, await thumbnailUrl(src));
	return productView({
		slug: productSlug(product),
		data: product.data,
		category: {
			slug: category.id,
			name: category.data.name,
			hasNutrition: category.data.hasNutrition,
		},
		photos,
		hasOwnPhotos: product.data.images.length > 0,
		html: product.rendered?.html ?? '',
		thumbnail: (src) => thumbnails.get(src) ?? '',
	});
}

let productViews: Promise<ProductViewOf[]> | undefined;

/**
 * The view of every product, alphabetically, built once per build; products whose category does
 * not exist are left out (the cross-check of getProducts has stopped the build before).
 */
export function getProductViews(): Promise<ProductViewOf[]> {
	productViews ??= (async () => {
		const [products, categories] = await Promise.all([getProducts(), getCategories()]);
		const byId = new Map(categories.map((category) => [category.id, category]));
		return Promise.all(
			products.flatMap((product) => {
				const category = byId.get(product.data.category);
				return category ? [toProductView(product, category)] : [];
			}),
		);
	})();
	return productViews;
}
