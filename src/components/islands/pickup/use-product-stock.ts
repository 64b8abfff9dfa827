import { useEffect, useState } from 'react';
import { productDataUrl, readProductStock, type StockState } from '~/lib/pickup/availability';

/** One product's data: read, not found (no longer sold), or unreachable. */
async function loadStock(productId: string): Promise<StockState> {
	try {
		const response = await fetch(productDataUrl(productId));
		if (response.status === 404) return { kind: 'missing' };
		if (!response.ok) return { kind: 'error' };
		const variants = readProductStock(await response.json());
		return variants ? { kind: 'ready', variants } : { kind: 'error' };
	} catch {
		// Offline and never seen (the service worker keeps what was seen): the shop checks.
		return { kind: 'error' };
	}
}

/**
 * The stock of each product of the list, by product id, read once per product when the page
 * opens or the product joins the list (the service worker asks the network first: src/sw.ts).
 */
export function useProductStock(productIds: readonly string[]): Record<string, StockState> {
	const [states, setStates] = useState<Record<string, StockState>>({});
	const wanted = [...new Set(productIds)].sort().join(' ');

	useEffect(() => {
		const ids = wanted ? wanted.split(' ') : [];
		const missing = ids.filter((id) => !(id in states));
		if (missing.length === 0) return;
		setStates((current) => ({
			...current,
			...Object.fromEntries(missing.map((id) => [id, { kind: 'loading' } as const])),
		}));
		for (const id of missing) {
			void loadStock(id).then((state) => setStates((current) => ({ ...current, [id]: state })));
		}
	}, [wanted, states]);

	return states;
}
