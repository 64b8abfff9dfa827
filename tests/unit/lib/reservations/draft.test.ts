import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../fixtures/storage';
import {
	clearPickupDraft,
	emptyPickupDraft,
	PICKUP_DRAFT_KEY,
	pickupFingerprint,
	readPickupDraft,
	submissionKeyFor,
	writePickupDraft,
} from '../../../../src/lib/reservations/draft';
import type { PickupRequestBody } from '../../../../src/lib/reservations/types';

/** The pickup form's draft and the submission key of a reservation sent again. */

const KEY = 'b6f1c2a4-9d3e-4f5a-8b7c-0123456789ab';
const DRAFT = {
	shopId: 'aosta',
	day: '2026-11-28',
	name: 'Giulia Bianchi',
	email: 'giulia@example.it',
	phone: '333 1234567',
};
const BODY: PickupRequestBody = {
	...DRAFT,
	items: [{ productId: 'whey-concentrate-80', variantId: 'cioccolato-2-kg', quantity: 2 }],
	privacy: true,
	submissionKey: KEY,
	extra_info: '',
};

describe('pickup draft', () => {
	it('is namespaced, survives a write and a read, and is removed when cleared', () => {
		expect(PICKUP_DRAFT_KEY).toBe('vigorsport:lista-ritiro-dati');
		const storage = memoryStorage();
		writePickupDraft(storage, { ...DRAFT, submissionKey: KEY, fingerprint: 'abc' });
		expect(readPickupDraft(storage)).toEqual({ ...DRAFT, submissionKey: KEY, fingerprint: 'abc' });
		clearPickupDraft(storage);
		expect(storage.data.size).toBe(0);
	});

	it.each([
		['nothing stored', {}],
		['not JSON', { [PICKUP_DRAFT_KEY]: '{rotto' }],
		[
			'a key without its fingerprint',
			{ [PICKUP_DRAFT_KEY]: JSON.stringify({ submissionKey: KEY }) },
		],
		[
			'a malformed key',
			{ [PICKUP_DRAFT_KEY]: JSON.stringify({ submissionKey: '<x>', fingerprint: 'a' }) },
		],
	])('reads as empty: %s', (_name, initial) => {
		expect(readPickupDraft(memoryStorage(initial))).toEqual(emptyPickupDraft());
	});

	it('is not kept when every field is empty', () => {
		const storage = memoryStorage({ [PICKUP_DRAFT_KEY]: JSON.stringify(DRAFT) });
		writePickupDraft(storage, emptyPickupDraft());
		expect(storage.data.has(PICKUP_DRAFT_KEY)).toBe(false);
	});
});

describe('pickupFingerprint and submissionKeyFor', () => {
	const same = pickupFingerprint(BODY);

	it.each<[string, Partial<PickupRequestBody>, boolean]>([
		['the same reservation', {}, true],
		['spaces around the name', { name: ' Giulia Bianchi ' }, true],
		['another key, privacy, trap', { submissionKey: 'x', privacy: false, extra_info: 'y' }, true],
		['another shop', { shopId: 'torino' }, false],
		['another day', { day: '2026-11-30' }, false],
		['another quantity', { items: [{ ...BODY.items[0]!, quantity: 3 }] }, false],
		['another phone', { phone: '333 7654321' }, false],
	])('%s: same fingerprint %s', (_name, change, equal) => {
		expect(pickupFingerprint({ ...BODY, ...change }) === same).toBe(equal);
	});

	it('keeps the key of the same reservation and makes a new one otherwise', () => {
		const draft = { ...emptyPickupDraft(), submissionKey: KEY, fingerprint: same };
		expect(submissionKeyFor(draft, same)).toBe(KEY);
		expect(submissionKeyFor(draft, 'diverso')).not.toBe(KEY);
		expect(submissionKeyFor(emptyPickupDraft(), same)).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
	});
});
