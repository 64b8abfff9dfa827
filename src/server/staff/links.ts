/** Where a one-time link leads: pure, shared by the service, the e-mail and `npm run staff`. */

/** The path of the page a one-time link opens. */
export const LINK_PATH = '/gestione/attiva';

/**
 * The address of a one-time link on the site at `origin`. The token is in the fragment, which
 * the browser never sends: it reaches no server log and no Referer.
 */
export function linkUrl(origin: string, token: string): string {
	return `${origin}${LINK_PATH}#${token}`;
}
