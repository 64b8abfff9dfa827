import { useEffect, useState } from 'react';
import {
	productDataUrl,
	readProductPrices,
	type ProductState,
} from '~/lib/reservations/availability';
import { isOwnKey } from '~/lib/own-key';

/** One product's data: read, not found (no longer sold), or unreachable. */
async function loadProduct(productId: string): Promise<ProductState> {
	try {
		const response = await fetch(productDataUrl(productId));
		if (response.status === 404) return { kind: 'missing' };
		if (!response.ok) return { kind: 'error' };
		const variants = readProductPrices(await response.json());
		return variants ? { kind: 'ready', variants } : { kind: 'error' };
	} catch {
		// Offline and never seen (the service worker keeps what was seen): the stored price stands.
		return { kind: 'error' };
	}
}

/**
 * Today's prices of each product of the list, by product id, read once per product when the page
 * opens or the product joins the list. What the shops have is the live figure's
 * (use-live-stock.ts), never these files'.
 */
export function useProductPrices(productIds: readonly string[]): Record<string, ProductState> {
	const [states, setStates] = useState<Record<string, ProductState>>({});
	const wanted = [...new Set(productIds)].sort().join(' ');

	useEffect(() => {
		const ids = wanted ? wanted.split(' ') : [];
		const missing = ids.filter((id) => !isOwnKey(states, id));
		if (missing.length === 0) return;
		setStates((current) => ({
			...current,
			...Object.fromEntries(missing.map((id) => [id, { kind: 'loading' } as const])),
		}));
		for (const id of missing) {
			void loadProduct(id).then((state) => setStates((current) => ({ ...current, [id]: state })));
		}
	}, [wanted, states]);

	return states;
}
