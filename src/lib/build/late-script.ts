/**
 * The layout's script after the first paint (docs/navigation.md, "Late work"). Astro writes the
 * layout's `<script>` as a module script in the page, which a browser fetches, parses and runs
 * before its first paint; on a phone that cost about 190 ms of LCP in Lighthouse's simulation.
 * The build takes that module script out of each page and gives its address to the inline script
 * «avvio» written right after it (BaseLayout.astro), as `data-src`, which imports it later. The
 * address is the same on every page, and a hash covers a script's body, not its attributes, so
 * the policy still allows «avvio» by one hash. Pure: the build (src/integrations/late-script.ts)
 * gives it the pages.
 */

/** The name of the inline script that starts the late parts (SITE_SCRIPTS in lib/http/csp.ts). */
export const STARTER = 'avvio';

/** The module script Astro writes for the layout, right before the starter. */
const SCRIPT_BEFORE_STARTER = new RegExp(
	`<script type="module" src="([^"]+)"></script>(\\s*)<script data-site-script="${STARTER}"`,
	'g',
);

/**
 * What became of a page: `late` is the module's address when its script now starts late, null
 * otherwise; `missing` says the page has the starter without a module script right before it
 * (the build must then stop: the layout's script would be lost, or early).
 */
export type LateScriptResult = { html: string; late: string | null; missing: boolean };

export function withLateScript(html: string): LateScriptResult {
	if (!html.includes(`data-site-script="${STARTER}"`)) return { html, late: null, missing: false };
	let late: string | null = null;
	const written = html.replace(SCRIPT_BEFORE_STARTER, (_, src: string, space: string) => {
		late = src;
		return `${space}<script data-site-script="${STARTER}" data-src="${src}"`;
	});
	return late === null ? { html, late, missing: true } : { html: written, late, missing: false };
}

/**
 * Astro writes its island loader and hydration directives as classic inline scripts at the first
 * island, near the top of the body. A classic script waits for the stylesheet (it may read
 * styles), and the HTML parser waits for it: the rest of the page was parsed only once the
 * stylesheet had arrived, in one task right before the first paint, though a phone's network
 * takes hundreds of milliseconds over the stylesheet, in which the parser could build the page.
 * As module scripts they run once the page is parsed, in the same order, and the parser never
 * stops for them; the islands they start hydrate on a visitor's first use of the page anyway.
 * Only scripts whose body is exactly one of `runtime` change, and a body is all a hash covers, so
 * the policy still allows them. Pure: the build gives it the pages.
 */
export function withRuntimeAsModules(html: string, runtime: readonly string[]): string {
	let written = html;
	for (const body of new Set(runtime)) {
		written = written.replaceAll(
			`<script>${body}</script>`,
			`<script type="module">${body}</script>`,
		);
	}
	return written;
}

/**
 * Astro writes its island rule (`astro-island{display:contents}`…) as a `<style>` right before the
 * first island, inside the body, where HTML allows a style element only as its parent's first
 * child: the HTML checkers refuse every page. The stylesheet has the same rule
 * (src/styles/global.css), so the built pages lose the element (and its bytes). Only that exact
 * element goes. Pure: the build gives it the pages and Astro's rule.
 */
export function withoutIslandStyle(html: string, rule: string): string {
	return html.replaceAll(`<style>${rule}</style>`, '');
}
