/**
 * Pagefind's files in dist/client (docs/search.md), shared by the build
 * (src/integrations/pagefind.ts, astro.config.mjs's precache list), the service worker and the
 * search island.
 */

/** The folder Pagefind writes, relative to dist/client, and its address. */
export const PAGEFIND_DIR = 'pagefind';
export const PAGEFIND_PATH = `/${PAGEFIND_DIR}/`;

/**
 * Precached at install (globs relative to dist/client): the script (run without its web worker,
 * lib/search/pagefind.ts), the Italian WASM (every page says lang="it"), the entry that names this
 * build's metadata file, and that metadata. Their revisions change with the build, so a returning
 * visitor's worker replaces them all together and never searches an old index against new pages.
 */
export const PAGEFIND_PRECACHE = [
	`${PAGEFIND_DIR}/pagefind.js`,
	`${PAGEFIND_DIR}/pagefind-entry.json`,
	`${PAGEFIND_DIR}/wasm.it.pagefind`,
	`${PAGEFIND_DIR}/pagefind.*.pf_meta`,
];

/** Files Pagefind writes for its ready-made interfaces, which this site does not use. */
export function isUnusedPagefindFile(name: string): boolean {
	return /^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(name);
}

/** The entry file, which pagefind.js fetches with a cache-busting `?ts=`. */
export const PAGEFIND_ENTRY = `${PAGEFIND_PATH}pagefind-entry.json`;

/** True for a content-hashed chunk (index, fragment, filter): the same name never changes. */
export function isPagefindChunk(pathname: string): boolean {
	return /^\/pagefind\/(index|fragment|filter)\/[^/]+\.pf_(index|fragment|filter)$/.test(pathname);
}
