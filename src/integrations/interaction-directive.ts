import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers `client:interaction` (src/lib/hydration/interaction.ts). */
export default function interactionDirective(): AstroIntegration {
	return {
		name: 'vigorsport:client-interaction',
		hooks: {
			'astro:config:setup': ({ addClientDirective }) => {
				addClientDirective({
					name: 'interaction',
					entrypoint: fileURLToPath(new URL('../lib/hydration/interaction.ts', import.meta.url)),
				});
			},
		},
	};
}
