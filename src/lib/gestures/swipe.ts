/**
 * Horizontal distance, in pixels, that counts as a swipe (docs/shops.md): the lightbox moves to the
 * next photo, a toast is dismissed.
 */
export const SWIPE_THRESHOLD = 50;
