import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
	CONTACT_FIELDS,
	EMPTY_CONTACT,
	type ContactField,
	type ContactInput,
} from '~/lib/messages/message-schema';
import {
	clearDraft,
	keptSubmissionKey,
	newSubmissionKey,
	readDraft,
	writeDraft,
	type DraftStorage,
} from '~/lib/messages/draft';
import { mergeReservation } from '~/lib/messages/reservation';

/** localStorage, or null where the browser refuses it (private mode, blocked storage). */
export function browserStorage(): DraftStorage | null {
	try {
		return window.localStorage;
	} catch {
		return null;
	}
}

/**
 * What the visitor typed into the server-rendered form before it hydrated, so that hydration
 * keeps it instead of resetting the fields to the island's empty state.
 */
function typedIntoForm(form: HTMLFormElement | null): Partial<ContactInput> {
	const typed: Partial<ContactInput> = {};
	if (!form) return typed;
	for (const field of CONTACT_FIELDS) {
		const element = form.elements.namedItem(field);
		if (field === 'privacy') {
			if (element instanceof HTMLInputElement && element.checked) typed.privacy = true;
		} else if (
			(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
			element.value !== ''
		) {
			typed[field] = element.value;
		}
	}
	return typed;
}

/**
 * The form's values and their draft in localStorage (`draft.ts`), with the submission key of
 * this message, kept until it is sent or the visitor changes it. On hydration the values are
 * the stored draft and, over it, whatever the visitor typed into the server's form already.
 */
export function useDraft(formRef: RefObject<HTMLFormElement | null>) {
	const [values, setValues] = useState<ContactInput>(EMPTY_CONTACT);
	const submissionKey = useRef<string | undefined>(undefined);

	useEffect(() => {
		const stored = readDraft(browserStorage());
		const { submissionKey: _key, ...draft } = stored;
		// On a slow phone the visitor may have started typing into the server's form already.
		const typed = typedIntoForm(formRef.current);
		submissionKey.current = keptSubmissionKey(stored, typed);
		setValues((current) => ({ ...current, ...draft, ...typed }));
	}, [formRef]);

	/** Sets one field and keeps the draft; returns the new values. */
	function change(field: ContactField, value: string | boolean): ContactInput {
		const next = { ...values, [field]: value };
		setValues(next);
		// A changed message is a new message: it gets a key of its own when it is sent. The
		// privacy box, asked again for each sending, changes nothing of the message.
		if (field !== 'privacy') submissionKey.current = undefined;
		writeDraft(browserStorage(), { ...next, submissionKey: submissionKey.current });
		return next;
	}

	/** Puts a reservation's text at the start of the message (`mergeReservation`). */
	const addReservation = useCallback((text: string) => {
		setValues((current) => {
			const message = mergeReservation(current.message, text);
			// A request added to a message sent before makes it a new one.
			if (message !== current.message) submissionKey.current = undefined;
			return { ...current, message };
		});
	}, []);

	/**
	 * The key this sending goes with, kept with the draft: sent again, even from another visit,
	 * this message is stored once.
	 */
	function keyForSending(): string {
		const key = (submissionKey.current ??= newSubmissionKey());
		writeDraft(browserStorage(), { ...values, submissionKey: key });
		return key;
	}

	/** The message was sent: an empty form and no draft. */
	function clear() {
		setValues(EMPTY_CONTACT);
		submissionKey.current = undefined;
		clearDraft(browserStorage());
	}

	return { values, change, addReservation, keyForSending, clear };
}
