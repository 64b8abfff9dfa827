/**
 * The product page's bar at the bottom of a phone's screen (ProductPickupBar.astro): shown while
 * the box with 'Aggiungi alla lista ritiro' is above the screen, scrolled away, and hidden while
 * it is on screen or still below (before it, the visitor is reading the name, price and photo,
 * which the bar would cover on a small phone). Plain script, not island code: the bar must show
 * for a visitor who has only scrolled, before any island has hydrated.
 */
export function watchPickupBar(): void {
	const bar = document.querySelector<HTMLElement>('[data-pickup-bar]');
	const main = document.querySelector<HTMLElement>('[data-pickup-main]');
	if (!bar || !main || !('IntersectionObserver' in window)) return;
	new IntersectionObserver(([entry]) => {
		if (!entry) return;
		const scrolledAway = !entry.isIntersecting && entry.boundingClientRect.bottom <= 0;
		bar.dataset['state'] = scrolledAway ? 'shown' : 'hidden';
	}).observe(main);
}
