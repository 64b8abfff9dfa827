/** What the server (src/server/astro-bridge.ts) passes to every on-demand request as `Astro.locals`. */
declare namespace App {
	interface Locals {
		/**
		 * The services of this process, by thing (src/server/services/index.ts): the server's, or
		 * under `astro dev` those of src/integrations/dev-contact.ts and dev-staff.ts.
		 */
		services?: import('./server/services').RequestServices;
		/** The visitor's IP address as the server sees it (docs/operations.md, "Who is the client"). */
		clientAddress?: string;
		/** The address visitors use, allowed as Origin (PUBLIC_ORIGIN in docs/operations.md). */
		publicOrigin?: string | null;
	}
}
