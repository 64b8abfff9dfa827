import type { APIRoute } from 'astro';
import { getSettings } from '../lib/content/queries';

/**
 * The staff area's web app manifest (/gestione.webmanifest, a file of the build, linked by the
 * staff pages only): added to a phone's Home Screen from the desk, the staff area opens at
 * /gestione as an app of its own. On iPhone and iPad that is what Web Push needs: Safari lets only
 * a web app opened from the Home Screen (display standalone) receive notifications
 * (docs/push.md). The scope is the service worker's, which shows the pings.
 */
export const prerender = true;

export const GET: APIRoute = async () => {
	const { companyName } = await getSettings();
	const manifest = {
		name: `Area staff ${companyName}`,
		short_name: 'Area staff',
		lang: 'it',
		dir: 'ltr',
		id: '/gestione',
		start_url: '/gestione',
		scope: '/',
		display: 'standalone',
		theme_color: '#18181b',
		background_color: '#f4f4f5',
		icons: [
			{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
			{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
		],
	};
	return new Response(`${JSON.stringify(manifest, null, '\t')}\n`, {
		headers: { 'Content-Type': 'application/manifest+json' },
	});
};
