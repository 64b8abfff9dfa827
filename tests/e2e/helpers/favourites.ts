/** The localStorage key of the favourites and one saved product, as the heart stores it. */
export const FAVOURITES_KEY = 'vigorsport:preferiti';

export const SAVED_WHEY = {
	id: 'whey-concentrate-80',
	slug: 'whey-concentrate-80',
	name: 'Whey 80 Concentrate',
	brandName: 'Nordika Nutrition',
	categoryName: 'Proteine',
	categorySlug: 'proteine',
	basePrice: 29.9,
	minPriceCents: 2990,
	addedAt: '2026-11-01T00:00:00Z',
};

/** The stored value of a favourites list holding these entries. */
export const storedFavourites = (...entries: object[]): string => JSON.stringify(entries);
