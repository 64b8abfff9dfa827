import { useStore } from '@nanostores/react';
import { liveSpot, type SpotKind, type VariantLive } from '../../../lib/catalogue/live-stock';
import { $liveStock } from '../../../stores/live-stock';

/**
 * The live figure of the page (src/stores/live-stock.ts). Hydration renders what the server did
 * (the placeholder), even when the figure has arrived meanwhile; the figure follows right after.
 */
export function useLiveStock() {
	return useStore($liveStock, { ssr: 'initial' });
}

type LiveTextProps = {
	kind: SpotKind;
	live: VariantLive;
	productId: string;
	variantId: string;
	shopId?: string;
	className?: string;
};

/**
 * One place that shows the figure. Before its island hydrates, src/scripts/live-stock.ts may
 * already have written the figure into it: hydration keeps that text (suppressHydrationWarning,
 * this element only), and the next render writes the same one from the store.
 */
export function LiveText({ kind, live, productId, variantId, shopId, className }: LiveTextProps) {
	const { text, tone } = liveSpot(kind, live, shopId);
	return (
		<span
			data-live-stock={kind}
			data-product={productId}
			data-variant={variantId}
			data-shop={shopId}
			// Not known is the look without the attribute: the server's HTML (always not known yet)
			// leaves it out, bytes of the product page's first round trip.
			data-tone={tone === 'unknown' ? undefined : tone}
			className={className}
			suppressHydrationWarning
		>
			{text}
		</span>
	);
}
