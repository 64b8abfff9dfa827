/** A postal address as stored in a shop's content file. */
export interface Address {
	street: string;
	postcode: string;
	town: string;
	province: string;
}

/** "Corso Torino 85, 10090 Buttigliera Alta (TO)". */
export function formatAddress(address: Address): string {
	return `${address.street}, ${address.postcode} ${address.town} (${address.province})`;
}

/**
 * Directions to the shop in Google Maps, what Italian visitors use: on a phone the link opens
 * the maps app, elsewhere the web page (Maps URLs, api=1).
 */
export function directionsUrl(address: Address): string {
	return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatAddress(address))}`;
}
