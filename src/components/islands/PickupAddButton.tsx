import { variantLive } from '../../lib/catalogue/live-stock';
import { pickupLimit, type PickupChoice } from '../../lib/reservations/choices';
import { iconBag } from '../../lib/icons';
import { $liveStock } from '../../stores/live-stock';
import Icon from './shared/Icon';
import { addWithToast } from './pickup/add';

export type PickupAddButtonProps = {
	/** The product's only variant (lib/reservations/product.ts `onlyChoice`). */
	choice: PickupChoice;
};

/**
 * 'Aggiungi alla lista ritiro' on a product card or a favourite, for a product with a single
 * variant: one piece in one tap, up to the most one shop has now when the page has read the live
 * figure (src/stores/live-stock.ts; none: it says so). Never disabled: a tap before hydration is
 * held and replayed.
 */
function add(choice: PickupChoice) {
	const live = variantLive($liveStock.get(), choice.productId, choice.variantId);
	addWithToast(choice, 1, pickupLimit(live));
}

export default function PickupAddButton({ choice }: PickupAddButtonProps) {
	return (
		<button
			type="button"
			onClick={() => add(choice)}
			data-pickup-add={choice.productId}
			className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border-2 border-night px-4 py-2 font-semibold text-night transition-colors hover:bg-night hover:text-white"
		>
			<Icon path={iconBag} size={20} />
			Aggiungi alla lista ritiro<span className="sr-only">: {choice.name}</span>
		</button>
	);
}
