import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { LiveStock } from '~/lib/catalogue/live-stock';
import { $liveStock, loadLiveStock } from '~/stores/live-stock';

/**
 * The pieces every shop has available now for the products of the list (GET /api/disponibilita,
 * one request for the whole list), asked again when the products change and when the phone is
 * back online. Offline or with the server down it is 'unavailable': the lines say so, and the
 * server checks again when the reservation arrives.
 */
export function useLiveStockOf(productIds: readonly string[]): LiveStock {
	const stock = useStore($liveStock);
	const wanted = [...new Set(productIds)].sort().join(' ');

	useEffect(() => {
		if (!wanted) return;
		const load = () => void loadLiveStock(wanted.split(' '));
		load();
		window.addEventListener('online', load);
		return () => window.removeEventListener('online', load);
	}, [wanted]);

	return stock;
}
