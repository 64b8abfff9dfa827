import { useStore } from '@nanostores/react';
import { formatPrice } from '../../lib/format/price';
import { iconBag } from '../../lib/icons';
import { variantLive } from '../../lib/catalogue/live-stock';
import { clampQuantity } from '../../lib/reservations/list';
import { pickupLimit, type PickupChoice } from '../../lib/reservations/choices';
import { $pickupPieces, MAX_AT_ONCE } from '../../stores/pickup-pieces';
import Icon from './shared/Icon';
import { addWithToast } from './pickup/add';
import { useLiveStock } from './shared/live-stock';
import { useSelectedVariant } from './shared/use-selected-variant';

export type PickupBarProps = {
	initialId: string;
	/** Each variant as the list keeps it. */
	choices: PickupChoice[];
};

/**
 * The bar at the bottom of a phone's screen once 'Aggiungi alla lista ritiro' has scrolled away
 * (ProductPickupBar.astro shows and hides it): the chosen variant's price, and the same button,
 * adding the pieces chosen in the box. Never disabled: a first tap is held and replayed.
 */
export default function PickupBar({ initialId, choices }: PickupBarProps) {
	const selectedId = useSelectedVariant(initialId);
	const pieces = useStore($pickupPieces);
	const choice = choices.find((item) => item.variantId === selectedId) ?? choices[0];
	const stock = useLiveStock();
	if (!choice) return null;
	// The most one shop has now (the live figure), or the list's cap while it is not known.
	const limit = pickupLimit(variantLive(stock, choice.productId, choice.variantId));
	// The button stays when no shop has it: a held first tap still reaches it, and its toast
	// says why nothing was added.
	const max = Math.max(1, Math.min(MAX_AT_ONCE, limit));
	return (
		<div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-4">
			<div className="min-w-0 shrink-0 basis-[5.5rem]">
				{choice.priceCents !== null && (
					<p className="text-lg leading-tight font-extrabold whitespace-nowrap text-night">
						<span className="sr-only">Prezzo: </span>
						{formatPrice(choice.priceCents)}
					</p>
				)}
				<p className="truncate text-sm text-ink-soft">{choice.variantLabel}</p>
			</div>
			<button
				type="button"
				onClick={() => addWithToast(choice, clampQuantity(pieces, max), limit)}
				data-pickup-add={choice.productId}
				className="flex min-h-12 min-w-0 flex-1 items-center justify-center gap-2 rounded-lg bg-accent px-3 py-1 text-sm leading-tight font-bold text-night transition-colors hover:bg-accent-hover min-[380px]:text-base"
			>
				<Icon path={iconBag} size={20} className="hidden shrink-0 min-[360px]:block" />
				Aggiungi alla lista ritiro
			</button>
		</div>
	);
}
