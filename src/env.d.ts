/** What the server (src/server/astro-bridge.ts) passes to every on-demand request as `Astro.locals`. */
declare namespace App {
	interface Locals {
		/**
		 * The contact service of this process: the server's, or under `astro dev` the one of
		 * src/integrations/dev-contact.ts.
		 */
		contact?: import('./server/kinds').SubmissionsService;
		/** The visitor's IP address as the server sees it (docs/operations.md, "Who is the client"). */
		clientAddress?: string;
		/** The address visitors use, allowed as Origin (PUBLIC_ORIGIN in docs/operations.md). */
		publicOrigin?: string | null;
		/** The editor's GitHub sign-in (src/server/oauth/), when configured. */
		oauth?: import('./server/oauth/github').OAuthSettings | null;
		/** The staff area's service (src/server/staff/service.ts): sessions, passkeys, links. */
		staff?: import('./server/staff/service').StaffService;
	}
}
