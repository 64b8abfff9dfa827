import type { z } from 'astro/zod';
import { BADGES, RIBBONS } from '../catalogue/badges';
import { splitExpertTip } from '../catalogue/label';
import { categoryPath, productPath } from '../catalogue/paths';
import { initialVariant, lowestPrice, toVariantView, variantLabel } from '../catalogue/variants';
import { productTabs, type Photo, type ProductView } from '../catalogue/view';
import type { productEntrySchema } from './product-schema';

/**
 * A product's view (src/lib/catalogue/view.ts) built from its validated content entry. The
 * input's type is the schema's own output, so a field added to or changed in the schema reaches
 * here without being written twice, and TypeScript flags a view field the entry no longer fills.
 * Pure: the pictures stay whatever the caller passes (image metadata at build, file names in
 * the unit tests), and queries.ts builds the views of the content collection.
 */

/** A product file's fields once the schema has validated them. */
type Entry = z.output<ReturnType<typeof productEntrySchema>>;
type EntryVariant = Entry['variants'][number];

/**
 * The fields the view is made from: the entry's own, with the pictures of whatever kind the
 * caller works with. Its photos and its category come resolved, beside them.
 */
export type ProductFields<Source> = Omit<Entry, 'images' | 'category' | 'variants'> & {
	variants: readonly (Omit<EntryVariant, 'image'> & { image?: Photo<Source> | undefined })[];
};

/** What the view is made from: a validated product's fields and its category. */
export interface ProductViewInput<Source> {
	slug: string;
	data: ProductFields<Source>;
	category: { slug: string; name: string; hasNutrition: boolean };
	/** The product's own photos, or the 'Foto in arrivo' picture (queries.ts `productPhotos`). */
	photos: readonly Photo<Source>[];
	/** The product has photos of its own (not only the 'Foto in arrivo' picture). */
	hasOwnPhotos: boolean;
	/** The markdown body as HTML: the long description, then the expert tip. */
	html: string;
	/**
	 * The URL of a picture's thumbnail (the JSON API, the pickup list, favourites), resolved by
	 * the caller for the main picture and each variant's own.
	 */
	thumbnail: (src: Source) => string;
}

/** The view of one product. */
export function productView<Source>(input: ProductViewInput<Source>): ProductView<Source> {
	const { slug, data, category } = input;
	const variants = data.variants.map((variant) => {
		const view = toVariantView(variant);
		return { ...view, label: variantLabel(view.flavour, view.size) };
	});
	const pictures = [...input.photos];
	const byVariant: Record<string, number> = {};
	const variantThumbnails: Record<string, string> = {};
	data.variants.forEach((variant, index) => {
		const id = variants[index]?.id;
		if (!variant.image || !id) return;
		byVariant[id] = pictures.push(variant.image) - 1;
		variantThumbnails[id] = input.thumbnail(variant.image.src);
	});
	const [main] = input.photos;
	const { description: longDescription, tip } = splitExpertTip(input.html);
	return {
		slug,
		name: data.name,
		brand: data.brand,
		description: data.description,
		url: productPath(category.slug, slug),
		category: { slug: category.slug, name: category.name, url: categoryPath(category.slug) },
		variants,
		initialVariantId: (initialVariant(variants) ?? variants[0])?.id ?? '',
		lowestPriceCents: lowestPrice(variants),
		badges: (data.badges ?? []).map((badge) => BADGES[badge]),
		badgeIds: [...(data.badges ?? [])],
		ribbon: data.ribbon ? RIBBONS[data.ribbon] : null,
		offer: data.offer ?? null,
		isNew: data.isNew ?? false,
		tabs: productTabs({
			hasNutrition: category.hasNutrition,
			hasSpecs: Boolean(data.specs),
			hasLabel: Boolean(data.label),
		}),
		pictures,
		byVariant,
		hasOwnPhotos: input.hasOwnPhotos,
		sharePhoto: input.hasOwnPhotos ? (main ?? null) : null,
		thumbnail: main ? input.thumbnail(main.src) : '',
		variantThumbnails,
		highlights: [...(data.highlights ?? [])],
		specs: data.specs ? [...data.specs] : null,
		label: data.label ?? null,
		longDescription,
		tip,
	};
}
