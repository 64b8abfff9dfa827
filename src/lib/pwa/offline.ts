/**
 * What the service worker keeps for offline use (docs/offline.md). Shared by
 * astro.config.mjs (what to precache), src/sw.ts (how to answer) and the offline page.
 */
import { PAGEFIND_PRECACHE } from '../search/files';

/** The pages precached at install: they open offline even if never visited. */
export const SHELL_PAGES = [
	{ path: '/', label: 'Home' },
	{ path: '/prodotti', label: 'Prodotti' },
	{ path: '/preferiti', label: 'I tuoi preferiti' },
	{ path: '/lista-ritiro', label: 'La tua lista ritiro' },
	{ path: '/contatti', label: 'Contatti' },
] as const;

/**
 * Pages precached besides the shell pages, not offered as links offline: the pickup
 * confirmation (docs/offline.md), which a reservation sent by the service worker's queue may open.
 */
export const OTHER_PRECACHED_PAGES = ['/lista-ritiro/confermata'] as const;

/** The page shown for a page that is neither online nor in the cache. */
export const OFFLINE_PAGE = '/offline';

/** How long a page may take on the network before the cached copy is shown, in seconds. */
export const NETWORK_TIMEOUT_SECONDS = 3;

/**
 * The address a page is kept under in the page cache: without its query and fragment. The query
 * of a page is read by its script, never by the HTML, which is the same for every query; and
 * it can be private: a pickup code (which collects the reservation at the counter, with the
 * visitor's e-mail) or what the visitor searched for would otherwise stay on the phone for as
 * long as the page is kept.
 */
export function pageCacheKey(url: string): string {
	const address = new URL(url);
	address.search = '';
	address.hash = '';
	return address.href;
}

/** The built file of a page path: "/" → "/index.html", "/prodotti/" → "/prodotti.html". */
export function builtFileFor(pathname: string): string {
	const path = pathname.replace(/\/+$/, '');
	if (path === '') return '/index.html';
	return path.endsWith('.html') ? path : `${path}.html`;
}

/**
 * The glob patterns (relative to dist/client) of everything precached at install; the manifest
 * is added by @vite-pwa/astro, which also lists pages by address ("prodotti", not the file).
 */
export function precachePatterns(): string[] {
	return [
		'_astro/*.{js,css,woff2}',
		'icons/*.png',
		'favicon.svg',
		// The search's script, WASM, entry and metadata; its chunks are cached as fetched.
		...PAGEFIND_PRECACHE,
		...[...SHELL_PAGES.map((page) => page.path), ...OTHER_PRECACHED_PAGES, OFFLINE_PAGE].map(
			(path) => builtFileFor(path).slice(1),
		),
	];
}
