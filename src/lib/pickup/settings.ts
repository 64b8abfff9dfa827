/**
 * What /api/ritiro.json publishes (docs/pickup.md): the company name, how long reservations are
 * held and the shops as a reservation needs them. Built at build time from the content (pure: the
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

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A shop of a parsed /api/ritiro.json, or null when a field is missing or of another type. */
function toPickupShop(value: unknown): PickupShop | null {
	if (!isObject(value) || !isObject(value['hours'])) return null;
	const { id, name, shortName, address, phone, email } = value;
	if (![id, name, shortName, address, phone, email].every(isText)) return null;
	const hours: PickupShop['hours'] = {};
	for (const day of WEEKDAYS) {
		const ranges = value['hours'][day];
		if (!Array.isArray(ranges) || !ranges.every(isText)) return null;
		hours[day] = ranges;
	}
	return {
		id: id as string,
		name: name as string,
		shortName: shortName as string,
		address: address as string,
		phone: phone as string,
		email: email as string,
		hours,
	};
}

/**
 * The settings of a parsed /api/ritiro.json, checked field by field (the server reads the file
 * of the build it serves), or null when it is not what pickupSettings() writes.
 */
export function toPickupSettings(value: unknown): PickupSettings | null {
	if (!isObject(value) || !Array.isArray(value['shops'])) return null;
	const { companyName, holdDays } = value;
	if (!isText(companyName) || typeof holdDays !== 'number' || !Number.isSafeInteger(holdDays)) {
		return null;
	}
	const shops = value['shops'].map(toPickupShop);
	if (shops.some((shop) => shop === null)) return null;
	return { companyName, holdDays, shops: shops as PickupShop[] };
}
