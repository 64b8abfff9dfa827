import type { ReactNode } from 'react';
import { totalPieces, variantLive } from '../../lib/catalogue/live-stock';
import type { ShopRef } from '../../lib/catalogue/variants';
import { LiveText, useLiveStock } from './shared/live-stock';
import { useSelectedVariant } from './shared/use-selected-variant';

export type AvailabilityProps = {
	initialId: string;
	productSlug: string;
	shops: ShopRef[];
	variants: { id: string; label: string }[];
	/** Static HTML under the table: whether each shop is open now (OpenNow.astro). */
	children?: ReactNode;
};

/** Link to the contact form with the product, variant and shop filled in (docs/messages.md). */
function reserveHref(productSlug: string, variantId: string, shopId: string): string {
	const params = new URLSearchParams({
		prodotto: productSlug,
		variante: variantId,
		negozio: shopId,
	});
	return `/contatti?${params.toString()}#modulo`;
}

/**
 * 'Disponibile nei nostri negozi': the pieces each shop has now of the selected variant, and in
 * total (the live figure, a placeholder until it arrives, or that it cannot be checked now), and
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
	const live = variantLive(useLiveStock(), productSlug, variant?.id ?? '');
	if (!variant) return null;
	const total = totalPieces(live);
	const firstShop =
		(live.kind === 'ready' && shops.find((shop) => (live.pieces[shop.id] ?? 0) > 0)) || shops[0];
	const spot = { live, productId: productSlug, variantId: variant.id };

	return (
		<div className="space-y-4" data-availability>
			<section className="rounded-xl border border-zinc-200 p-5" aria-labelledby="disponibilita">
				<h2 id="disponibilita" className="text-lg font-bold text-night">
					Disponibile nei nostri negozi
				</h2>
				<p className="mt-1 text-sm text-ink-soft">{variant.label}</p>
				<dl className="mt-3 divide-y divide-zinc-200">
					{shops.map((shop) => (
						<div key={shop.id} className="flex items-center justify-between gap-4 py-2">
							<dt className="font-medium">{shop.shortName}</dt>
							<dd>
								<LiveText
									kind="shop-row"
									shopId={shop.id}
									{...spot}
									className="text-ink-soft data-[tone=in]:font-semibold data-[tone=in]:text-green-800"
								/>
							</dd>
						</div>
					))}
					<div className="flex items-center justify-between gap-4 py-2">
						<dt className="font-bold">Totale disponibile</dt>
						<dd className="font-bold">
							<LiveText kind="total" {...spot} />
						</dd>
					</div>
				</dl>
				<p className="mt-1 min-h-10 text-sm text-ink-soft">
					<LiveText kind="note" {...spot} />
				</p>
				{children}
			</section>
			{firstShop && (
				<a
					href={reserveHref(productSlug, variant.id, firstShop.id)}
					className="flex min-h-11 w-full items-center justify-center rounded-lg border-2 border-night px-6 py-2 font-semibold text-night transition-colors hover:bg-night hover:text-white"
				>
					{total !== null && total > 0 ? 'Prenota in negozio' : 'Chiedi disponibilità'}
				</a>
			)}
		</div>
	);
}
