/** What server/serve.mjs passes to every on-demand request as `Astro.locals`. */
declare namespace App {
	interface Locals {
		/** The contact service of this process (absent under `astro dev`: the route makes one). */
		contact?: import('./lib/contact/service').ContactService;
		/** The visitor's IP address as the server sees it (see TRUST_PROXY in README.md). */
		clientAddress?: string;
	}
}
