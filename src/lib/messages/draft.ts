/**
 * The contact form's draft, kept in the visitor's browser until the message is sent, so a
 * reload or a look at the privacy policy loses nothing. The privacy checkbox is not kept:
 * accepting it is an act the visitor makes for each message. Once the visitor has sent it, the
 * draft also keeps its submission key (message-schema.ts), so sending the same draft again never
 * reaches the shop twice. Pure: the storage is passed in, and a missing, full or unreadable
 * storage behaves as an empty one.
 */
import { STORAGE_PREFIX } from '../../site';
import { EMPTY_CONTACT, isSubmissionKey, type ContactInput } from './message-schema';

/** The localStorage key of the draft. */
export const DRAFT_KEY = `${STORAGE_PREFIX}:contact-draft`;

/** The fields a draft keeps, and the key of its sending once it has been sent. */
export type ContactDraft = Omit<ContactInput, 'privacy'> & { submissionKey?: string | undefined };

/** The storage methods the draft uses (window.localStorage has them). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const DRAFT_FIELDS = ['name', 'email', 'phone', 'message'] as const;

/** The empty draft. */
export function emptyDraft(): ContactDraft {
	const { privacy: _privacy, ...draft } = EMPTY_CONTACT;
	return draft;
}

/**
 * The string fields `fields` of the JSON object stored under `key`; anything else, and
 * anything unreadable, is left out. Shared with the pickup list's draft (lib/reservations/draft.ts).
 */
export function readStoredTexts<Field extends string>(
	storage: DraftStorage | null,
	key: string,
	fields: readonly Field[],
): Partial<Record<Field, string>> {
	let parsed: unknown;
	try {
		const raw = storage?.getItem(key);
		if (!raw) return {};
		parsed = JSON.parse(raw);
	} catch {
		return {};
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
	const record = parsed as Record<string, unknown>;
	const texts: Partial<Record<Field, string>> = {};
	for (const field of fields) {
		const value = record[field];
		if (typeof value === 'string') texts[field] = value;
	}
	return texts;
}

/**
 * Stores the texts under `key` as one JSON object, leaving out undefined ones; nothing at all
 * when every text of `visible` is empty. Errors (quota, private mode) are ignored.
 */
export function writeStoredTexts(
	storage: DraftStorage | null,
	key: string,
	texts: Readonly<Record<string, string | undefined>>,
	visible: readonly string[],
): void {
	try {
		if (visible.every((field) => !texts[field])) storage?.removeItem(key);
		else storage?.setItem(key, JSON.stringify(texts));
	} catch {
		// A draft is a convenience: without storage the form still works.
	}
}

/** Forgets what is stored under `key`; errors are ignored. */
export function removeStored(storage: DraftStorage | null, key: string): void {
	try {
		storage?.removeItem(key);
	} catch {
		// See writeStoredTexts.
	}
}

/** The stored draft; empty when there is none or it cannot be read. */
export function readDraft(storage: DraftStorage | null): ContactDraft {
	const { submissionKey, ...texts } = readStoredTexts(storage, DRAFT_KEY, [
		...DRAFT_FIELDS,
		'submissionKey',
	]);
	return {
		...emptyDraft(),
		...texts,
		...(isSubmissionKey(submissionKey) ? { submissionKey } : {}),
	};
}

/** Keeps the draft; an empty one is removed. Errors (quota, private mode) are ignored. */
export function writeDraft(storage: DraftStorage | null, input: ContactDraft): void {
	const draft: Record<string, string | undefined> = Object.fromEntries(
		DRAFT_FIELDS.map((field) => [field, input[field]]),
	);
	if (input.submissionKey) draft['submissionKey'] = input.submissionKey;
	writeStoredTexts(storage, DRAFT_KEY, draft, DRAFT_FIELDS);
}

/** Forgets the draft (after the message is sent). */
export function clearDraft(storage: DraftStorage | null): void {
	removeStored(storage, DRAFT_KEY);
}

/**
 * The submission key a stored draft still stands for, given what the visitor typed into the
 * server's form before it hydrated: none once any text differs from the draft's, as that is a
 * new message (the privacy box is no part of the message).
 */
export function keptSubmissionKey(
	draft: ContactDraft,
	typed: Partial<ContactInput>,
): string | undefined {
	const changed = DRAFT_FIELDS.some(
		(field) => typed[field] !== undefined && typed[field] !== draft[field],
	);
	return changed ? undefined : draft.submissionKey;
}

/** A new submission key: a random UUID (or as many random bits where randomUUID is missing). */
export function newSubmissionKey(): string {
	if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
	// randomUUID exists only on HTTPS pages and localhost; getRandomValues everywhere.
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
