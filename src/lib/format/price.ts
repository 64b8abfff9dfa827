/** Prices: integer cents in code, Italian format on screen. */

const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** 3990 → "39,90 €" (with the non-breaking space Intl puts before the sign). */
export function formatPrice(cents: number): string {
	return EURO.format(cents / 100);
}

/** 3990 → "39.90", the decimal string schema.org offers expect. */
export function schemaPrice(cents: number): string {
	return (cents / 100).toFixed(2);
}
