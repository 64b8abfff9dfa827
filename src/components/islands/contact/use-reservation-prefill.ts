import { useEffect } from 'react';
import {
	parseReservationQuery,
	readProductForReservation,
	reservationDetails,
	reservationText,
} from '~/lib/messages/reservation';

/** The shops, to name the one chosen for a reservation. */
export type ReservationShops = readonly { id: string; name: string }[];

/** The reservation text for the address's ?prodotto=&variante=&negozio=, or null. */
async function loadReservation(search: string, shops: ReservationShops): Promise<string | null> {
	const query = parseReservationQuery(search);
	if (!query) return null;
	const response = await fetch(`/api/product/${query.product}.json`);
	if (!response.ok) return null;
	const product = readProductForReservation(await response.json());
	return product ? reservationText(reservationDetails(query, product, shops)) : null;
}

/**
 * 'Prenota in negozio' (`reservation.ts`): with ?prodotto= in the address, fetches the product
 * and hands the reservation's text to `apply` once, unless the form has gone in the meantime.
 */
export function useReservationPrefill(shops: ReservationShops, apply: (text: string) => void) {
	useEffect(() => {
		let cancelled = false;
		loadReservation(window.location.search, shops)
			.then((text) => {
				if (text && !cancelled) apply(text);
			})
			.catch(() => {
				// Without the product's details the visitor writes the request by hand.
			});
		return () => {
			cancelled = true;
		};
	}, [shops, apply]);
}
