/**
 * The badges and ribbons of a product card, with the labels visitors read. The content schema
 * offers their keys to editors and the view model labels them; they live on the catalogue's
 * side so that the view model needs nothing from the content schemas (docs/catalogue.md).
 */

/** Badges an editor can put on a product card, with the label visitors read. */
export const BADGES = {
	'miglior-prezzo': 'Miglior Prezzo',
	disponibile: 'Disponibile',
	'spedizione-gratuita': 'Spedizione Gratuita',
	nuovo: 'Nuovo',
	'consegna-24h': 'Consegna 24h',
	consigliato: 'Consigliato',
	'valle-d-aosta': "Valle d'Aosta",
} as const;
export type Badge = keyof typeof BADGES;

/** Ribbons across the corner of a product card. */
export const RIBBONS = { 'best-seller': 'Best Seller', novita: 'Novità' } as const;
export type Ribbon = keyof typeof RIBBONS;
