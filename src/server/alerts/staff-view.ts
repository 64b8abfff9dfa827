/**
 * What a variant's stock page shows of 'Avvisami' (docs/alerts.md): how many wait for it at
 * this shop (its own requests and the 'any shop' ones), and how many each rise here told. Counts
 * and times only: never an address.
 */
import { waitingLabel } from '../../lib/alerts/rules';
import { formatDateTime } from '../../lib/format/date';
import type { AlertsService } from './service';

/** The box of the variant's page. */
export interface AlertsVariantView {
	waiting: number;
	waitingText: string;
	arrivals: { at: string; when: string; available: number; told: number }[];
}

/** The box for a variant at a shop, with `waiting` as the stock row counted it. */
export function alertsVariantView(
	alerts: Pick<AlertsService, 'arrivals'>,
	ref: { shopId: string; productId: string; variantId: string },
	waiting: number,
): AlertsVariantView {
	return {
		waiting,
		waitingText: waitingLabel(waiting),
		arrivals: alerts
			.arrivals(ref.productId, ref.variantId)
			.filter((arrival) => arrival.shopId === ref.shopId)
			.map((arrival) => ({
				at: arrival.at.toISOString(),
				when: formatDateTime(arrival.at),
				available: arrival.available,
				told: arrival.told,
			})),
	};
}
