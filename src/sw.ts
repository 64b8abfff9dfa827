/// <reference lib="webworker" />
/**
 * The service worker (/sw.js), built by @vite-pwa/astro with Workbox (injectManifest). What it
 * keeps and why is in docs/offline.md:
 * - build assets and the shell pages are precached at install;
 * - pages: network first (3 s), then the copy seen last, then the precached copy, then /offline;
 *   kept by their address without the query (a pickup code, a search), which their HTML never shows;
 * - images: cache first, 30 days, at most 200;
 * - the static JSON under /api/: stale while revalidate, but one product's data (its prices, which
 *   the pickup list shows): network first (3 s), then the copy seen last;
 * - search (Pagefind): its script, WASM, entry and metadata are precached; the entry is asked of
 *   the network first (it names the build's index), and the content-hashed index, fragment and
 *   filter chunks are cached as they are fetched, so search works offline after one search;
 * - the Node server's routes (src/lib/http/server-routes.ts): from the network only;
 * - POST /api/contact and POST /api/prenotazioni (the outboxes of src/lib/pwa/outbox.ts): never
 *   cached; when the network is down the request is queued and sent by Background Sync, and the
 *   page is told so with a 202 answer;
 * - a staff device's pings (Web Push, src/lib/notifications/ping.ts): each new reservation of its
 *   shop is shown as a notification, and a tap opens the reservation's page (from the network:
 *   the staff area is a server route, never kept).
 */
import { Queue } from 'workbox-background-sync';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { NETWORK_TIMEOUT_SECONDS, OFFLINE_PAGE, pageCacheKey } from './lib/pwa/offline';
import { OUTBOX_RETENTION_MINUTES, OUTBOXES, type Outbox } from './lib/pwa/outbox';
import { parsePing, PING_BODY, pingTarget, pingTitle } from './lib/notifications/ping';
import { isEditorFile } from './lib/http/headers';
import { isServerRoute } from './lib/http/server-routes';
import { isPagefindChunk, PAGEFIND_ENTRY, PAGEFIND_PATH } from './lib/search/files';
import { canonicalPath } from './lib/seo/canonical';

declare const self: ServiceWorkerGlobalScope & {
	__WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// The page asks the waiting worker to take over when the visitor chooses 'Aggiorna'.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
	if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') {
		event.waitUntil(self.skipWaiting());
	}
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/**
 * Workbox's plugin classes are typed without `| undefined` on their optional callbacks, which
 * this project's exactOptionalPropertyTypes rejects; they are WorkboxPlugins all the same.
 */
const plugins = (...list: object[]) => list as WorkboxPlugin[];

// The editor (/admin) always from the network, never kept: it is for staff, and a stale copy
// of its configuration could write files the build refuses.
registerRoute(({ url }) => sameOrigin(url) && isEditorFile(url.pathname), new NetworkOnly());

// The Node server's routes (src/lib/http/server-routes.ts: the staff area, the sign-in, the
// server's state) are the visitor's own answers: always from the network, never kept.
registerRoute(({ url }) => sameOrigin(url) && isServerRoute(url.pathname), new NetworkOnly());

// Build assets (hashed JS and CSS, icons) straight from the precache when they are there.
registerRoute(
	({ request, url }) =>
		request.method === 'GET' &&
		request.mode !== 'navigate' &&
		sameOrigin(url) &&
		(url.pathname.startsWith('/_astro/') || url.pathname.startsWith('/icons/')) &&
		!/\.(webp|avif|jpe?g|png|svg)$/.test(url.pathname),
	async ({ request, url }) => (await matchPrecache(url.pathname)) ?? fetch(request),
);

// Search. The entry names the index of the build that is online: from the network
// (pagefind.js adds a cache-busting ?ts=), offline from the precache, which holds the entry,
// metadata, script and WASM of this worker's build together.
registerRoute(
	({ request, url }) =>
		request.method === 'GET' && sameOrigin(url) && url.pathname === PAGEFIND_ENTRY,
	async ({ request }) => {
		try {
			return await fetch(request);
		} catch (error) {
			const precached = await matchPrecache(PAGEFIND_ENTRY);
			if (precached) return precached;
			throw error;
		}
	},
);

const searchChunks = new CacheFirst({
	cacheName: 'ricerca',
	plugins: plugins(
		new CacheableResponsePlugin({ statuses: [200] }),
		new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true }),
	),
});

// The rest of Pagefind's files: precached ones from the precache; the chunks, whose names
// change when their content does, from the cache once fetched.
registerRoute(
	({ request, url }) =>
		request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith(PAGEFIND_PATH),
	async (options) => {
		const precached = await matchPrecache(options.url.pathname);
		if (precached) return precached;
		if (isPagefindChunk(options.url.pathname)) return searchChunks.handle(options);
		return fetch(options.request);
	},
);

const pages = new NetworkFirst({
	cacheName: 'pagine',
	networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
	plugins: plugins(
		new CacheableResponsePlugin({ statuses: [200] }),
		new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 60 * 60 * 24 * 30 }),
		// Stored and looked up without the query: see pageCacheKey.
		{
			cacheKeyWillBeUsed: ({ request }: { request: Request }) =>
				Promise.resolve(pageCacheKey(request.url)),
		},
	),
});

// Pages: network first; offline, the copy seen last, the precached one, or 'Sei offline'.
registerRoute(
	({ request, url }) => request.mode === 'navigate' && sameOrigin(url),
	async (options) => {
		try {
			const response = await pages.handle(options);
			if (response) return response;
		} catch {
			// No network and no copy seen: try the precache below.
		}
		// Precached pages are listed by their address ("/prodotti"), as links write them.
		const path = canonicalPath(new URL(options.request.url).pathname);
		return (await matchPrecache(path)) ?? (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
	},
);

// Photos: from the cache once seen (their names change when they change).
registerRoute(
	({ request, url }) => request.destination === 'image' && sameOrigin(url),
	new CacheFirst({
		cacheName: 'immagini',
		plugins: plugins(
			new CacheableResponsePlugin({ statuses: [200] }),
			new ExpirationPlugin({
				maxEntries: 200,
				maxAgeSeconds: 60 * 60 * 24 * 30,
				purgeOnQuotaError: true,
			}),
		),
	}),
);

// One product's data (/api/product/<slug>.json): its prices, which the pickup list shows. From
// the network when it answers within the timeout, so they are today's; else the copy seen last.
// Stock is never kept: pages read it from /api/disponibilita, a server route this worker leaves
// to the network.
registerRoute(
	({ request, url }) =>
		request.method === 'GET' &&
		sameOrigin(url) &&
		/^\/api\/product\/[^/]+\.json$/.test(url.pathname),
	new NetworkFirst({
		cacheName: 'dati',
		networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
		plugins: plugins(new CacheableResponsePlugin({ statuses: [200] })),
	}),
);

// The rest of the static read API: answer at once from the cache, refresh it in the background.
registerRoute(
	({ request, url }) =>
		request.method === 'GET' && sameOrigin(url) && /^\/api\/.+\.json$/.test(url.pathname),
	new StaleWhileRevalidate({
		cacheName: 'dati',
		plugins: plugins(new CacheableResponsePlugin({ statuses: [200] })),
	}),
);

// Contact messages and pickup reservations are never cached. When the phone is offline, the
// request is queued (IndexedDB, up to a day) and sent by Background Sync when the connection is
// back, or when an open page says it is online again; every open page then hears how it went
// (its `sent` message, with the answer's body: a reservation's pickup code). The page learns of
// the queue from the 202 answer.
async function replay(queue: Queue, outbox: Outbox): Promise<void> {
	for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
		let response: Response;
		try {
			response = await fetch(entry.request.clone());
		} catch (error) {
			await queue.unshiftRequest(entry);
			throw error;
		}
		const body: unknown = await response.json().catch(() => null);
		const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
		for (const page of pages) page.postMessage({ type: outbox.sent, ok: response.ok, body });
	}
}

for (const outbox of OUTBOXES) {
	const queue = new Queue(outbox.queue, {
		maxRetentionTime: OUTBOX_RETENTION_MINUTES,
		onSync: ({ queue }) => replay(queue, outbox),
	});

	self.addEventListener('message', (event: ExtendableMessageEvent) => {
		if ((event.data as { type?: string } | null)?.type === outbox.replay) {
			event.waitUntil(replay(queue, outbox).catch(() => undefined));
		}
	});

	const send = new NetworkOnly();
	registerRoute(
		({ url }) => sameOrigin(url) && url.pathname === outbox.path,
		async (options) => {
			const copy = options.request.clone();
			try {
				return await send.handle(options);
			} catch (error) {
				// Online but no answer means the server is down: the page shows the error.
				if (self.navigator.onLine) throw error;
				await queue.pushRequest({ request: copy });
				return Response.json({ queued: true }, { status: 202 });
			}
		},
		'POST',
	);
}

// A staff device's ping for a new reservation (docs/push.md): the push carries the
// code, the day, the pieces and the reservation's address, and the day is worded now, as the
// notification is shown. Anything else is no ping of ours and shows nothing.
self.addEventListener('push', (event: PushEvent) => {
	let data: unknown = null;
	try {
		data = event.data?.json();
	} catch {
		// Not JSON: not ours.
	}
	const ping = parsePing(data);
	if (!ping) return;
	event.waitUntil(
		self.registration.showNotification(pingTitle(ping, new Date()), {
			body: PING_BODY,
			tag: `prenotazione-${ping.code}`,
			icon: '/icons/icon-192.png',
			badge: '/icons/icon-192.png',
			lang: 'it',
			data: { url: ping.url },
		}),
	);
});

// A tap on a ping opens its reservation: in a staff tab already open, else in a new one.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
	event.notification.close();
	const target = new URL(pingTarget(event.notification.data), self.location.origin).href;
	event.waitUntil(
		(async () => {
			const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
			const staffTab = tabs.find((tab) => new URL(tab.url).pathname.startsWith('/gestione'));
			// navigate() works only on a tab this worker controls: otherwise a new tab.
			const opened = staffTab ? await staffTab.navigate(target).catch(() => null) : null;
			if (opened) await opened.focus();
			else await self.clients.openWindow(target);
		})(),
	);
});
