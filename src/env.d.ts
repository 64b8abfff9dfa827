/** What the server (src/server/astro-bridge.ts) passes to every on-demand request as `Astro.locals`. */
declare namespace App {
	interface Locals {
		/**
		 * The services of this process, by thing (src/server/services/index.ts): the server's, or
		 * under `astro dev` those of src/integrations/dev-contact.ts and dev-staff.ts.
		 */
		services?: import('./server/services').RequestServices;
		/** The visitor's IP address as the server sees it (TRUST_PROXY, PROXY_SECRET). */
		clientAddress?: string;
		/** The address visitors use, allowed as Origin (PUBLIC_ORIGIN). */
		publicOrigin?: string | null;
	}
}
