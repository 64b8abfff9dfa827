/**
 * What /api/ritiro.json publishes (docs/reservations.md): the company name, how long reservations are
 * held and the shops as a reservation needs them. Built at build time from the content (pure: the
 * endpoint src/pages/api/ritiro.json.ts passes the settings and shops in), and read back by the
 * server at start-up (src/server/reservations/catalogue.ts) and by /lista-ritiro.
 */
import { formatAddress, type Address } from '../shops/address';
import { calendarFrom, parseDate, type Closure, type Opening } from '../shops/calendar';
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
		closures?: readonly Closure[];
		openings?: readonly Opening[];
		googleStoreCode?: string | undefined;
	};
}

/** The settings of /api/ritiro.json, shops in the order given (the editors' order). */
export function pickupSettings(
	settings: { companyName: string; pickupHoldDays: number },
	shops: readonly ShopContent[],
	/** The build's day in Rome: closures ended and openings past before it are left out. */
	today: string,
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
			...calendarParts(calendarFrom(data, today)),
			// The local inventory feed names the shop by it (docs/report.md).
			...(data.googleStoreCode ? { googleStoreCode: data.googleStoreCode } : {}),
		})),
	};
}

/** The closures and openings as the file writes them: copies, without absent notes and hours. */
function calendarParts(calendar: { closures: readonly Closure[]; openings: readonly Opening[] }) {
	return {
		closures: calendar.closures.map(({ from, to, note }) => ({
			from,
			to,
			...(note ? { note } : {}),
		})),
		openings: calendar.openings.map(({ date, hours }) => ({
			date,
			...(hours?.length ? { hours: [...hours] } : {}),
		})),
	};
}

const isDay = (value: unknown): value is string =>
	typeof value === 'string' && parseDate(value) !== null;

/** The closures of a parsed shop, or null when one is not what pickupSettings() writes. */
function toClosures(value: unknown): Closure[] | null {
	if (value === undefined) return [];
	if (!Array.isArray(value)) return null;
	const closures: Closure[] = [];
	for (const item of value as unknown[]) {
		if (!isObject(item) || !isDay(item['from']) || !isDay(item['to'])) return null;
		const note = item['note'];
		if (note !== undefined && typeof note !== 'string') return null;
		closures.push({ from: item['from'], to: item['to'], ...(note ? { note } : {}) });
	}
	return closures;
}

/** The openings of a parsed shop, or null when one is not what pickupSettings() writes. */
function toOpenings(value: unknown): Opening[] | null {
	if (value === undefined) return [];
	if (!Array.isArray(value)) return null;
	const openings: Opening[] = [];
	for (const item of value as unknown[]) {
		if (!isObject(item) || !isDay(item['date'])) return null;
		const hours = item['hours'];
		if (hours !== undefined && !(Array.isArray(hours) && hours.every(isText))) return null;
		openings.push({ date: item['date'], ...(hours ? { hours } : {}) });
	}
	return openings;
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
	const closures = toClosures(value['closures']);
	const openings = toOpenings(value['openings']);
	if (!closures || !openings) return null;
	const googleStoreCode = value['googleStoreCode'];
	if (googleStoreCode !== undefined && !isText(googleStoreCode)) return null;
	return {
		id: id as string,
		name: name as string,
		shortName: shortName as string,
		address: address as string,
		phone: phone as string,
		email: email as string,
		hours,
		closures,
		openings,
		...(googleStoreCode ? { googleStoreCode } : {}),
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
