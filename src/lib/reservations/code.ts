/**
 * The pickup code a customer shows at the counter (docs/reservations.md): 6 characters from an alphabet
 * without the ones people misread or mistype, neither 0/O, 1/I/L nor U/V: 30 characters, so
 * 30^6 ≈ 729 million codes. The store keeps codes unique (it draws again on a clash, inside the
 * transaction that stores the reservation). Pure but for the default source of randomness,
 * the Web Crypto API.
 */

/** Digits 2–9 and the letters A–Z less I, L, O and U. */
export const PICKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PICKUP_CODE_LENGTH = 6;

/** A random whole number from 0 to `size - 1`. */
export type RandomIndex = (size: number) => number;

/** Uniform over 0..size-1 from crypto random bytes (rejection sampling: no modulo bias). */
export const cryptoRandomIndex: RandomIndex = (size) => {
	const limit = 256 - (256 % size);
	const byte = new Uint8Array(1);
	for (;;) {
		crypto.getRandomValues(byte);
		const value = byte[0] ?? 0;
		if (value < limit) return value % size;
	}
};

/** A new pickup code. */
export function pickupCode(random: RandomIndex = cryptoRandomIndex): string {
	let code = '';
	for (let i = 0; i < PICKUP_CODE_LENGTH; i++) {
		code += PICKUP_CODE_ALPHABET[random(PICKUP_CODE_ALPHABET.length)] ?? '';
	}
	return code;
}

/** A code the store draws: the alphabet's characters, PICKUP_CODE_LENGTH of them. */
export const PICKUP_CODE_PATTERN = new RegExp(`^[${PICKUP_CODE_ALPHABET}]{${PICKUP_CODE_LENGTH}}$`);

/**
 * What staff type or scan looks like a code when it has its length in letters and digits: it is
 * looked up then (a misread character finds nothing and says so), and anything else is refused
 * before any look-up.
 */
const TYPED_CODE = new RegExp(`^[A-Z0-9]{${PICKUP_CODE_LENGTH}}$`);

/** A typed or scanned code, spaces trimmed and in capitals, or null when it cannot be one. */
export function pickupCodeOf(typed: string): string | null {
	const code = typed.trim().toUpperCase();
	return TYPED_CODE.test(code) ? code : null;
}
