/**
 * The frame of the product page's photo: as tall as the photo needs and never taller than
 * `--photo-max-h` (half the screen's height on a phone), its width following the photo's own
 * ratio, so no band is ever painted above, below or beside the photo. Pure.
 *
 * The width is capped by a class, not a `style` attribute (the Content-Security-Policy allows
 * none): one class per common ratio, the nearest one chosen. A photo of another ratio is at most
 * a few per cent off, and `max-h` on the photo itself still holds the height.
 */

/** Width over height, and the class that caps the frame's width at that ratio of its height. */
export const PHOTO_FRAMES = [
	{ ratio: 1 / 2, className: 'max-w-[calc(var(--photo-max-h)*0.5)]' },
	{ ratio: 2 / 3, className: 'max-w-[calc(var(--photo-max-h)*0.6667)]' },
	{ ratio: 3 / 4, className: 'max-w-[calc(var(--photo-max-h)*0.75)]' },
	{ ratio: 4 / 5, className: 'max-w-[calc(var(--photo-max-h)*0.8)]' },
	{ ratio: 1, className: 'max-w-[var(--photo-max-h)]' },
	{ ratio: 5 / 4, className: 'max-w-[calc(var(--photo-max-h)*1.25)]' },
	{ ratio: 4 / 3, className: 'max-w-[calc(var(--photo-max-h)*1.3333)]' },
	{ ratio: 3 / 2, className: 'max-w-[calc(var(--photo-max-h)*1.5)]' },
	{ ratio: 2, className: 'max-w-[calc(var(--photo-max-h)*2)]' },
] as const;

/**
 * The frame class for a photo of `width` × `height` pixels: the nearest ratio, compared on a
 * log scale (2:1 is as far from 1:1 as 1:2). A size that is not positive gets the square frame.
 */
export function photoFrameClass(width: number, height: number): string {
	const square = 'max-w-[var(--photo-max-h)]';
	if (!(width > 0 && height > 0) || !Number.isFinite(width / height)) return square;
	const wanted = Math.log(width / height);
	let best: { className: string; distance: number } = { className: square, distance: Infinity };
	for (const frame of PHOTO_FRAMES) {
		const distance = Math.abs(Math.log(frame.ratio) - wanted);
		if (distance < best.distance) best = { className: frame.className, distance };
	}
	return best.className;
}
