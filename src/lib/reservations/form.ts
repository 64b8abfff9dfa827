/**
 * The reservation the pickup page sends (docs/reservations.md): what the visitor fills in, its checks in
 * the browser (the contact form's rules and messages for name, e-mail, phone and privacy), and
 * the JSON body of POST /api/prenotazioni (src/lib/reservations/types.ts), which the server checks
 * again (request.ts). Pure.
 */
import {
	EMPTY_CONTACT,
	HONEYPOT_FIELD,
	SUBMISSION_KEY_FIELD,
	validateContactField,
} from '../messages/message-schema';
import type { PickupLine } from './list';
import type { PickupField, PickupRequestBody } from './types';

/** What the visitor fills in. */
export interface PickupForm {
	shopId: string;
	day: string;
	name: string;
	email: string;
	phone: string;
	privacy: boolean;
}

/** The visitor's details, as the contact form asks them. */
export const PICKUP_CONTACT_FIELDS = ['name', 'email', 'phone', 'privacy'] as const;
export type PickupContactField = (typeof PICKUP_CONTACT_FIELDS)[number];

/** The fields in the order of the page, the order errors are focused in. */
export const PICKUP_FIELDS: readonly PickupField[] = [
	'shopId',
	'items',
	'day',
	...PICKUP_CONTACT_FIELDS,
];

/** Each field's error, and each line's (by its key). */
export interface PickupErrors {
	fields: Partial<Record<PickupField, string>>;
	lines: Record<string, string>;
}

export const NO_PICKUP_ERRORS: PickupErrors = Object.freeze({
	fields: Object.freeze({}),
	lines: Object.freeze({}),
});

/** The messages of the reservation's own fields. */
export const PICKUP_FIELD_ERRORS = Object.freeze({
	shopId: 'Scegli il negozio di ritiro.',
	day: 'Scegli il giorno di ritiro.',
	items: 'La lista ritiro è vuota: aggiungi almeno un prodotto.',
	lines: 'Alcuni prodotti non si possono ritirare come richiesto: controlla la lista.',
});

/** The error of one of the visitor's details, by the contact form's rules. */
export function contactFieldError(field: PickupContactField, form: PickupForm): string | undefined {
	return validateContactField(field, { ...EMPTY_CONTACT, ...form });
}

/**
 * Every field's error: a shop among those offered, a day among the shop's pickup days, at least
 * one line, and the visitor's details; `lines` are the lines' own errors (availability).
 */
export function validatePickup(
	form: PickupForm,
	{
		shopIds,
		days,
		lineCount,
		lines,
	}: {
		shopIds: readonly string[];
		days: readonly string[];
		lineCount: number;
		lines: Record<string, string>;
	},
): PickupErrors {
	const fields: PickupErrors['fields'] = {};
	if (!shopIds.includes(form.shopId)) fields.shopId = PICKUP_FIELD_ERRORS.shopId;
	if (lineCount === 0) fields.items = PICKUP_FIELD_ERRORS.items;
	else if (Object.keys(lines).length > 0) fields.items = PICKUP_FIELD_ERRORS.lines;
	if (!days.includes(form.day)) fields.day = PICKUP_FIELD_ERRORS.day;
	for (const field of PICKUP_CONTACT_FIELDS) {
		const error = contactFieldError(field, form);
		if (error) fields[field] = error;
	}
	return { fields, lines };
}

/** True when there is any error. */
export function hasPickupErrors(errors: PickupErrors): boolean {
	return Object.keys(errors.fields).length > 0 || Object.keys(errors.lines).length > 0;
}

/** The first field with an error, in the page's order. */
export function firstPickupError(errors: PickupErrors): PickupField | undefined {
	return PICKUP_FIELDS.find((field) => errors.fields[field] !== undefined);
}

/** The JSON body of a reservation: no prices (the server reads its own), the key, the trap. */
export function pickupBody(
	form: PickupForm,
	lines: readonly PickupLine[],
	trap: string,
	submissionKey: string,
): PickupRequestBody {
	return {
		shopId: form.shopId,
		day: form.day,
		items: lines.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity })),
		name: form.name,
		email: form.email,
		phone: form.phone,
		privacy: form.privacy,
		[SUBMISSION_KEY_FIELD]: submissionKey,
		[HONEYPOT_FIELD]: trap,
	};
}
