import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../fixtures/storage';
import {
	clearDraft,
	DRAFT_KEY,
	emptyDraft,
	keptSubmissionKey,
	newSubmissionKey,
	readDraft,
	writeDraft,
	type DraftStorage,
} from '../../../../src/lib/messages/draft';
import { isSubmissionKey } from '../../../../src/lib/messages/message-schema';

/** A storage that refuses everything, as in some private modes. */
const brokenStorage: DraftStorage = {
	getItem: () => {
		throw new Error('SecurityError');
	},
	setItem: () => {
		throw new Error('QuotaExceededError');
	},
	removeItem: () => {
		throw new Error('SecurityError');
	},
};

const DRAFT = { name: 'Mario', email: 'mario@example.it', phone: '011', message: 'Ciao' };

describe('contact draft', () => {
	it('is namespaced', () => {
		expect(DRAFT_KEY).toBe('vigorsport:contact-draft');
	});

	it('survives a write and a read, without the privacy box', () => {
		const storage = memoryStorage();
		writeDraft(storage, { ...DRAFT, privacy: true } as typeof DRAFT);
		expect(JSON.parse(storage.data.get(DRAFT_KEY) ?? '')).toEqual(DRAFT);
		expect(readDraft(storage)).toEqual(DRAFT);
	});

	it('keeps the submission key of a sent draft, and drops a malformed one', () => {
		const storage = memoryStorage();
		const submissionKey = newSubmissionKey();
		writeDraft(storage, { ...DRAFT, submissionKey });
		expect(readDraft(storage)).toEqual({ ...DRAFT, submissionKey });
		writeDraft(storage, DRAFT);
		expect(readDraft(storage)).toEqual(DRAFT);
		storage.data.set(DRAFT_KEY, JSON.stringify({ ...DRAFT, submissionKey: '<script>' }));
		expect(readDraft(storage)).toEqual(DRAFT);
	});

	it('keeps the key when what was typed before hydration matches the draft', () => {
		const submissionKey = newSubmissionKey();
		const draft = { ...DRAFT, submissionKey };
		expect(keptSubmissionKey(draft, {})).toBe(submissionKey);
		expect(keptSubmissionKey(draft, { name: DRAFT.name, privacy: true })).toBe(submissionKey);
		expect(keptSubmissionKey(draft, { message: `${DRAFT.message} e altro` })).toBeUndefined();
		expect(keptSubmissionKey(DRAFT, {})).toBeUndefined();
	});

	it('makes submission keys the server accepts, a new one each time', () => {
		const keys = new Set(Array.from({ length: 50 }, () => newSubmissionKey()));
		expect(keys.size).toBe(50);
		for (const key of keys) expect(isSubmissionKey(key)).toBe(true);
	});

	it('is removed when empty and when cleared', () => {
		const storage = memoryStorage({ [DRAFT_KEY]: JSON.stringify(DRAFT) });
		writeDraft(storage, emptyDraft());
		expect(storage.data.has(DRAFT_KEY)).toBe(false);
		writeDraft(storage, DRAFT);
		clearDraft(storage);
		expect(storage.data.has(DRAFT_KEY)).toBe(false);
	});

	it.each([
		['nothing stored', undefined],
		['not JSON', '{nome'],
		['JSON null', 'null'],
		['an array', '["Mario"]'],
		['a string', '"Mario"'],
	])('reads as empty: %s', (_, raw) => {
		const storage = memoryStorage(raw === undefined ? {} : { [DRAFT_KEY]: raw });
		expect(readDraft(storage)).toEqual(emptyDraft());
	});

	it('keeps only string fields it knows', () => {
		const storage = memoryStorage({
			[DRAFT_KEY]: JSON.stringify({ name: 'Mario', email: 42, privacy: true, extra: 'x' }),
		});
		expect(readDraft(storage)).toEqual({ ...emptyDraft(), name: 'Mario' });
	});

	it('works without storage, and with a storage that throws', () => {
		expect(readDraft(null)).toEqual(emptyDraft());
		expect(readDraft(brokenStorage)).toEqual(emptyDraft());
		expect(() => writeDraft(brokenStorage, DRAFT)).not.toThrow();
		expect(() => clearDraft(brokenStorage)).not.toThrow();
		expect(() => writeDraft(null, DRAFT)).not.toThrow();
	});
});
