import type { Badge } from './badges';
import type { ProductLabel, Spec } from './label';
import type { LabelledVariant } from './variants';

/**
 * The product view model: the one shape that the product page and its blocks, the cards, the
 * JSON API, the structured data, favourites and the pickup list read; none of them reads the
 * content entry. src/lib/content/product-view.ts builds it, once per product, from the entry the
 * schema has validated (so its input is the schema's own type). A field shown on the page is
 * added to the schema, to the view here and to its value there, and to the one block that shows
 * it (docs/catalogue.md).
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
	/** The variant shown first (variants.ts `initialVariant`: first flavour, its first size). */
	initialVariantId: string;
	lowestPriceCents: number | null;
	/** Badge chips, in Italian. */
	badges: string[];
	/** The badges as written in content (`miglior-prezzo`), as the JSON API gives them. */
	badgeIds: Badge[];
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
	/** The product's own first photo, what a shared link shows; null while it has none. */
	sharePhoto: Photo<Source> | null;
	/** The main picture's thumbnail URL. */
	thumbnail: string;
	/** Per variant id, the thumbnail URL of the variant's own picture, when it has one. */
	variantThumbnails: Record<string, string>;
	/** Key points for the 'Caratteristiche' box. */
	highlights: string[];
	/** Technical specs of a non-food product, null for others. */
	specs: Spec[] | null;
	/** The pack's label of a food or supplement, null for others. */
	label: ProductLabel | null;
	/** The long description as HTML (empty when the body has none: the short one stands in). */
	longDescription: string;
	/** The expert tip as HTML, null when the body has none (the page shows the default tip). */
	tip: string | null;
}
