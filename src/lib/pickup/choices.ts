/**
 * What the 'Aggiungi alla lista ritiro' buttons (product page, product card, favourites) know of
 * a product's variants, built at build time from the product view model. Pure.
 */
import { largestShopStock } from '../catalogue/variants';
import type { ProductView } from '../catalogue/view';
import type { PickupItemData } from './list';

/** A variant as a button adds it: the line's data and the most pieces one shop has. */
export interface PickupChoice extends PickupItemData {
	/** The most pieces of it one shop has (0: none anywhere, it cannot be added). */
	limit: number;
}

/** What the buttons read of a product's view. */
export type PickupProduct = Pick<
	ProductView<unknown>,
	'slug' | 'url' | 'name' | 'brand' | 'variants' | 'thumbnail' | 'variantThumbnails'
>;

/** The variants of a product as the buttons add them, in content order. */
export function pickupChoices(view: PickupProduct): PickupChoice[] {
	return view.variants.map((variant) => ({
		productId: view.slug,
		url: view.url,
		name: view.name,
		brand: view.brand,
		variantId: variant.id,
		variantLabel: variant.label,
		imageUrl: view.variantThumbnails[variant.id] ?? view.thumbnail,
		priceCents: variant.priceCents,
		limit: largestShopStock(variant),
	}));
}

/**
 * The one variant of a product that has exactly one, when some shop has it: a product card
 * adds it in one tap. Null for a product with several variants (the visitor chooses on its
 * page) or none in stock.
 */
export function onlyChoice(product: PickupProduct): PickupChoice | null {
	const choices = pickupChoices(product);
	const [only] = choices;
	return choices.length === 1 && only && only.limit > 0 ? only : null;
}

/** The line data of a choice (its limit left out). */
export function itemOf({ limit: _limit, ...item }: PickupChoice): PickupItemData {
	return item;
}
