import { formatPrice } from '../../lib/format/price';
import { useSelectedVariant } from './shared/use-selected-variant';

export type ProductPriceProps = {
	initialId: string;
	prices: { id: string; priceCents: number; originalPriceCents: number | null }[];
	/** Offer text shown as a chip, when the product has an offer. */
	offer: string | null;
};

/** Price of the selected variant, with the struck-through former price and the offer chip. */
export default function ProductPrice({ initialId, prices, offer }: ProductPriceProps) {
	const selectedId = useSelectedVariant(initialId);
	const current = prices.find((price) => price.id === selectedId) ?? prices[0];
	if (!current) return null;
	const discounted =
		current.originalPriceCents !== null && current.originalPriceCents > current.priceCents;
	return (
		<div className="flex flex-wrap items-center gap-3" data-product-price>
			<p className="text-3xl font-extrabold text-night">
				<span className="sr-only">Prezzo: </span>
				{formatPrice(current.priceCents)}
			</p>
			{discounted && current.originalPriceCents !== null && (
				<p className="text-lg text-ink-soft line-through">
					<span className="sr-only">Prezzo precedente: </span>
					{formatPrice(current.originalPriceCents)}
				</p>
			)}
			{offer && (
				<p className="rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
					{offer}
				</p>
			)}
		</div>
	);
}
