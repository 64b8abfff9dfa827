import { describe, expect, it } from 'vitest';
import { CONTACT_ERRORS } from '../../../../src/lib/messages/message-schema';
import type { PickupLine } from '../../../../src/lib/reservations/list';
import {
	firstPickupError,
	hasPickupErrors,
	PICKUP_FIELD_ERRORS,
	pickupBody,
	validatePickup,
	type PickupForm,
} from '../../../../src/lib/reservations/form';

/** The reservation's checks in the browser, and the body it sends. */

const FORM: PickupForm = {
	shopId: 'torino',
	day: '2026-11-27',
	name: 'Giulia Bianchi',
	email: 'giulia@example.it',
	phone: '+39 333 1234567',
	privacy: true,
};
const CONTEXT = {
	shopIds: ['torino', 'aosta'],
	days: ['2026-11-27', '2026-11-28'],
	lineCount: 2,
	lines: {},
};
const LINE: PickupLine = {
	productId: 'creatina-monoidrato',
	url: '/prodotti/aminoacidi-e-creatina/creatina-monoidrato',
	name: 'Creatina',
	brand: 'Vigor Sport',
	variantId: '300-g',
	variantLabel: '300 g',
	imageUrl: '',
	priceCents: 1990,
	quantity: 2,
};

describe('validatePickup', () => {
	it('accepts a complete reservation', () => {
		const errors = validatePickup(FORM, CONTEXT);
		expect(errors).toEqual({ fields: {}, lines: {} });
		expect(hasPickupErrors(errors)).toBe(false);
	});

	it.each<[string, Partial<PickupForm>, Partial<typeof CONTEXT>, Record<string, string>]>([
		['no shop', { shopId: '' }, {}, { shopId: PICKUP_FIELD_ERRORS.shopId }],
		['a shop the site has not', { shopId: 'roma' }, {}, { shopId: PICKUP_FIELD_ERRORS.shopId }],
		['no day', { day: '' }, {}, { day: PICKUP_FIELD_ERRORS.day }],
		['a day the shop is closed', { day: '2026-11-29' }, {}, { day: PICKUP_FIELD_ERRORS.day }],
		['an empty list', {}, { lineCount: 0 }, { items: PICKUP_FIELD_ERRORS.items }],
		[
			'a line the shop cannot give',
			{},
			{ lines: { 'a/b': 'Esaurito' } },
			{ items: PICKUP_FIELD_ERRORS.lines },
		],
		['a short name', { name: 'Al' }, {}, { name: CONTACT_ERRORS.name }],
		['a wrong e-mail', { email: 'giulia@' }, {}, { email: CONTACT_ERRORS.email }],
		['a wrong phone', { phone: 'abc' }, {}, { phone: CONTACT_ERRORS.phone }],
		['privacy not accepted', { privacy: false }, {}, { privacy: CONTACT_ERRORS.privacy }],
	])('%s', (_name, change, context, fields) => {
		const errors = validatePickup({ ...FORM, ...change }, { ...CONTEXT, ...context });
		expect(errors.fields).toEqual(fields);
		expect(hasPickupErrors(errors)).toBe(true);
	});

	it('focuses the first field in the page’s order', () => {
		const errors = validatePickup(
			{ ...FORM, day: '', email: '', privacy: false },
			{ ...CONTEXT, lineCount: 0 },
		);
		expect(firstPickupError(errors)).toBe('items');
		expect(firstPickupError({ fields: {}, lines: { 'a/b': 'x' } })).toBeUndefined();
	});
});

describe('pickupBody', () => {
	it('sends items without prices, with the key and the anti-spam field', () => {
		expect(pickupBody(FORM, [LINE], '', 'b6f1c2a4-9d3e-4f5a-8b7c-0123456789ab')).toEqual({
			shopId: 'torino',
			day: '2026-11-27',
			items: [{ productId: 'creatina-monoidrato', variantId: '300-g', quantity: 2 }],
			name: 'Giulia Bianchi',
			email: 'giulia@example.it',
			phone: '+39 333 1234567',
			privacy: true,
			submissionKey: 'b6f1c2a4-9d3e-4f5a-8b7c-0123456789ab',
			extra_info: '',
		});
	});
});
