import { BADGES, RIBBONS, type Badge, type Ribbon } from './badges';
import type { FavouriteInput } from '../favourites/entry';
import type { VariantOffer } from '../seo/structured-data';
import { categoryPath, productPath } from './paths';
import {
	initialVariant,
	isAvailable,
	lowestPrice,
	toVariantView,
	variantLabel,
	type LabelledVariant,
	type VariantInput,
} from './variants';

/**
 * The product view model: each validated product turned, once, into the one shape that the
 * product page, the cards, the JSON API, the structured data and favourites use. Pure; the
 * pictures stay whatever the caller passes (image metadata at build, URLs in tests), and
 * src/lib/content/queries.ts builds the views of the content collection.
 */

/** A tab of the product page (docs/catalogue.md), in the order shown. */
export interface ProductTab {
	id: 'descrizione' | 'tecniche' | 'valori' | 'uso' | 'ingredienti';
	label: string;
}

/** What the tabs depend on. */
export interface TabRules {
	/** The category is food or supplements: it has nutrition, usage and ingredients. */
	hasNutrition: boolean;
	/** The product has technical specs (clothing, accessories). */
	hasSpecs: boolean;
	/** The product has label data. */
	hasLabel: boolean;
}

/**
 * The tabs to show: nutrition and ingredients only for categories that have
 * them and products without technical specs; technical specs for non-food products; usage
 * whenever there is a label or the category is food.
 */
export function productTabs({ hasNutrition, hasSpecs, hasLabel }: TabRules): ProductTab[] {
	const food = hasNutrition && !hasSpecs;
	return [
		{ id: 'descrizione', label: 'Descrizione' },
		...(hasSpecs ? [{ id: 'tecniche', label: 'Caratteristiche Tecniche' } as const] : []),
		...(food ? [{ id: 'valori', label: 'Valori Nutrizionali' } as const] : []),
		...(hasNutrition || hasLabel ? [{ id: 'uso', label: "Modalità d'Uso" } as const] : []),
		...(food ? [{ id: 'ingredienti', label: 'Ingredienti' } as const] : []),
	];
}

/** A chip above the product's name: its offer and whether it is new. */
export interface FlagChip {
	text: 'OFFERTA' | 'NUOVO';
	tone: 'offer' | 'new';
}

/** The chips above the product's name: OFFERTA when it has an offer, NUOVO when it is new. */
export function flagChips(view: Pick<ProductView<unknown>, 'offer' | 'isNew'>): FlagChip[] {
	return [
		...(view.offer ? [{ text: 'OFFERTA', tone: 'offer' } as const] : []),
		...(view.isNew ? [{ text: 'NUOVO', tone: 'new' } as const] : []),
	];
}

/** A picture of a product, of whatever kind the caller works with. */
export interface Photo<Source> {
	src: Source;
	alt: string;
}

/** What the view is made from: a validated product's fields and its category. */
export interface ProductViewInput<Source> {
	slug: string;
	data: {
		name: string;
		brand: string;
		description: string;
		badges?: readonly Badge[] | undefined;
		ribbon?: Ribbon | undefined;
		offer?: string | undefined;
		isNew?: boolean | undefined;
		specs?: readonly unknown[] | undefined;
		label?: object | undefined;
		variants: readonly (VariantInput & { image?: Photo<Source> | undefined })[];
	};
	category: { slug: string; name: string; hasNutrition: boolean };
	/** The product's own photos, or the 'Foto in arrivo' picture (queries.ts `productPhotos`). */
	photos: readonly Photo<Source>[];
	/** The product has photos of its own (not only the 'Foto in arrivo' picture). */
	hasOwnPhotos: boolean;
}

/** A product as every page and the API see it. */
export interface ProductView<Source> {
	slug: string;
	name: string;
	brand: string;
	description: string;
	url: string;
	category: { slug: string; name: string; url: string };
	/** The variants, prices in cents, each with its label. */
	variants: LabelledVariant[];
	/** The variant shown first (variants.ts `initialVariant`: first flavour, first size in stock). */
	initialVariantId: string;
	lowestPriceCents: number | null;
	/** Badge chips, in Italian. */
	badges: string[];
	/** The corner ribbon's text, in Italian. */
	ribbon: string | null;
	offer: string | null;
	isNew: boolean;
	tabs: ProductTab[];
	/**
	 * The pictures: the product's photos, then each variant's own; `byVariant` gives, per
	 * variant id, the index of its own picture.
	 */
	pictures: Photo<Source>[];
	byVariant: Record<string, number>;
	hasOwnPhotos: boolean;
	/** What a favourite saves of the product (the heart's props). */
	favourite: FavouriteInput;
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
	data.variants.forEach((variant, index) => {
		const id = variants[index]?.id;
		if (variant.image && id) byVariant[id] = pictures.push(variant.image) - 1;
	});
	const lowestPriceCents = lowestPrice(variants);
	return {
		slug,
		name: data.name,
		brand: data.brand,
		description: data.description,
		url: productPath(category.slug, slug),
		category: { slug: category.slug, name: category.name, url: categoryPath(category.slug) },
		variants,
		initialVariantId: (initialVariant(variants) ?? variants[0])?.id ?? '',
		lowestPriceCents,
		badges: (data.badges ?? []).map((badge) => BADGES[badge]),
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
		favourite: {
			id: slug,
			slug,
			name: data.name,
			brandName: data.brand,
			categoryName: category.name,
			categorySlug: category.slug,
			minPriceCents: lowestPriceCents,
		},
	};
}

/**
 * The offers of the structured data, one per variant, given the URLs of the pictures. Search
 * engines get real photos only, never the 'Foto in arrivo' picture.
 */
export function variantOffers<Source>(
	view: ProductView<Source>,
	pictureUrls: readonly string[],
): VariantOffer[] {
	return view.variants.map((variant) => {
		const own = view.byVariant[variant.id];
		const url = own !== undefined || view.hasOwnPhotos ? pictureUrls[own ?? 0] : undefined;
		return {
			id: variant.id,
			flavour: variant.flavour,
			size: variant.size,
			priceCents: variant.priceCents,
			inStock: isAvailable(variant),
			...(url ? { image: url } : {}),
		};
	});
}
