/**
 * The check of a POST /api/prenotazioni body (docs/reservations.md), pure: the customer's name, e-mail,
 * phone and privacy box with the contact form's own rules and messages
 * (src/lib/messages/message-schema.ts), the shop (one of the build's), the day
 * (`pickupDayError` with that shop's calendar, in Rome time) and the items against the catalogue
 * (items.ts). The honeypot and the submission key are read as the contact form's are.
 */
import {
	isHoneypotFilled,
	submissionKeyOf,
	toContactInput,
	validateContactField,
} from '../messages/message-schema';
import { pickupDayError, PICKUP_DAY_ERRORS } from './days';
import {
	checkPickupItems,
	type PickupItemError,
	type ReservationLine,
	type ProductLookup,
} from './items';
import type { PickupField, PickupShop } from './types';

/** The customer's fields, checked with the contact form's rules. */
const PERSON_FIELDS = ['name', 'email', 'phone', 'privacy'] as const;

/** The Italian message of a missing or unknown shop. */
export const PICKUP_SHOP_ERROR = 'Scegli il negozio in cui ritirare i prodotti.';

/** What the checks need besides the body. */
export interface PickupRequestContext {
	/** The shops of the build (/api/ritiro.json). */
	shops: readonly PickupShop[];
	/** The products of the build, by id. */
	product: ProductLookup;
	now: Date;
}

/** A reservation that passed every check. */
export interface PickupReservation {
	shop: PickupShop;
	/** "YYYY-MM-DD". */
	day: string;
	lines: ReservationLine[];
	totalCents: number;
	/** Per line, its position in the items sent, to name it in a refusal. */
	indexes: number[];
	name: string;
	email: string;
	phone: string;
}

/** Field errors of a refused body. */
export type PickupFieldErrors = Partial<Record<PickupField, string>>;

/** The outcome of checking a body. */
export type PickupParseResult =
	| {
			ok: true;
			reservation: PickupReservation;
			spam: boolean;
			submissionKey: string | undefined;
	  }
	| { ok: false; fields: PickupFieldErrors; items: PickupItemError[] };

/** Checks an untrusted record (a parsed JSON body); every error comes back at once. */
export function parsePickupRequest(
	record: Record<string, unknown>,
	{ shops, product, now }: PickupRequestContext,
): PickupParseResult {
	const fields: PickupFieldErrors = {};
	const shopId = record['shopId'];
	const shop = shops.find((candidate) => candidate.id === shopId) ?? null;
	if (!shop) fields.shopId = PICKUP_SHOP_ERROR;
	else {
		const day = record['day'];
		const dayError =
			typeof day === 'string' ? pickupDayError(shop, now, day) : PICKUP_DAY_ERRORS.invalid;
		if (dayError) fields.day = dayError;
	}
	const items = checkPickupItems(record['items'], product);
	if (!items.ok && items.listError) fields.items = items.listError;
	const person = toContactInput(record);
	for (const field of PERSON_FIELDS) {
		const error = validateContactField(field, person);
		if (error) fields[field] = error;
	}
	if (!shop || !items.ok || Object.keys(fields).length > 0) {
		return { ok: false, fields, items: items.ok ? [] : items.items };
	}
	return {
		ok: true,
		spam: isHoneypotFilled(record),
		submissionKey: submissionKeyOf(record),
		reservation: {
			shop,
			day: record['day'] as string,
			lines: items.lines,
			totalCents: items.totalCents,
			indexes: items.indexes,
			name: person.name.trim(),
			email: person.email.trim(),
			phone: person.phone.trim(),
		},
	};
}
