// @ts-check
import nu from './tests/helpers/nu-rules.mjs';

/**
 * html-validate over every built page (tests/server/built-html.test.ts; docs/testing.md): the
 * rules of the HTML standard and of a whole document, as the W3C Nu HTML Checker applies them,
 * and two of the Nu checker's that html-validate lacks (tests/helpers/nu-rules.mjs).
 * Two rules of those presets are not conformance rules, and the Nu checker has neither:
 * - `require-sri`: integrity hashes on the site's own stylesheet and scripts, served by the same
 *   origin under a Content-Security-Policy, protect nothing a CDN of another party could change;
 * - `heading-level`: the cookie banner's heading comes before the page's h1, as the banner is
 *   first in the page (painted with the first screen, met first by a screen reader).
 * @type {import('html-validate').ConfigData}
 */
export default {
	root: true,
	plugins: [nu],
	extends: ['html-validate:standard', 'html-validate:document'],
	rules: {
		'nu/no-space-in-url': 'error',
		'nu/srcset-needs-sizes': 'error',
		'require-sri': 'off',
		'heading-level': 'off',
	},
};
