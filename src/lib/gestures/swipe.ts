/**
 * Horizontal distance, in pixels, that counts as a swipe (SPEC §9): the lightbox moves to the
 * next photo, a toast is dismissed.
 */
export const SWIPE_THRESHOLD = 50;
