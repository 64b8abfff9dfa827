import { describe, expect, it } from 'vitest';
import {
	CONTACT_ERRORS,
	CONTACT_LENGTH_ERRORS,
	HONEYPOT_FIELD,
	SUBMISSION_KEY_FIELD,
} from '../../../../src/lib/messages/message-schema';
import { PICKUP_DAY_ERRORS } from '../../../../src/lib/reservations/days';
import { PICKUP_LIST_ERRORS, pickupItemErrors } from '../../../../src/lib/reservations/items';
import { parsePickupRequest, PICKUP_SHOP_ERROR } from '../../../../src/lib/reservations/request';
import { lookupProduct, PICKUP_SHOPS } from '../../../fixtures/pickup';
import { WHEY_LINE } from '../../../fixtures/reservations';

/** Thursday 26 November 2026, 11:00 in Rome. */
const NOW = new Date('2026-11-26T10:00:00Z');
const CONTEXT = { shops: PICKUP_SHOPS, product: lookupProduct, now: NOW };

const VALID = Object.freeze({
	shopId: 'torino',
	day: '2026-11-27',
	items: [{ productId: 'whey-concentrate-80', variantId: 'cioccolato-2-kg', quantity: 2 }],
	name: '  Mario Rossi ',
	email: 'mario.rossi@example.it ',
	phone: '+39 011 123 4567',
	privacy: true,
});

describe('parsePickupRequest', () => {
	it('accepts a valid body, trimmed, with the shop and prices of the build', () => {
		const result = parsePickupRequest(
			{ ...VALID, [SUBMISSION_KEY_FIELD]: 'k'.repeat(20) },
			CONTEXT,
		);
		expect(result).toEqual({
			ok: true,
			spam: false,
			submissionKey: 'k'.repeat(20),
			reservation: {
				shop: PICKUP_SHOPS[0],
				day: '2026-11-27',
				lines: [WHEY_LINE],
				totalCents: 10980,
				indexes: [0],
				name: 'Mario Rossi',
				email: 'mario.rossi@example.it',
				phone: '+39 011 123 4567',
			},
		});
	});

	it('marks a body with the hidden field filled as spam, and ignores a malformed key', () => {
		const result = parsePickupRequest(
			{ ...VALID, [HONEYPOT_FIELD]: 'http://spam', [SUBMISSION_KEY_FIELD]: 'short' },
			CONTEXT,
		);
		expect(result.ok && [result.spam, result.submissionKey]).toEqual([true, undefined]);
	});

	it.each([
		{ name: 'no shop', change: { shopId: undefined }, fields: { shopId: PICKUP_SHOP_ERROR } },
		{
			name: 'an unknown shop',
			change: { shopId: 'milano' },
			fields: { shopId: PICKUP_SHOP_ERROR },
		},
		{ name: 'a shop as a number', change: { shopId: 1 }, fields: { shopId: PICKUP_SHOP_ERROR } },
		{ name: 'no day', change: { day: undefined }, fields: { day: PICKUP_DAY_ERRORS.invalid } },
		{
			name: 'a day that does not exist',
			change: { day: '2026-02-30' },
			fields: { day: PICKUP_DAY_ERRORS.invalid },
		},
		{ name: 'yesterday', change: { day: '2026-11-25' }, fields: { day: PICKUP_DAY_ERRORS.past } },
		{ name: 'a Sunday', change: { day: '2026-11-29' }, fields: { day: PICKUP_DAY_ERRORS.closed } },
		{
			name: 'a Monday at Aosta',
			change: { shopId: 'aosta', day: '2026-11-30' },
			fields: { day: PICKUP_DAY_ERRORS.closed },
		},
		{
			name: 'two months ahead',
			change: { day: '2027-01-26' },
			fields: { day: PICKUP_DAY_ERRORS.tooFar },
		},
		{ name: 'no items', change: { items: [] }, fields: { items: PICKUP_LIST_ERRORS.empty } },
		{ name: 'a short name', change: { name: 'Al' }, fields: { name: CONTACT_ERRORS.name } },
		{
			name: 'a long name',
			change: { name: 'M'.repeat(101) },
			fields: { name: CONTACT_LENGTH_ERRORS.name },
		},
		{
			name: 'a list of addresses',
			change: { email: 'a@b.it,c@d.it' },
			fields: { email: CONTACT_ERRORS.email },
		},
		{
			name: 'a phone with letters',
			change: { phone: 'chiamami' },
			fields: { phone: CONTACT_ERRORS.phone },
		},
		{
			name: 'privacy not accepted',
			change: { privacy: false },
			fields: { privacy: CONTACT_ERRORS.privacy },
		},
		{ name: 'privacy as text', change: { privacy: 'on' }, fields: {} },
	])('$name', ({ change, fields }) => {
		const result = parsePickupRequest({ ...VALID, ...change }, CONTEXT);
		if (Object.keys(fields).length === 0) {
			expect(result.ok).toBe(true);
			return;
		}
		expect(result).toEqual({ ok: false, fields, items: [] });
	});

	it('reports the fields and the items at once', () => {
		const result = parsePickupRequest(
			{
				...VALID,
				shopId: 'aosta',
				items: [{ productId: 'whey-concentrate-80', variantId: 'vaniglia-2-kg', quantity: 0 }],
				email: '',
			},
			CONTEXT,
		);
		expect(result).toEqual({
			ok: false,
			fields: { email: CONTACT_ERRORS.email },
			items: [
				{
					index: 0,
					productId: 'whey-concentrate-80',
					variantId: 'vaniglia-2-kg',
					error: pickupItemErrors.quantity('Whey Concentrate 80 – Vaniglia – 2 kg'),
				},
			],
		});
	});

	it('refuses a body with no field at all, naming each', () => {
		const result = parsePickupRequest({}, CONTEXT);
		expect(result.ok ? [] : Object.keys(result.fields).sort()).toEqual(
			['email', 'items', 'name', 'phone', 'privacy', 'shopId'].sort(),
		);
	});
});
