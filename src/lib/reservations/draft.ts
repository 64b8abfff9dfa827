/**
 * The pickup form's draft (docs/reservations.md): shop, day, name, e-mail and phone, kept in the
 * visitor's browser until a reservation is confirmed, as the contact form keeps its draft
 * (lib/messages/draft.ts). The privacy box is not kept: it is asked for each reservation.
 *
 * Once sent, the draft also keeps the reservation's submission key with a fingerprint of what
 * was sent: sending the same reservation again (after one queued offline went out with its tab
 * closed, say) sends the same key, and the server answers with the reservation it has; any
 * change to the list or the form makes a new reservation, with a new key. Pure: the storage is
 * passed in, and a missing, full or unreadable storage behaves as an empty one.
 */
import { STORAGE_PREFIX } from '../../site';
import { isSubmissionKey } from '../messages/message-schema';
import {
	newSubmissionKey,
	readStoredTexts,
	removeStored,
	writeStoredTexts,
	type DraftStorage,
} from '../messages/draft';
import type { PickupRequestBody } from './types';

/** The localStorage key of the draft. */
export const PICKUP_DRAFT_KEY = `${STORAGE_PREFIX}:lista-ritiro-dati`;

/** What the visitor fills in, but the privacy box. */
export const PICKUP_DRAFT_FIELDS = ['shopId', 'day', 'name', 'email', 'phone'] as const;
export type PickupDraftField = (typeof PICKUP_DRAFT_FIELDS)[number];

/** The draft: the fields, and the key and fingerprint of its last sending. */
export type PickupDraft = Record<PickupDraftField, string> & {
	submissionKey?: string | undefined;
	fingerprint?: string | undefined;
};

/** The empty draft. */
export function emptyPickupDraft(): PickupDraft {
	return { shopId: '', day: '', name: '', email: '', phone: '' };
}

/** The stored draft; empty when there is none or it cannot be read. */
export function readPickupDraft(storage: DraftStorage | null): PickupDraft {
	const { submissionKey, fingerprint, ...texts } = readStoredTexts(storage, PICKUP_DRAFT_KEY, [
		...PICKUP_DRAFT_FIELDS,
		'submissionKey',
		'fingerprint',
	]);
	return {
		...emptyPickupDraft(),
		...texts,
		...(isSubmissionKey(submissionKey) && fingerprint ? { submissionKey, fingerprint } : {}),
	};
}

/** Keeps the draft; an empty one is removed. Errors (quota, private mode) are ignored. */
export function writePickupDraft(storage: DraftStorage | null, draft: PickupDraft): void {
	writeStoredTexts(storage, PICKUP_DRAFT_KEY, { ...draft }, PICKUP_DRAFT_FIELDS);
}

/** Forgets the draft (after a confirmed reservation). */
export function clearPickupDraft(storage: DraftStorage | null): void {
	removeStored(storage, PICKUP_DRAFT_KEY);
}

/**
 * A short fingerprint of a reservation: shop, day, items and the visitor's details as sent
 * (spaces around them do not count), without the privacy box, the key or the anti-spam field.
 * FNV-1a, 32 bits, in hex: it only tells whether the same reservation is sent again.
 */
export function pickupFingerprint(body: PickupRequestBody): string {
	const text = JSON.stringify([
		body.shopId,
		body.day,
		body.items.map((item) => [item.productId, item.variantId, item.quantity]),
		body.name.trim(),
		body.email.trim(),
		body.phone.trim(),
	]);
	let hash = 0x811c9dc5;
	for (let index = 0; index < text.length; index += 1) {
		hash ^= text.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16).padStart(8, '0');
}

/**
 * The submission key of this sending: the draft's, when it was made for the same reservation;
 * else a new one.
 */
export function submissionKeyFor(draft: PickupDraft, fingerprint: string): string {
	return draft.submissionKey && draft.fingerprint === fingerprint
		? draft.submissionKey
		: newSubmissionKey();
}
