/**
 * What the 'Aggiungi alla lista ritiro' buttons (product page, product card, favourites) know of
 * a product's variants, built at build time from the product view model. No stock: how many
 * pieces a line may hold is the live figure's, read when the button is pressed
 * (`pickupLimit`). Pure.
 */
import { largestShopPieces, type VariantLive } from '../catalogue/live-stock';
import type { ProductView } from '../catalogue/view';
import { MAX_LINE_QUANTITY, type PickupItemData } from './list';

/** A variant as a button adds it: the line's data. */
export type PickupChoice = PickupItemData;

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
	}));
}

/**
 * The one variant of a product that has exactly one: a product card adds it in one tap. Null
 * for a product with several variants (the visitor chooses on its page).
 */
export function onlyChoice(product: PickupProduct): PickupChoice | null {
	const choices = pickupChoices(product);
	const [only] = choices;
	return choices.length === 1 && only ? only : null;
}

/**
 * The most pieces a line of this variant may hold: the most one shop has now, by the live
 * figure (0: none anywhere, it cannot be added); while the figure is not known, the list's own
 * cap, and the pickup list and the server check again.
 */
export function pickupLimit(live: VariantLive): number {
	return largestShopPieces(live) ?? MAX_LINE_QUANTITY;
}
