import { useEffect, useState } from 'react';
import { freeStockUrl, readFreeStock, type FreeStock } from '~/lib/pickup/availability';

/**
 * The pieces still free at the chosen shop for the products of the list (GET
 * /api/disponibilita: the shelf stock less what reservations hold), asked again whenever the
 * shop or the products change. Empty while it is on its way, offline or when the server cannot
 * answer: the page then goes by the shelf stock, and the server checks again on sending.
 */
export function useFreeStock(shopId: string, productIds: readonly string[]): FreeStock {
	const [free, setFree] = useState<{ query: string; stock: FreeStock }>({ query: '', stock: {} });
	const ids = [...new Set(productIds)].sort();
	const query = shopId && ids.length > 0 ? freeStockUrl(shopId, ids) : '';

	useEffect(() => {
		if (!query) return;
		let current = true;
		void fetch(query, { headers: { Accept: 'application/json' }, cache: 'no-store' })
			.then((response) => (response.ok ? response.json() : null))
			.then((data: unknown) => {
				const stock = readFreeStock(data, shopId);
				if (current && stock) setFree({ query, stock });
			})
			.catch(() => undefined);
		return () => {
			current = false;
		};
	}, [query, shopId]);

	// An answer for another shop or list is not this one's.
	return free.query === query ? free.stock : {};
}
