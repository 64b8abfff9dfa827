/**
 * HTTP headers of the site, one definition for both ways it is served: server/serve.mjs sends
 * them (compiled to dist/server/headers.mjs by scripts/compile-server.mjs), and the build writes
 * them to dist/client/_headers for a CDN (Netlify, Cloudflare Pages). Pure.
 */

/** Hashed build assets: their name changes with their content. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML, the service worker, the manifest and the static JSON: always asked again, so a deploy shows at once. */
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
/** Other files (icons, favicon, robots): a day. */
export const CACHE_DAY = 'public, max-age=86400';

/** Header name -> value, on every answer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
});

/** Cache-Control of a file of dist/client, by its path ("/_astro/x.js", "/prodotti.html"). */
export function cacheControlOf(file: string): string {
	if (file.startsWith('/_astro/')) return CACHE_IMMUTABLE;
	if (
		file.endsWith('.html') ||
		file === '/sw.js' ||
		file === '/manifest.webmanifest' ||
		(file.startsWith('/api/') && file.endsWith('.json'))
	) {
		return CACHE_REVALIDATE;
	}
	return CACHE_DAY;
}

/**
 * The `_headers` file: security headers everywhere, and the cache rules by path. Pages are
 * addressed without ".html", so they are listed by pattern; a CDN's own default for HTML
 * (revalidate) applies to the rest.
 */
export function formatHeadersFile(): string {
	const block = (path: string, headers: Record<string, string>) =>
		[path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
	return [
		'# Generated at build by src/lib/http/headers.ts: do not edit by hand.',
		block('/*', SECURITY_HEADERS),
		block('/_astro/*', { 'Cache-Control': CACHE_IMMUTABLE }),
		block('/sw.js', { 'Cache-Control': CACHE_REVALIDATE }),
		block('/manifest.webmanifest', { 'Cache-Control': CACHE_REVALIDATE }),
		block('/api/*', { 'Cache-Control': CACHE_REVALIDATE }),
		block('/', { 'Cache-Control': CACHE_REVALIDATE }),
		block('/prodotti/*', { 'Cache-Control': CACHE_REVALIDATE }),
		'',
	].join('\n');
}
