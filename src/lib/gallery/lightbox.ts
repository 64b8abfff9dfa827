/**
 * Pure rules of the photo lightbox (docs/shops.md): navigation wraps
 * around, the counter reads 'n / total', the photos next to the one shown are preloaded and a
 * horizontal swipe of at least 50 px changes photo.
 */
import { SWIPE_THRESHOLD } from '../gestures/swipe';

/** One photo of a lightbox group: the full-size image and its intrinsic size. */
export type LightboxPhoto = {
	src: string;
	alt: string;
	width: number;
	height: number;
};

export type SwipeDirection = 'next' | 'previous';

/** `index` brought into 0…total-1, wrapping around at both ends. */
export function wrapIndex(index: number, total: number): number {
	if (total <= 0) return 0;
	return ((index % total) + total) % total;
}

/** The photo after `index`: the first one after the last. */
export function nextIndex(index: number, total: number): number {
	return wrapIndex(index + 1, total);
}

/** The photo before `index`: the last one before the first. */
export function previousIndex(index: number, total: number): number {
	return wrapIndex(index - 1, total);
}

/** The visible counter, 1-based: '3 / 6'. */
export function counterText(index: number, total: number): string {
	return `${wrapIndex(index, total) + 1} / ${total}`;
}

/** What a screen reader hears when a photo is shown: 'Foto 3 di 6: <alt>'. */
export function photoAnnouncement(index: number, total: number, alt: string): string {
	const position = `Foto ${wrapIndex(index, total) + 1} di ${total}`;
	return alt ? `${position}: ${alt}` : position;
}

/** Indexes of the photos to preload while `index` is shown: the next one, then the previous. */
export function neighboursToPreload(index: number, total: number): number[] {
	const current = wrapIndex(index, total);
	const neighbours = [nextIndex(current, total), previousIndex(current, total)];
	return [...new Set(neighbours)].filter((neighbour) => neighbour !== current);
}

/**
 * The photo a finished swipe leads to. `dx` and `dy` are the pointer's movement from where it
 * went down: leftwards (negative dx) shows the next photo, rightwards the previous one. Shorter
 * than the threshold, or more vertical than horizontal, is no swipe.
 */
export function swipeDirection(
	dx: number,
	dy = 0,
	threshold = SWIPE_THRESHOLD,
): SwipeDirection | null {
	if (Math.abs(dx) < threshold || Math.abs(dy) > Math.abs(dx)) return null;
	return dx < 0 ? 'next' : 'previous';
}

/** Width of the page's vertical scrollbar, to pad for while scrolling is locked. */
export function scrollbarWidth(windowWidth: number, documentWidth: number): number {
	return Math.max(0, windowWidth - documentWidth);
}
