import { PICKUP_CODE_PATTERN } from '../../src/lib/reservations/code';

/** True for a well-formed pickup code: what the tests expect of every code the site hands out. */
export function isPickupCode(value: unknown): value is string {
	return typeof value === 'string' && PICKUP_CODE_PATTERN.test(value);
}
