// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

/** Public address of the site: canonical URLs, Open Graph and the sitemap use it. */
const site = process.env.SITE_URL ?? 'https://www.vigorsport.it';

export default defineConfig({
	site,
	output: 'static',
	// Middleware mode: server/serve.mjs is the server, and this handler takes `locals` from it
	// (the contact service); the standalone mode's handler would not pass them on.
	adapter: node({ mode: 'middleware' }),
	// Pages are written as prodotti.html, prodotti/proteine.html…: every CDN and our server map
	// /prodotti to them without a redirect, so links carry no trailing slash.
	trailingSlash: 'never',
	build: { format: 'file' },
	integrations: [
		react(),
		// Every page but the not-found pages and the offline page; the static API is not a page.
		sitemap({ filter: (page) => !/\/(404|offline)$/.test(new URL(page).pathname) }),
	],
	security: {
		// POST /api/contact checks the Origin itself, for every content type (Astro's check covers
		// form posts only), and refuses with a 403 in Italian rather than Astro's English text.
		checkOrigin: false,
		// Astro ignores the Host header of hosts not listed here, and same-origin form posts
		// would then be refused: allow the public host and the local one the server runs on.
		allowedDomains: [
			{ hostname: new URL(site).hostname },
			{ hostname: 'localhost' },
			{ hostname: '127.0.0.1' },
		],
	},
	vite: {
		plugins: [tailwindcss()],
	},
});
