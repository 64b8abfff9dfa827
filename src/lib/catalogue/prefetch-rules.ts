/**
 * Which links are worth fetching before the visitor opens them (docs/navigation.md): products and
 * categories, the pages a visitor of this catalogue most likely opens next. Pure, so the rules
 * are unit-tested; src/scripts/prefetch.ts applies them in the browser.
 */

/** A link to a category or a product of this site: /prodotti/<category>[/<slug>]. */
export function isCataloguePath(href: string, origin: string): boolean {
	try {
		const url = new URL(href, origin);
		return url.origin === origin && /^\/prodotti\/[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(url.pathname);
	} catch {
		return false;
	}
}

/** What the browser says of the connection (navigator.connection, where it exists). */
export interface ConnectionInfo {
	saveData?: boolean;
	effectiveType?: string;
}

/** Nothing is fetched ahead on data-saver or on a 2G-class connection. */
export function mayPrefetch(connection: ConnectionInfo | undefined): boolean {
	if (!connection) return true;
	return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** How many likely next pages are fetched once the browser is idle. */
export const IDLE_PREFETCH_LIMIT = 3;

/**
 * The Speculation Rules that Chromium follows (docs/navigation.md), as the text of the
 * `<script type="speculationrules">` in every page's head (BaseLayout.astro): a product or
 * category link is prefetched when the visitor points at it or touches it ('moderate'), so the
 * next page opens from the prefetch cache. The pages' Content-Security-Policy allows this text by
 * its hash (src/integrations/host-headers.ts), so it must be written exactly as it is here.
 */
export const SPECULATION_RULES = JSON.stringify({
	prefetch: [{ where: { href_matches: '/prodotti/*' }, eagerness: 'moderate' }],
});
