import type { ReactNode } from 'react';
import { liveSpot, reserveHref, variantLive } from '../../lib/catalogue/live-stock';
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

/**
 * 'Disponibile nei nostri negozi': the pieces each shop has now of the selected variant, and in
 * total (the live figure, a placeholder until it arrives, or that it cannot be checked now), and
 * the link to the contact form under it: 'Prenota in negozio' for the first shop that has it,
 * 'Chiedi disponibilità' when none has. The link is one of the figure's places: before this
 * island hydrates, src/scripts/live-stock.ts writes its label and address with the figure's, and
 * the island draws the same from the same store (`liveSpot`, `reserveHref`).
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
	const spot = { live, productId: productSlug, variantId: variant.id };
	const shopIds = shops.map((shop) => shop.id);

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
			{shops.length > 0 && (
				// Before hydration the late script may have written its label and address already,
				// reading the product, the variant and the shops from the rows above: hydration keeps
				// them (this element only), the next render writes the same.
				<a
					href={reserveHref(live, productSlug, variant.id, shopIds)}
					data-live-stock="reserve"
					className="flex min-h-11 w-full items-center justify-center rounded-lg border-2 border-night px-6 py-2 font-semibold text-night transition-colors hover:bg-night hover:text-white"
					suppressHydrationWarning
				>
					{liveSpot('reserve', live).text}
				</a>
			)}
		</div>
	);
}
