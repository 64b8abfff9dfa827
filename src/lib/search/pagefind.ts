import { PAGEFIND_PATH } from './files';
import type { PagefindData, PagefindOptions } from './results';

/**
 * Pagefind's browser API (https://pagefind.app/docs/api/), loaded from the site's own
 * /pagefind/pagefind.js the first time it is needed: never with the page, only once the visitor
 * focuses the search field or opens /cerca with a query (docs/search.md).
 */

/** One result before its data is loaded. */
export interface PagefindResult {
	id: string;
	data: () => Promise<PagefindData>;
}

/** The part of Pagefind's module this site uses. */
export interface Pagefind {
	options: (options: Record<string, unknown>) => Promise<void>;
	init: () => Promise<void>;
	search: (
		term: string | null,
		options: PagefindOptions,
	) => Promise<{ results: PagefindResult[] } | null>;
}

let loading: Promise<Pagefind> | null = null;

/** The module, loaded and initialised once; a failure (offline, say) lets the next call retry. */
export function loadPagefind(): Promise<Pagefind> {
	loading ??= (async () => {
		const url = `${PAGEFIND_PATH}pagefind.js`;
		const module = (await import(/* @vite-ignore */ url)) as Pagefind;
		// In the page, not in Pagefind's web worker: the worker's script would be 11 KB more on the
		// first search (at most 100 KB), and searching this index takes milliseconds.
		await module.options({ baseUrl: '/', excerptLength: 0, noWorker: true });
		await module.init();
		return module;
	})().catch((error: unknown) => {
		loading = null;
		throw error;
	});
	return loading;
}
