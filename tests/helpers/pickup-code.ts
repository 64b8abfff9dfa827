import { PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH } from '../../src/lib/pickup/code';

const CODE = new RegExp(`^[${PICKUP_CODE_ALPHABET}]{${PICKUP_CODE_LENGTH}}$`);

/** True for a well-formed pickup code: what the tests expect of every code the site hands out. */
export function isPickupCode(value: unknown): value is string {
	return typeof value === 'string' && CODE.test(value);
}
