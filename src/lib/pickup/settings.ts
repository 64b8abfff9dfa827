/**
 * What /api/ritiro.json publishes (issue 18): the company name, how long reservations are held
 * and the shops as a reservation needs them. Built at build time from the content (pure: the
 * endpoint src/pages/api/ritiro.json.ts passes the settings and shops in), and read back by the
 * server at start-up (src/server/pickup/catalogue.ts) and by /lista-ritiro.
 */
import { formatAddress, type Address } from '../shops/address';
import { WEEKDAYS } from '../shops/weekdays';
import type { PickupSettings, PickupShop } from './types';

/** A shop as its content file has it (the fields a reservation needs). */
export interface ShopContent {
	id: string;
	data: {
		name: string;
		shortName: string;
		address: Address;
		phone: string;
		email: string;
		hours: PickupShop['hours'];
	};
}

/** The settings of /api/ritiro.json, shops in the order given (the editors' order). */
export function pickupSettings(
	settings: { companyName: string; pickupHoldDays: number },
	shops: readonly ShopContent[],
): PickupSettings {
	return {
		companyName: settings.companyName,
		holdDays: settings.pickupHoldDays,
		shops: shops.map(({ id, data }) => ({
			id,
			name: data.name,
			shortName: data.shortName,
			address: formatAddress(data.address),
			phone: data.phone,
			email: data.email,
			// Every weekday, in order, closed days as [] (what pickupDays reads).
			hours: Object.fromEntries(WEEKDAYS.map((day) => [day, [...(data.hours[day] ?? [])]])),
		})),
	};
}
