import type { ReactNode } from 'react';
import { availabilityRows, type ShopRef } from '../../lib/catalogue/variants';
import { useSelectedVariant } from './shared/use-selected-variant';

export type AvailabilityProps = {
	initialId: string;
	productSlug: string;
	shops: ShopRef[];
	variants: { id: string; label: string; stock: Record<string, number> }[];
	/** Static HTML under the table: whether each shop is open now (OpenNow.astro). */
	children?: ReactNode;
};

/** Link to the contact form with the product, variant and shop filled in (docs/contact.md). */
function reserveHref(productSlug: string, variantId: string, shopId: string): string {
	const params = new URLSearchParams({
		prodotto: productSlug,
		variante: variantId,
		negozio: shopId,
	});
	return `/contatti?${params.toString()}#modulo`;
}

/**
 * 'Disponibile nei nostri negozi': pieces per shop and in total for the selected variant, and
 * 'Prenota in negozio' for the first shop that has it.
 */
export default function Availability({
	initialId,
	productSlug,
	shops,
	variants,
	children,
}: AvailabilityProps) {
	const selectedId = useSelectedVariant(initialId);
	const variant = variants.find((item) => item.id === selectedId) ?? variants[0];
	if (!variant) return null;
	const { rows, total, totalText } = availabilityRows(variant, shops);
	const firstShop = shops.find((shop) => (variant.stock[shop.id] ?? 0) > 0) ?? shops[0];

	return (
		<div className="space-y-4" data-availability>
			<section className="rounded-xl border border-zinc-200 p-5" aria-labelledby="disponibilita">
				<h2 id="disponibilita" className="text-lg font-bold text-night">
					Disponibile nei nostri negozi
				</h2>
				<p className="mt-1 text-sm text-ink-soft">{variant.label}</p>
				<dl className="mt-3 divide-y divide-zinc-200">
					{rows.map((row) => (
						<div key={row.shop} className="flex items-center justify-between gap-4 py-2">
							<dt className="font-medium">{row.shop}</dt>
							<dd className={row.count > 0 ? 'font-semibold text-green-800' : 'text-ink-soft'}>
								{row.text}
							</dd>
						</div>
					))}
					<div className="flex items-center justify-between gap-4 py-2">
						<dt className="font-bold">Totale disponibile</dt>
						<dd className="font-bold">{totalText}</dd>
					</div>
				</dl>
				{children}
			</section>
			{firstShop && (
				<a
					href={reserveHref(productSlug, variant.id, firstShop.id)}
					className="flex min-h-11 w-full items-center justify-center rounded-lg border-2 border-night px-6 py-2 font-semibold text-night transition-colors hover:bg-night hover:text-white"
				>
					{total > 0 ? 'Prenota in negozio' : 'Chiedi disponibilità'}
				</a>
			)}
		</div>
	);
}
