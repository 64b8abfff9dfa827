import { stockLine } from '../../lib/catalogue/stock-line';
import type { ShopRef } from '../../lib/catalogue/variants';
import { useSelectedVariant } from './shared/use-selected-variant';

export type StockLineProps = {
	initialId: string;
	shops: ShopRef[];
	/** Each variant's pieces per shop id. */
	stock: { id: string; stock: Record<string, number> }[];
};

/** What each shop has of the chosen variant, in one line under the price. */
export default function StockLine({ initialId, shops, stock }: StockLineProps) {
	const selectedId = useSelectedVariant(initialId);
	const variant = stock.find((item) => item.id === selectedId) ?? stock[0];
	if (!variant) return null;
	const { text, inStock } = stockLine(variant, shops);
	return (
		<p className="flex items-start gap-2 text-sm" data-stock-line>
			<span
				aria-hidden="true"
				className={`mt-1.5 size-2.5 shrink-0 rounded-full ${inStock ? 'bg-green-700' : 'bg-zinc-400'}`}
			/>
			<span>
				<span className="sr-only">Disponibilità: </span>
				{text}
			</span>
		</p>
	);
}
