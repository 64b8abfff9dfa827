// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

/** Public address of the site: canonical URLs, Open Graph and the sitemap use it. */
const site = process.env.SITE_URL ?? 'https://www.vigorsport.it';

export default defineConfig({
	site,
	output: 'static',
	adapter: node({ mode: 'standalone' }),
	// Pages are written as prodotti.html, prodotti/proteine.html…: every CDN and our server map
	// /prodotti to them without a redirect, so links carry no trailing slash.
	trailingSlash: 'never',
	build: { format: 'file' },
	integrations: [react()],
	security: {
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
