import type { AstroIntegration } from 'astro';
// Astro's island loader, exactly as Astro writes it into pages.
import islandScript from 'astro/runtime/server/astro-island.prebuilt.js';
// The rule Astro writes as a <style> before the first island of a page.
export { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';

/**
 * The inline scripts Astro itself writes into pages: the island loader and the hydration
 * directives (client:interaction and Astro's own), exactly as written. The directives are known
 * once the server build is done: `collect` is that hook, and `scripts` is complete from
 * `astro:build:done` on.
 */
export function astroRuntimeScripts(): {
	scripts: readonly string[];
	collect: NonNullable<AstroIntegration['hooks']['astro:build:ssr']>;
} {
	const scripts: string[] = [islandScript];
	return {
		scripts,
		collect: ({ manifest }) => {
			for (const [, script] of manifest.clientDirectives) scripts.push(script);
		},
	};
}
