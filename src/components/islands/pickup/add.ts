import { addedDescription, PICKUP_MESSAGES } from '~/lib/pickup/list';
import { itemOf, type PickupChoice } from '~/lib/pickup/choices';
import { addToPickupList } from '~/stores/pickup-list';
import { showError, showToast } from '~/stores/toasts';

/** The error toast's text for each refusal of the store. */
const REFUSALS = {
	atLimit: PICKUP_MESSAGES.atLimit,
	full: PICKUP_MESSAGES.full,
	storage: PICKUP_MESSAGES.addFailed,
} as const;

/**
 * Adds pieces of a variant to the pickup list, up to the most one shop has, and says so with a
 * toast, as the favourites' heart does (src/stores/toasts.ts).
 */
export function addWithToast(choice: PickupChoice, quantity: number): void {
	const outcome = addToPickupList(itemOf(choice), quantity, choice.limit);
	if (outcome.ok) {
		showToast({
			variant: 'success',
			title: PICKUP_MESSAGES.added,
			description: addedDescription(choice, outcome.quantity, outcome.capped),
		});
	} else showError(REFUSALS[outcome.reason]);
}
