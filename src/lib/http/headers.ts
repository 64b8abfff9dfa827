/**
 * HTTP headers of the site, one definition for both ways it is served: the server (src/server/,
 * bundled into dist/server/serve.mjs by scripts/compile-server.mjs) sends them, and the build
 * writes them to dist/client/_headers for a CDN (Netlify, Cloudflare Pages). Pure.
 */

/** Hashed build assets: their name changes with their content. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML, the service worker, the manifest and the static JSON: always asked again, so a deploy shows at once. */
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
/** Other files (icons, favicon, robots): a day. */
export const CACHE_DAY = 'public, max-age=86400';

/**
 * Browser features the site does not use, denied to it and to anything that would embed in it.
 * It does use two, left to their default of this origin only: the share sheet and writing the
 * product's link to the clipboard (ShareButton); `web-share` is not named, as Chromium on Linux
 * reports it as unknown, and an unknown feature is an error in the console. `clipboard-write` is
 * named to say so.
 */
export const PERMISSIONS_POLICY = [
	'accelerometer=()',
	'autoplay=()',
	'browsing-topics=()',
	'camera=()',
	'clipboard-write=(self)',
	'display-capture=()',
	'encrypted-media=()',
	'fullscreen=()',
	'geolocation=()',
	'gyroscope=()',
	'hid=()',
	'idle-detection=()',
	'magnetometer=()',
	'microphone=()',
	'midi=()',
	'payment=()',
	'picture-in-picture=()',
	'publickey-credentials-get=()',
	'screen-wake-lock=()',
	'serial=()',
	'usb=()',
	'xr-spatial-tracking=()',
].join(', ');

/**
 * Header name -> value, on every answer. The Content-Security-Policy is not among them: it goes
 * on pages only (see formatHeadersFile), and its hashes come from the built pages.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
	// Two years, subdomains included. Browsers ignore it over plain http (a local server).
	'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
	'Permissions-Policy': PERMISSIONS_POLICY,
	// frame-ancestors 'none' in the policy, for browsers that predate it.
	'X-Frame-Options': 'DENY',
	// No other site may load the site's files into its pages (a pickup code's JSON, a photo): the
	// pages, links and shared addresses still open, as they are navigations, not loads.
	'Cross-Origin-Resource-Policy': 'same-origin',
});

/**
 * Cross-Origin-Opener-Policy of pages. On pages only, not in the `/*` rule: it means something
 * for documents alone, and a CDN (Cloudflare Pages) joins the values of two rules that match one
 * path, so the editor's own (EDITOR_HEADERS) would become "same-origin, same-origin-allow-popups",
 * which Chromium reads as same-origin and the editor's GitHub sign-in window is cut off.
 */
export const PAGE_OPENER_POLICY = 'same-origin';

/** The editor's address (src/pages/admin/): its page and files, all under /admin. */
export const EDITOR_PATH = '/admin';

/** Whether a path or file belongs to the editor ("/admin", "/admin.html", "/admin/config.json"). */
export function isEditorFile(file: string): boolean {
	return (
		file === EDITOR_PATH || file === `${EDITOR_PATH}.html` || file.startsWith(`${EDITOR_PATH}/`)
	);
}

/**
 * Headers of the editor's page and files, besides the security headers: always asked again (a
 * deploy changes its configuration), never indexed, and its sign-in window to GitHub may talk
 * back to it (COOP same-origin would cut that window off).
 */
export const EDITOR_HEADERS: Readonly<Record<string, string>> = Object.freeze({
	'Cache-Control': CACHE_REVALIDATE,
	'X-Robots-Tag': 'noindex, nofollow',
	'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
});

/** The web app manifest (installing the site), written by the service worker's integration. */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** Cache-Control of a file of dist/client, by its path ("/_astro/x.js", "/prodotti.html"). */
export function cacheControlOf(file: string): string {
	if (file.startsWith('/_astro/')) return CACHE_IMMUTABLE;
	if (
		isEditorFile(file) ||
		file.endsWith('.html') ||
		file === '/sw.js' ||
		file === MANIFEST_PATH ||
		(file.startsWith('/api/') && file.endsWith('.json'))
	) {
		return CACHE_REVALIDATE;
	}
	return CACHE_DAY;
}

/**
 * The `_headers` patterns that cover the pages of a build, from its HTML files ("index.html",
 * "negozi.html", "prodotti/proteine/whey.html"): "/" for the home page, "/negozi" for a page at
 * the top, "/prodotti/*" for a folder. A few patterns however many products there are.
 */
export function pagePatterns(htmlFiles: Iterable<string>): string[] {
	const patterns = new Set<string>();
	for (const file of htmlFiles) {
		const path = file.replaceAll('\\', '/').replace(/^\/+/, '');
		if (isEditorFile(`/${path}`)) continue;
		const slash = path.indexOf('/');
		if (slash !== -1) patterns.add(`/${path.slice(0, slash)}/*`);
		else if (path === 'index.html') patterns.add('/');
		else patterns.add(`/${path.replace(/\.html$/, '')}`);
	}
	return [...patterns].sort();
}

/**
 * The `_headers` file: the security headers everywhere; the cache rules by path; and on pages,
 * the Content-Security-Policy. The policy is for documents only: on an image opened by itself it
 * would block the browser's own viewer styles, and it says nothing to a script or a stylesheet.
 * Pages are addressed without ".html", so they are listed by pattern (pagePatterns).
 */
export function formatHeadersFile(
	contentSecurityPolicy: string,
	pages: readonly string[],
	editorPolicy?: string,
): string {
	const block = (path: string, headers: Record<string, string>) =>
		[path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
	return [
		'# Generated at build by src/integrations/host-headers.ts: do not edit by hand.',
		block('/*', SECURITY_HEADERS),
		block('/_astro/*', { 'Cache-Control': CACHE_IMMUTABLE }),
		block('/sw.js', { 'Cache-Control': CACHE_REVALIDATE }),
		block(MANIFEST_PATH, { 'Cache-Control': CACHE_REVALIDATE }),
		block('/api/*', { 'Cache-Control': CACHE_REVALIDATE }),
		...pages.map((page) =>
			block(page, {
				'Cache-Control': CACHE_REVALIDATE,
				'Content-Security-Policy': contentSecurityPolicy,
				'Cross-Origin-Opener-Policy': PAGE_OPENER_POLICY,
			}),
		),
		...(editorPolicy
			? [
					block(EDITOR_PATH, { ...EDITOR_HEADERS, 'Content-Security-Policy': editorPolicy }),
					block(`${EDITOR_PATH}/*`, EDITOR_HEADERS),
				]
			: []),
		'',
	].join('\n');
}

/**
 * The rules of a `_headers` file, path pattern -> headers in file order. Comments and blank
 * lines are skipped; a header line is indented under its path.
 */
export function parseHeadersFile(text: string): Map<string, Record<string, string>> {
	const rules = new Map<string, Record<string, string>>();
	let current: Record<string, string> | null = null;
	for (const line of text.split(/\r?\n/)) {
		if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
		if (!/^\s/.test(line)) {
			current = rules.get(line.trim()) ?? {};
			rules.set(line.trim(), current);
			continue;
		}
		const colon = line.indexOf(':');
		if (current === null || colon === -1) throw new Error(`_headers: unexpected line "${line}"`);
		current[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
	}
	return rules;
}
