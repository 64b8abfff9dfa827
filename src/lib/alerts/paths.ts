/**
 * The addresses of 'Avvisami' (docs/alerts.md), in a module of their own so that the product
 * page's late part (src/scripts/alert-link.ts) loads nothing else. Pure.
 */

/** The product page's address with the variant chosen (`?variante=`, as the picker reads it). */
export function variantPagePath(productPath: string, variantId: string): string {
	return `${productPath}?variante=${encodeURIComponent(variantId)}`;
}

/** The page of a request's link (confirm, or 'Non mi interessa più'): the key in the query. */
export const ALERT_LINK_PATH = '/avviso';

/**
 * The form's page for a variant (/avviso?prodotto=…&variante=…), with the shop chosen when the
 * page that links it knows which one the visitor has none at (the pickup list's shop).
 */
export function alertFormPath(productId: string, variantId: string, shopId?: string): string {
	const query = new URLSearchParams({ prodotto: productId, variante: variantId });
	if (shopId) query.set('negozio', shopId);
	return `${ALERT_LINK_PATH}?${query.toString()}`;
}

/** The address of a request's link, from its token. */
export function alertLinkPath(token: string): string {
	return `${ALERT_LINK_PATH}?token=${encodeURIComponent(token)}`;
}
