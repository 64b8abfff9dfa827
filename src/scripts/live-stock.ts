/**
 * The live figure of stock on a page that shows it (product page, category page, grouped
 * variants; docs/catalogue.md): once the page has painted, one request for every product named by
 * the page's `[data-live-stock]` places, and the figure (or "cannot check now") written into
 * those places that no island draws yet. An island that has hydrated draws its own from
 * $liveStock, with the same words (src/lib/catalogue/live-stock.ts), so the text is the same
 * whoever writes it, and only the text and `data-tone` change: never the size of a place.
 */
import {
	cardLive,
	liveSpot,
	reserveHref,
	variantLive,
	type LiveSpot,
	type LiveStock,
	type SpotKind,
} from '../lib/catalogue/live-stock';
import { $liveStock, loadLiveStock } from '../stores/live-stock';

const SPOT = '[data-live-stock]';

/** Writes the words of a place, and its look. */
function write(place: HTMLElement, { text, tone }: LiveSpot): void {
	if (place.textContent !== text) place.textContent = text;
	place.dataset['tone'] = tone;
}

/**
 * The product page's main link: it belongs to the table above it (the same `[data-availability]`
 * box), whose rows name the product, the variant and the shops in their order, so it carries none
 * of them itself (the product page's HTML is near its byte budget). Its label and its address
 * (the shop that has the variant) come from the same figure as the rows, so it never says the
 * opposite of the table.
 */
function writeReserve(link: HTMLElement, stock: LiveStock): void {
	const rows = [
		...(link
			.closest('[data-availability]')
			?.querySelectorAll<HTMLElement>('[data-live-stock="shop-row"]') ?? []),
	];
	const { product = '', variant = '' } = rows[0]?.dataset ?? {};
	const live = variantLive(stock, product, variant);
	write(link, liveSpot('reserve', live));
	const shops = rows.map((row) => row.dataset['shop'] ?? '');
	const href = reserveHref(live, product, variant, shops);
	if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

/** Writes the figure, and what depends on it, into the places that no hydrated island owns. */
function fill(): void {
	const stock = $liveStock.get();
	for (const place of document.querySelectorAll<HTMLElement>(SPOT)) {
		if (place.closest('astro-island:not([ssr])')) continue;
		const { liveStock: kind, product = '', variant = '', shop = '' } = place.dataset;
		if (kind === 'reserve') {
			writeReserve(place, stock);
			continue;
		}
		const live = kind === 'card' ? cardLive(stock, product) : variantLive(stock, product, variant);
		write(place, liveSpot(kind as SpotKind, live, shop));
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
