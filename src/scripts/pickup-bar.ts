/**
 * The product page's bar at the bottom of a phone's screen (ProductPickupBar.astro): shown while
 * the box with 'Aggiungi alla lista ritiro' is above the screen, scrolled away, and hidden while
 * it is on screen or still below (before it, the visitor is reading the name, price and photo,
 * which the bar would cover on a small phone). Plain script, not island code: the bar must show
 * for a visitor who has only scrolled, before any island has hydrated. It starts after the first
 * paint, or on the visitor's first scroll if that comes sooner (src/scripts/late/parts.ts).
 */

/**
 * The screen stretched far downwards: the box leaves it only across the screen's top edge, so a
 * jump from below the screen to above it (a fling, the End key, a link to the tabs) is noticed
 * too; an observer of the screen alone sees no change when the box is outside it before and after.
 */
const SCREEN_AND_BELOW = '0px 0px 1000000px 0px';

/** Starts watching. */
function watch(): void {
	const bar = document.querySelector<HTMLElement>('[data-pickup-bar]');
	const main = document.querySelector<HTMLElement>('[data-pickup-main]');
	if (!bar || !main || !('IntersectionObserver' in window)) return;
	new IntersectionObserver(
		([entry]) => {
			if (entry) bar.dataset['state'] = entry.isIntersecting ? 'hidden' : 'shown';
		},
		{ rootMargin: SCREEN_AND_BELOW },
	).observe(main);
}

/** The late part's one step (src/scripts/late/parts.ts). */
export const steps = [watch];
