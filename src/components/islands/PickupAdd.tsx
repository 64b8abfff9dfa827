import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { iconBag } from '../../lib/icons';
import { clampQuantity } from '../../lib/reservations/list';
import { variantLive } from '../../lib/catalogue/live-stock';
import { pickupLimit, type PickupChoice } from '../../lib/reservations/choices';
import { $pickupPieces, MAX_AT_ONCE } from '../../stores/pickup-pieces';
import Icon from './shared/Icon';
import { addWithToast } from './pickup/add';
import { QuantitySelect } from './pickup/QuantitySelect';
import { useLiveStock } from './shared/live-stock';
import { useSelectedVariant } from './shared/use-selected-variant';

export type PickupAddProps = {
	initialId: string;
	/** Each variant as the list keeps it. */
	choices: PickupChoice[];
};

/**
 * 'Aggiungi alla lista ritiro' on the product page (docs/reservations.md): the chosen variant
 * ($selectedVariant) in the chosen number of pieces, up to the most one shop has now (the live
 * figure; while it is not known, the list's cap: the list and the server check again). The
 * pieces' select works before the island hydrates and is read when it does; the button is never
 * disabled, so the first tap, held by client:interaction while the island loads, adds.
 */
export default function PickupAdd({ initialId, choices }: PickupAddProps) {
	const selectedId = useSelectedVariant(initialId);
	const choice = choices.find((item) => item.variantId === selectedId) ?? choices[0];
	const stock = useLiveStock();
	// Shared with the bar at the bottom of a phone's screen (PickupBar), which adds as many.
	const quantity = useStore($pickupPieces);
	const setQuantity = (pieces: number) => $pickupPieces.set(pieces);
	const select = useRef<HTMLSelectElement>(null);
	const id = useId();
	// Pieces chosen in the server's select while the island was loading (a phone's first tap),
	// read before React first renders over the field (a render can come before any effect: the
	// live figure arriving as the island hydrates).
	const [chosen] = useState(() =>
		typeof document === 'undefined'
			? 1
			: Number((document.getElementById(id) as HTMLSelectElement | null)?.value ?? 1),
	);

	useEffect(() => {
		if (chosen > 1) $pickupPieces.set(chosen);
	}, [chosen]);

	if (!choice) return null;
	const limit = pickupLimit(variantLive(stock, choice.productId, choice.variantId));
	const max = Math.max(1, Math.min(MAX_AT_ONCE, limit));

	return (
		<div className="rounded-xl border border-zinc-200 p-5" data-pickup-add-box>
			<div className="flex items-end gap-3">
				<div>
					<label htmlFor={id} className="block font-medium">
						Pezzi
					</label>
					<QuantitySelect
						id={id}
						selectRef={select}
						value={clampQuantity(quantity, max)}
						max={max}
						onChange={setQuantity}
					/>
				</div>
				<button
					type="button"
					// The select's own value: a replayed first tap may come before the state has
					// it.
					onClick={() => addWithToast(choice, Number(select.current?.value ?? quantity), limit)}
					data-pickup-add={choice.productId}
					className="flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-accent px-4 py-3 text-lg font-bold text-night transition-colors hover:bg-accent-hover"
				>
					<Icon path={iconBag} size={22} />
					Aggiungi alla lista ritiro
				</button>
			</div>
			{/* The button stays when no shop has the variant: a tap held while the island loaded
			    still reaches it, and its toast says why nothing was added. */}
			{limit < 1 ? (
				<p className="mt-3 text-sm text-ink-soft">
					Questa variante non è disponibile in nessun negozio: scegline un’altra per aggiungerla
					alla lista ritiro.
				</p>
			) : (
				<p className="mt-3 text-sm text-ink-soft">
					Nella{' '}
					<a href="/lista-ritiro" className="font-medium text-accent-strong underline">
						lista ritiro
					</a>{' '}
					scegli il negozio e il giorno: prepariamo i prodotti e paghi al ritiro.
				</p>
			)}
		</div>
	);
}
