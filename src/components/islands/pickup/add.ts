import { addedDescription, PICKUP_MESSAGES } from '~/lib/reservations/list';
import type { PickupChoice } from '~/lib/reservations/choices';
import { addToPickupList } from '~/stores/pickup-list';
import { showError, showToast } from '~/stores/toasts';

/** The error toast's text for each refusal of the store. */
const REFUSALS = {
	atLimit: PICKUP_MESSAGES.atLimit,
	full: PICKUP_MESSAGES.full,
	storage: PICKUP_MESSAGES.addFailed,
} as const;

/**
 * Adds pieces of a variant to the pickup list, up to `limit` (the most one shop has now, by the
 * live figure: lib/reservations/choices.ts `pickupLimit`), and says so with a toast, as the
 * favourites' heart does (src/stores/toasts.ts).
 */
export function addWithToast(choice: PickupChoice, quantity: number, limit: number): void {
	if (limit < 1) {
		showError(PICKUP_MESSAGES.soldOut);
		return;
	}
	const outcome = addToPickupList(choice, quantity, limit);
	if (outcome.ok) {
		showToast({
			variant: 'success',
			title: PICKUP_MESSAGES.added,
			description: addedDescription(choice, outcome.quantity, outcome.capped),
		});
	} else showError(REFUSALS[outcome.reason]);
}
