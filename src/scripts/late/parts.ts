import type { LatePart } from '../../lib/late/run';

/**
 * The page parts that work after the first paint, in the order they start (docs/navigation.md,
 * "Late work"). Each is loaded only on a page that needs it, as its own chunk, and its module
 * exports `steps`: short functions that the runner (src/lib/late/run.ts) calls one per task, with
 * the main thread given back before each. To add one: a line here, with the marker its HTML
 * carries, and a module exporting its steps (tests/unit/lib/late/run.test.ts reads them). The
 * page's first screen never waits for any of them: the layout starts them after `load`, at the
 * first idle moment or the visitor's first use of the page.
 */

/** The page has an element matching `selector`. */
const has = (selector: string) => () => document.querySelector(selector) !== null;

/** The browser follows Speculation Rules (Chromium): the page's own rules do the prefetching. */
const hasSpeculationRules = () => HTMLScriptElement.supports?.('speculationrules') ?? false;

export const LATE_PARTS: readonly LatePart[] = [
	// The live figure of stock on the product, category and grouped-variants pages: first, as the
	// visitor is waiting for it.
	{
		name: 'disponibilita',
		needed: has('[data-live-stock]'),
		load: () => import('../live-stock'),
	},
	// 'Aperto ora · chiude alle 19:30', and the closures of /negozi that have ended.
	{
		name: 'aperto-ora',
		needed: has('[data-open-now], [data-closed-until]'),
		load: () => import('../open-now'),
	},
	// 'Avvisami quando torna disponibile' on the product page, once the figures say a shop has none.
	{
		name: 'avvisami',
		needed: has('[data-availability]'),
		load: () => import('../alert-link'),
	},
	// The product page's bar at the bottom of a phone's screen.
	{ name: 'barra-ritiro', needed: has('[data-pickup-bar]'), load: () => import('../pickup-bar') },
	// The next page fetched ahead, in browsers without Speculation Rules (Firefox, Safari); the
	// others follow the rules in the page's head (BaseLayout.astro).
	{
		name: 'prefetch',
		needed: () => !hasSpeculationRules(),
		load: () => import('../prefetch'),
	},
	// The service worker (offline pages, queued forms, 'Aggiorna'): last, as its install then
	// downloads the shell pages.
	{
		name: 'service-worker',
		needed: () => 'serviceWorker' in navigator,
		load: () => import('../register-sw'),
	},
];
