/**
 * The customer's link to a reservation (docs/reservations.md, 'The customer's link'): an address that
 * shows the reservation's state and lets the customer cancel it, without an account. The token
 * in it is 192 random bits in base64url (32 characters): nobody can guess one, and only its hash
 * is stored, so a copy of the database opens no reservation. Pure.
 */

/** Where the links live: `/prenotazione/<token>`. */
export const CUSTOMER_LINK_PREFIX = '/prenotazione/';

/** A token as the server issues it: 32 base64url characters (24 random bytes). */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** The key of the confirmation page's fragment that carries the token (never sent to a server). */
export const LINK_FRAGMENT_KEY = 'link';

/** Whether a string has the shape of a token (it may still be one no reservation has). */
export function isCustomerToken(value: unknown): value is string {
	return typeof value === 'string' && TOKEN.test(value);
}

/** The path of a token's page. */
export function customerLinkPath(token: string): string {
	return `${CUSTOMER_LINK_PREFIX}${token}`;
}

/** The token of a decoded URL path under the prefix; null for any other path or shape. */
export function tokenOfPath(pathname: string): string | null {
	if (!pathname.startsWith(CUSTOMER_LINK_PREFIX)) return null;
	const token = pathname.slice(CUSTOMER_LINK_PREFIX.length);
	return isCustomerToken(token) ? token : null;
}

/** The token carried by a link path (as the reservation's answer gives it), or null. */
export function tokenOfLink(link: unknown): string | null {
	return typeof link === 'string' ? tokenOfPath(link) : null;
}

/** The confirmation page's fragment for a token: `#link=<token>`. */
export function linkFragment(token: string): string {
	return `#${new URLSearchParams({ [LINK_FRAGMENT_KEY]: token }).toString()}`;
}

/** The token of a confirmation page's fragment (`location.hash`), or null. */
export function tokenOfFragment(hash: string): string | null {
	const token = new URLSearchParams(hash.replace(/^#/, '')).get(LINK_FRAGMENT_KEY);
	return isCustomerToken(token) ? token : null;
}
