/**
 * The shape of a favourite, in a module of its own with no imports: the product view model
 * carries what a favourite button needs, and the favourites' rules read the catalogue, so the
 * types both sides share live here (docs/favourites.md).
 */

/** One saved product, as stored. */
export interface FavouriteEntry {
	id: string;
	slug: string;
	name: string;
	brandName: string;
	categoryName: string;
	categorySlug: string;
	/** Lowest price in euros, when the product has one. */
	basePrice?: number | undefined;
	/** basePrice × 100 rounded; absent without basePrice. */
	minPriceCents?: number | undefined;
	/** When it was saved, ISO 8601. */
	addedAt: string;
}

/** What a favourite button knows of its product. */
export type FavouriteInput = Omit<FavouriteEntry, 'addedAt' | 'basePrice' | 'minPriceCents'> & {
	minPriceCents: number | null;
};
