import type { ClientDirective } from 'astro';
import { needsEarlyHydration, type InteractionOptions } from './conditions';
import { HYDRATING_ATTRIBUTE } from './loading';

/**
 * `client:interaction`: the island's JavaScript (and React with it) loads when the visitor first
 * uses the page: a touch, a click, a key, a scroll or the wheel anywhere, or the pointer or the
 * focus entering the island. Until then the server-rendered HTML is the island, so a visitor who
 * only reads pays for no JavaScript at all (on a slow phone, evaluating React alone blocks the
 * page for a few hundred milliseconds).
 *
 * It hydrates earlier, once the browser is idle and the island is near the screen, when the
 * server's HTML is not what this visitor should see (src/lib/hydration/conditions.ts: stored
 * favourites, a variant in the address…) or when its `event` is dispatched on window.
 *
 * A click on the island before it has hydrated is held and replayed once it has, so the first
 * tap on 'Accetta', a heart or a variant does what it says. Links and form fields are left
 * alone, as they work without JavaScript, except the links of an island that gives them a
 * behaviour of its own (`links: true`, the lightbox).
 */
const PAGE_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'scroll', 'wheel'] as const;
const ISLAND_EVENTS = ['pointerover', 'focusin'] as const;
const IDLE_TIMEOUT_MS = 1500;

const interaction: ClientDirective = (load, options, island) => {
	const settings = (typeof options.value === 'object' ? options.value : {}) as InteractionOptions;
	let started = false;
	let hydrated = false;
	const held: HTMLElement[] = [];

	const listen = () => {
		for (const name of PAGE_EVENTS) {
			window.addEventListener(name, start, { capture: true, passive: true, once: true });
		}
		for (const name of ISLAND_EVENTS) island.addEventListener(name, start, { once: true });
		if (settings.event) window.addEventListener(settings.event, start, { once: true });
	};
	const stopListening = () => {
		for (const name of PAGE_EVENTS) window.removeEventListener(name, start, true);
		for (const name of ISLAND_EVENTS) island.removeEventListener(name, start);
		if (settings.event) window.removeEventListener(settings.event, start);
	};

	async function hydrateNow() {
		const hydrate = await load();
		await hydrate();
		hydrated = true;
		island.removeAttribute(HYDRATING_ATTRIBUTE);
		island.removeEventListener('click', hold, true);
		// React listens on the island from now on and hydrates at once for a click.
		for (const target of held.splice(0)) if (target.isConnected) target.click();
	}

	function start() {
		if (started) return;
		started = true;
		stopListening();
		island.setAttribute(HYDRATING_ATTRIBUTE, '');
		hydrateNow().catch((error: unknown) => {
			// The script could not be loaded (offline, say): the next use of the page tries again.
			console.error('[client:interaction]', error);
			island.removeAttribute(HYDRATING_ATTRIBUTE);
			started = false;
			listen();
		});
	}

	function hold(event: MouseEvent) {
		if (hydrated || !(event.target instanceof Element)) return;
		// Links, form fields and popover buttons work by themselves: the browser follows, types,
		// ticks, chooses and opens, and the islands read the fields' state when they hydrate.
		// Links of an island that gives them a behaviour are held too, unless opened in a new tab
		// or window.
		if (event.target.closest('input, select, textarea, label, [popovertarget]')) return;
		const link = event.target.closest('a[href]');
		const plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey;
		if (link && !(settings.links && plain && !event.altKey)) return;
		event.preventDefault();
		event.stopPropagation();
		const target = event.target.closest<HTMLElement>('a[href], button, summary, [role="button"]');
		held.splice(0, held.length, target ?? (event.target as HTMLElement));
		start();
	}

	island.addEventListener('click', hold, true);
	listen();

	const early = needsEarlyHydration(settings, {
		search: window.location.search,
		read: (key) => window.localStorage.getItem(key),
	});
	if (!early) return;
	if (settings.main) return start();
	// Idle, then near the screen: the same moment as client:idle or client:visible. A busy page
	// (a slow phone still parsing, the service worker installing) waits for idle at most
	// IDLE_TIMEOUT_MS, never indefinitely.
	const whenVisible = () => {
		if (!island.children.length) return start();
		const observer = new IntersectionObserver(
			(entries) => {
				if (!entries.some((entry) => entry.isIntersecting)) return;
				observer.disconnect();
				start();
			},
			{ rootMargin: '200px' },
		);
		for (const child of island.children) observer.observe(child);
	};
	if ('requestIdleCallback' in window) {
		window.requestIdleCallback(whenVisible, { timeout: IDLE_TIMEOUT_MS });
	} else setTimeout(whenVisible, 200);
};

export default interaction;
