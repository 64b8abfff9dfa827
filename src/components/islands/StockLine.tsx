import { variantLive } from '../../lib/catalogue/live-stock';
import type { ShopRef } from '../../lib/catalogue/variants';
import { LiveText, useLiveStock } from './shared/live-stock';
import { useSelectedVariant } from './shared/use-selected-variant';

export type StockLineProps = {
	initialId: string;
	productId: string;
	shops: ShopRef[];
};

/**
 * What each shop has of the chosen variant now, one short line per shop under the price: the
 * live figure, a placeholder until it arrives (docs/catalogue.md). One line per shop, so the
 * block is as tall whatever it says.
 */
export default function StockLine({ initialId, productId, shops }: StockLineProps) {
	const variantId = useSelectedVariant(initialId);
	const live = variantLive(useLiveStock(), productId, variantId);
	return (
		<div className="group flex items-start gap-2 text-sm" data-stock-line>
			<span
				aria-hidden="true"
				className="mt-1.5 size-2.5 shrink-0 rounded-full bg-zinc-400 group-has-[[data-tone=in]]:bg-green-700"
			/>
			<p>
				<span className="sr-only">Disponibilità: </span>
				{shops.map((shop) => (
					<span key={shop.id} className="block">
						{`${shop.shortName}: `}
						<LiveText
							kind="shop"
							live={live}
							productId={productId}
							variantId={variantId}
							shopId={shop.id}
							className="font-medium data-[tone=in]:text-green-800"
						/>
					</span>
				))}
			</p>
		</div>
	);
}
