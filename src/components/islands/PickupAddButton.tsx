import type { PickupChoice } from '../../lib/pickup/choices';
import { iconBag } from '../../lib/icons';
import Icon from './shared/Icon';
import { addWithToast } from './pickup/add';

export type PickupAddButtonProps = {
	/** The product's only variant (lib/pickup/product.ts `onlyChoice`). */
	choice: PickupChoice;
};

/**
 * 'Aggiungi alla lista ritiro' on a product card or a favourite, for a product with a single
 * variant: one piece in one tap. Never disabled: a tap before hydration is held and replayed.
 */
export default function PickupAddButton({ choice }: PickupAddButtonProps) {
	return (
		<button
			type="button"
			onClick={() => addWithToast(choice, 1)}
			data-pickup-add={choice.productId}
			className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border-2 border-night px-4 py-2 font-semibold text-night transition-colors hover:bg-night hover:text-white"
		>
			<Icon path={iconBag} size={20} />
			Aggiungi alla lista ritiro<span className="sr-only">: {choice.name}</span>
		</button>
	);
}
