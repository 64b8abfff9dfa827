/** Site-wide constants that are code, not content (content lives in content/settings). */

/** A link of the main navigation. */
export interface NavLink {
	href: string;
	label: string;
}

/** The header's navigation, in order (docs/navigation.md). Preferiti is drawn as a heart. */
export const NAV_LINKS: readonly NavLink[] = [
	{ href: '/', label: 'Home' },
	{ href: '/chi-siamo', label: 'Chi Siamo' },
	{ href: '/prodotti', label: 'Prodotti' },
	{ href: '/negozi', label: 'Negozi' },
	{ href: '/contatti', label: 'Contatti' },
];

/** The favourites page, linked from the header's heart. */
export const FAVOURITES_LINK: NavLink = { href: '/preferiti', label: 'Preferiti' };

/** The pickup list, linked from the header's bag. */
export const PICKUP_LINK: NavLink = { href: '/lista-ritiro', label: 'Lista ritiro' };

/** Namespace of every localStorage key the site writes. */
export const STORAGE_PREFIX = 'vigorsport';
