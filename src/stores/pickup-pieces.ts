import { atom } from 'nanostores';

/**
 * The pieces chosen in the product page's 'Pezzi' select: the box under the price and the bar at
 * the bottom of a phone's screen add the same number.
 */
export const $pickupPieces = atom(1);

/** Most pieces the product page offers at once; adding again adds more, up to the stock. */
export const MAX_AT_ONCE = 10;
