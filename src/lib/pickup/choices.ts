/**
 * What the 'Aggiungi alla lista ritiro' buttons (product page, product card, favourites) know of
 * a product's variants, built at build time from the static API's input. Pure.
 */
import type { ApiProductInput } from '../catalogue/api';
import { largestShopStock } from '../catalogue/variants';
import type { PickupItemData } from './list';

/** A variant as a button adds it: the line's data and the most pieces one shop has. */
export interface PickupChoice extends PickupItemData {
	/** The most pieces of it one shop has (0: none anywhere, it cannot be added). */
	limit: number;
}

/** The variants of a product as the buttons add them, in content order. */
export function pickupChoices({
	view,
	imageUrl,
	variantImageUrls,
}: ApiProductInput): PickupChoice[] {
	return view.variants.map((variant) => ({
		productId: view.slug,
		url: view.url,
		name: view.name,
		brand: view.brand,
		variantId: variant.id,
		variantLabel: variant.label,
		imageUrl: variantImageUrls[variant.id] ?? imageUrl,
		priceCents: variant.priceCents,
		limit: largestShopStock(variant),
	}));
}

/**
 * The one variant of a product that has exactly one, when some shop has it: a product card
 * adds it in one tap. Null for a product with several variants (the visitor chooses on its
 * page) or none in stock.
 */
export function onlyChoice(product: ApiProductInput): PickupChoice | null {
	const choices = pickupChoices(product);
	const [only] = choices;
	return choices.length === 1 && only && only.limit > 0 ? only : null;
}

/** The line data of a choice (its limit left out). */
export function itemOf({ limit: _limit, ...item }: PickupChoice): PickupItemData {
	return item;
}
