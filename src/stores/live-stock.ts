import { atom } from 'nanostores';
import { availabilityUrl, readAvailability, type LiveStock } from '../lib/catalogue/live-stock';

/**
 * The live figure of the page's products (src/lib/catalogue/live-stock.ts): filled once after the
 * page has painted by src/scripts/live-stock.ts, read by the islands that show or use it (the
 * line under the price, the availability table, the picker's 'Esaurito', the pickup buttons).
 * An island that hydrates before the answer shows the placeholder, then the figure.
 */
export const $liveStock = atom<LiveStock>({ kind: 'loading' });

/** How long the page waits for the server before saying it cannot check now. */
const TIMEOUT_MS = 10_000;

/** The latest request: an earlier one that answers later is not today's figure. */
let latest = 0;

/**
 * Reads the live figure of `productIds` at every shop into $liveStock. Offline, or when the
 * server does not answer, answers an error or something unreadable: 'unavailable', never an old
 * figure (the request is `no-store`, and neither the CDN nor the service worker keeps it).
 */
export async function loadLiveStock(productIds: readonly string[]): Promise<void> {
	const url = availabilityUrl(productIds);
	if (!url) return;
	const request = ++latest;
	const settle = (stock: LiveStock) => {
		if (request === latest) $liveStock.set(stock);
	};
	if (!navigator.onLine) {
		settle({ kind: 'unavailable' });
		return;
	}
	try {
		const response = await fetch(url, {
			headers: { Accept: 'application/json' },
			cache: 'no-store',
			signal: AbortSignal.timeout(TIMEOUT_MS),
		});
		const products = response.ok ? readAvailability(await response.json()) : null;
		settle(products ? { kind: 'ready', products } : { kind: 'unavailable' });
	} catch {
		settle({ kind: 'unavailable' });
	}
}
