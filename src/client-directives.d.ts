import type { InteractionOptions } from './lib/hydration/conditions';

/** `client:interaction` (src/integrations/interaction-directive.ts): hydrate on first use. */
declare module 'astro' {
	interface AstroClientDirectives {
		'client:interaction'?: boolean | InteractionOptions;
	}
}
