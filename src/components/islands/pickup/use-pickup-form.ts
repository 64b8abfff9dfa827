import { useEffect, useState } from 'react';
import {
	clearPickupDraft,
	pickupFingerprint,
	readPickupDraft,
	submissionKeyFor,
	writePickupDraft,
	type PickupDraft,
} from '~/lib/reservations/draft';
import type { PickupForm } from '~/lib/reservations/form';
import type { PickupRequestBody } from '~/lib/reservations/types';
import { browserStorage } from '../contact/use-draft';

const EMPTY_FORM: PickupForm = {
	shopId: '',
	day: '',
	name: '',
	email: '',
	phone: '',
	privacy: false,
};

/** The draft of a form, with the key and fingerprint of the last sending kept as they are. */
function draftOf(form: PickupForm, stored: PickupDraft): PickupDraft {
	const { privacy: _privacy, ...fields } = form;
	return { ...fields, submissionKey: stored.submissionKey, fingerprint: stored.fingerprint };
}

/**
 * The pickup form's values and their draft in localStorage (lib/reservations/draft.ts): read when the
 * island mounts (the shop is the draft's, else the first), kept at every change, and the
 * submission key of each sending, the same for the same reservation sent again.
 */
export function usePickupForm(shopIds: readonly string[]) {
	const [form, setForm] = useState<PickupForm>(EMPTY_FORM);

	useEffect(() => {
		const {
			submissionKey: _key,
			fingerprint: _print,
			...draft
		} = readPickupDraft(browserStorage());
		const shopId = shopIds.includes(draft.shopId) ? draft.shopId : (shopIds[0] ?? '');
		setForm({ ...EMPTY_FORM, ...draft, shopId });
	}, [shopIds]);

	/** Sets one field and keeps the draft; returns the new values. */
	function change<Field extends keyof PickupForm>(field: Field, value: PickupForm[Field]) {
		const next = { ...form, [field]: value };
		setForm(next);
		const storage = browserStorage();
		writePickupDraft(storage, draftOf(next, readPickupDraft(storage)));
		return next;
	}

	/** The key this reservation goes with, kept with the draft with the reservation's fingerprint. */
	function keyForSending(body: PickupRequestBody): string {
		const storage = browserStorage();
		const stored = readPickupDraft(storage);
		const fingerprint = pickupFingerprint(body);
		const submissionKey = submissionKeyFor(stored, fingerprint);
		writePickupDraft(storage, { ...draftOf(form, stored), submissionKey, fingerprint });
		return submissionKey;
	}

	/** The reservation is confirmed: no draft. */
	function clear() {
		clearPickupDraft(browserStorage());
	}

	return { form, change, keyForSending, clear };
}
