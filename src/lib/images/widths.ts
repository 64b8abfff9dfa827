/**
 * The widths of the responsive pictures: one rule for ResponsiveImage.astro and the product
 * page's pictures (src/lib/content/pictures.ts). Pure.
 */

/** The product page's picture widths. */
export const PRODUCT_IMAGE_WIDTHS = [400, 640, 960] as const;

/**
 * The product cards' widths: those the product page also makes, so each product photo is
 * encoded once per width, not twice (at thousands of products, encoding is most of the build).
 */
export const CARD_IMAGE_WIDTHS = [400, 640] as const;

/**
 * The widths to encode for a source of `sourceWidth` pixels: those it can give without being
 * enlarged, else its own width; `largest` is the `src` fallback (the srcset's largest file, not
 * one more encoding at full size) and the intrinsic width.
 */
export function srcsetWidths(
	widths: readonly number[],
	sourceWidth: number,
): { widths: number[]; largest: number } {
	const usable = widths.filter((width) => width <= sourceWidth);
	const chosen = usable.length ? usable : [sourceWidth];
	return { widths: chosen, largest: Math.max(...chosen) };
}
