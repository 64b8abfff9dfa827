/**
 * The tokens of customer links (src/lib/reservations/customer-link.ts): drawn from the operating
 * system's source of randomness, and stored only as their SHA-256, so that reading the database
 * (a backup, a stolen copy) opens no reservation.
 */
import { createHash, randomBytes } from 'node:crypto';

/** Random bytes of a token: 192 bits, 32 base64url characters. */
const TOKEN_BYTES = 24;

/** A new token. */
export function newCustomerToken(): string {
	return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, in hex. */
export function hashCustomerToken(token: string): string {
	return createHash('sha256').update(token, 'utf8').digest('hex');
}
