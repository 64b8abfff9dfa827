import {
	IDLE_PREFETCH_LIMIT,
	isCataloguePath,
	mayPrefetch,
	type ConnectionInfo,
} from '../lib/catalogue/prefetch-rules';

/**
 * The next page, instant (docs/navigation.md), in browsers without Speculation Rules (Firefox,
 * Safari): a product or category link is fetched as soon as the visitor points at it, touches it or
 * tabs to it, and the first ones on the screen once the browser is idle, with a
 * <link rel="prefetch"> that the browser keeps for the navigation. Chromium needs none of this
 * code: the page's head has the same rule as Speculation Rules (BaseLayout.astro), and the late
 * parts (src/scripts/late/parts.ts) load this module only where those are missing.
 * Astro's own prefetch would add a script to every page, requested before the first paint; these
 * few lines do not. Nothing is fetched ahead on data-saver or slow connections.
 */
const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;

/** The catalogue link an event happened in, if any. */
function linkOf(event: Event): HTMLAnchorElement | null {
	const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
	return link instanceof HTMLAnchorElement && isCataloguePath(link.href, location.origin)
		? link
		: null;
}

const fetched = new Set<string>();

function fetchAhead(link: HTMLAnchorElement | null): void {
	if (!link || !mayPrefetch(connection)) return;
	const url = new URL(link.href);
	url.hash = '';
	if (url.pathname === location.pathname || fetched.has(url.href)) return;
	fetched.add(url.href);
	const hint = document.createElement('link');
	hint.rel = 'prefetch';
	hint.href = url.href;
	document.head.append(hint);
}

/** Fetches a link the visitor points at (after a moment), touches or tabs to. */
function listen(): void {
	let hover = 0;
	document.addEventListener(
		'pointerover',
		(event) => {
			const link = linkOf(event);
			window.clearTimeout(hover);
			// A pointer passing over on its way elsewhere is not an intention.
			if (link) hover = window.setTimeout(() => fetchAhead(link), 65);
		},
		{ passive: true },
	);
	for (const type of ['touchstart', 'focusin'] as const) {
		document.addEventListener(type, (event) => fetchAhead(linkOf(event)), { passive: true });
	}
}

/** The first catalogue links on the screen. */
function likelyNext(): void {
	const seen = new Set<string>();
	for (const link of document.querySelectorAll<HTMLAnchorElement>('main a[href]')) {
		if (seen.size >= IDLE_PREFETCH_LIMIT) break;
		if (!isCataloguePath(link.href, location.origin) || seen.has(link.href)) continue;
		const box = link.getBoundingClientRect();
		if (box.bottom <= 0 || box.top >= window.innerHeight || box.width === 0) continue;
		seen.add(link.href);
		fetchAhead(link);
	}
}

/** Fetches the likely next pages once the page has loaded and the browser is idle. */
function whenIdle(): void {
	const idle = () =>
		'requestIdleCallback' in window
			? window.requestIdleCallback(likelyNext)
			: setTimeout(likelyNext, 2000);
	if (document.readyState === 'complete') idle();
	else window.addEventListener('load', idle, { once: true });
}

/**
 * The late part's steps, where Speculation Rules are missing (src/scripts/late/parts.ts), each in
 * a task of its own.
 */
export const steps = [listen, whenIdle];
