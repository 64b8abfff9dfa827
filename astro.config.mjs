// @ts-check
import { readFileSync } from 'node:fs';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import AstroPWA from '@vite-pwa/astro';
import { defineConfig } from 'astro/config';
import { parse } from 'yaml';
import cms from './src/integrations/cms.ts';
import devContact from './src/integrations/dev-contact.ts';
import devStaff from './src/integrations/dev-staff.ts';
import hostHeaders from './src/integrations/host-headers.ts';
import { contentRehypePlugins } from './src/lib/content/sanitize.ts';
import interactionDirective from './src/integrations/interaction-directive.ts';
import lateScript from './src/integrations/late-script.ts';
import pagefindIndex from './src/integrations/pagefind.ts';
import { SITE_ORIGIN } from './src/lib/site-origin.ts';
import { MANIFEST_PATH } from './src/lib/http/headers.ts';
import { precachePatterns } from './src/lib/pwa/offline.ts';

/**
 * The company name for the web app manifest, from the settings editors keep
 * (content/settings/sito.yaml). Read before the content is validated: a file the schema refuses
 * stops the build later with its Italian message, so an unreadable one only leaves it empty here.
 */
function companyName() {
	try {
		const settings = parse(
			readFileSync(new URL('./content/settings/sito.yaml', import.meta.url), 'utf8'),
		);
		return typeof settings?.companyName === 'string' ? settings.companyName : '';
	} catch {
		return '';
	}
}
const company = companyName();

/** Public address of the site: canonical URLs, Open Graph and the sitemap use it. */
const site = process.env.SITE_URL ?? SITE_ORIGIN;

export default defineConfig({
	site,
	output: 'static',
	// Middleware mode: src/server/main.ts (built to dist/server/serve.mjs) is the server, and this
	// handler takes `locals` from it (the contact service); the standalone mode's would not.
	adapter: node({ mode: 'middleware' }),
	// Pages are written as prodotti.html, prodotti/proteine.html…: every CDN and our server map
	// /prodotti to them without a redirect, so links carry no trailing slash.
	trailingSlash: 'never',
	build: { format: 'file' },
	// Astro's sharp service with a faster WebP setting (src/lib/images/service.ts says why).
	image: { service: { entrypoint: './src/lib/images/service.ts' } },
	// The HTML content's markdown can produce: raw HTML is parsed, then only the allow-list of
	// src/lib/content/sanitize.ts is kept (no script, iframe, meta, form, style, on…).
	markdown: {
		rehypePlugins: contentRehypePlugins,
	},
	integrations: [
		react(),
		// client:interaction: islands that hydrate on the visitor's first use of the page.
		interactionDirective(),
		// Every page but the not-found, offline, thank-you and pickup confirmation pages and the
		// editor; the static API is not a page.
		sitemap({
			filter: (page) =>
				!/\/(404|offline|contatti\/inviato|lista-ritiro\/confermata|admin)$/.test(
					new URL(page).pathname,
				),
		}),
		// The editor's files under /admin/cms/, from the pinned @sveltia/cms (src/lib/cms/vendor.ts).
		cms(),
		// The layout's script imported after the first paint by the inline «avvio», not fetched
		// before it. Before the search index and the service worker, which read the pages as
		// finally written.
		lateScript(),
		// The search index (Pagefind) of the product pages, in dist/client/pagefind/. Before the
		// service worker's integration, whose precache manifest lists some of its files.
		pagefindIndex(),
		// The service worker: src/sw.ts, built with Workbox (docs/offline.md).
		// The site registers it itself (src/scripts/register-sw.ts) after the page has loaded.
		AstroPWA({
			strategies: 'injectManifest',
			srcDir: 'src',
			filename: 'sw.ts',
			registerType: 'prompt',
			injectRegister: false,
			manifestFilename: MANIFEST_PATH.slice(1),
			includeManifestIcons: false,
			manifest: {
				name: `${company} – Integratori e accessori per lo sport`,
				short_name: company,
				description: `Il catalogo dei negozi ${company} di Buttigliera Alta e Aosta: proteine, integratori e accessori.`,
				lang: 'it',
				dir: 'ltr',
				start_url: '/',
				scope: '/',
				id: '/',
				display: 'standalone',
				theme_color: '#18181b',
				background_color: '#ffffff',
				icons: [
					{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
					{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
					{
						src: '/icons/maskable-512.png',
						sizes: '512x512',
						type: 'image/png',
						purpose: 'maskable',
					},
				],
			},
			injectManifest: { globPatterns: precachePatterns() },
			devOptions: { enabled: false },
		}),
		// dist/client/_headers, with the Content-Security-Policy of the built pages.
		hostHeaders(),
		// `locals.contact` under `astro dev`, where the production server does not run.
		devContact(),
		// `locals.services.staff` under `astro dev`, after devContact, whose locals it adds to.
		devStaff(),
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
