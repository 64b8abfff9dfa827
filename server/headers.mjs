// Security headers that server/serve.mjs adds to every answer: static files, redirects, error
// pages and the on-demand routes of Astro. Further headers (Content-Security-Policy,
// Permissions-Policy, Strict-Transport-Security…) belong in SECURITY_HEADERS below.

/** Header name -> value, set on every answer of the production server. */
export const SECURITY_HEADERS = Object.freeze({
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
});

/**
 * Sets SECURITY_HEADERS on a response before anything is written.
 * @param {import('node:http').ServerResponse} res
 */
export function applySecurityHeaders(res) {
	for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
		res.setHeader(name, value);
	}
}
