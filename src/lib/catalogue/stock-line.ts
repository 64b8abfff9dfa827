/**
 * The one-line availability under the product page's price: what each shop has of the chosen
 * variant, short enough to sit on a phone's first screen beside the name and the price. The
 * table further down ('Disponibile nei nostri negozi') has the totals and the booking link. Pure.
 */
import { availabilityRows, type ShopRef, type VariantView } from './variants';

export interface StockLine {
	/** "Sede Torino: 5 disponibili · Sede Aosta: non disponibile". */
	text: string;
	/** Some shop has at least one piece. */
	inStock: boolean;
}

/** The line for `variant` across `shops`, in the shops' order. */
export function stockLine(
	variant: Pick<VariantView, 'stock'>,
	shops: readonly ShopRef[],
): StockLine {
	const { rows, total } = availabilityRows(variant, shops);
	return {
		text: rows
			.map((row) => `${row.shop}: ${row.count > 0 ? row.text : row.text.toLowerCase()}`)
			.join(' · '),
		inStock: total > 0,
	};
}
