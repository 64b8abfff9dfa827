/**
 * The live figure of stock on a page that shows it (product page, category page, grouped
 * variants; docs/catalogue.md): once the page has painted, one request for every product named by
 * the page's `[data-live-stock]` places, and the figure (or "cannot check now") written into
 * those places that no island draws yet. An island that has hydrated draws its own from
 * $liveStock, with the same words (src/lib/catalogue/live-stock.ts), so the text is the same
 * whoever writes it, and only the text and `data-tone` change: never the size of a place.
 */
import { cardLive, liveSpot, variantLive, type SpotKind } from '../lib/catalogue/live-stock';
import { $liveStock, loadLiveStock } from '../stores/live-stock';

const SPOT = '[data-live-stock]';

/** Writes the figure into the places that no hydrated island owns. */
function fill(): void {
	const stock = $liveStock.get();
	for (const place of document.querySelectorAll<HTMLElement>(SPOT)) {
		if (place.closest('astro-island:not([ssr])')) continue;
		const { liveStock: kind, product = '', variant = '', shop = '' } = place.dataset;
		const live = kind === 'card' ? cardLive(stock, product) : variantLive(stock, product, variant);
		const { text, tone } = liveSpot(kind as SpotKind, live, shop);
		if (place.textContent !== text) place.textContent = text;
		place.dataset['tone'] = tone;
	}
}

/** The products the page's places name, found by the first step. */
let ids: string[] = [];
const load = () => void loadLiveStock(ids);

/** Finds the page's products, and keeps their places filled whenever the figure comes. */
function watch(): void {
	ids = [...document.querySelectorAll<HTMLElement>(SPOT)].flatMap(
		(place) => place.dataset['product'] ?? [],
	);
	if (ids.length === 0) return;
	$liveStock.listen(fill);
	// Back online, or back to the page from the browser's history: ask again.
	window.addEventListener('online', load);
	window.addEventListener('pageshow', (event) => {
		if (event.persisted) load();
	});
}

/** Asks the figure of the page's products (one request). */
function ask(): void {
	if (ids.length > 0) load();
}

/** The late part's steps (src/scripts/late/parts.ts), each in a task of its own. */
export const steps = [watch, ask];
