/**
 * The contact form's rules (docs/messages.md), the one implementation shared by the form island and
 * by POST /api/contact. Plain functions rather than a zod schema: the island ships them to every
 * visitor of /contatti, and zod would add tens of kilobytes for five rules. Pure: no I/O, no DOM.
 */

/** The visible fields of the form, in the order they appear (and are focused on error). */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message', 'privacy'] as const;

/** A visible field of the form. */
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** What the visitor has typed, before validation. Defaults: empty strings, privacy false. */
export interface ContactInput {
	name: string;
	email: string;
	phone: string;
	message: string;
	privacy: boolean;
}

/** A message that passed every rule, with surrounding spaces removed. */
export interface ContactMessage {
	name: string;
	email: string;
	phone: string;
	message: string;
	privacy: true;
}

/** The error message of each field that breaks a rule. */
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The exact messages, shown in red under each field. */
export const CONTACT_ERRORS: Readonly<Record<ContactField, string>> = Object.freeze({
	name: 'Il nome deve essere di almeno 3 caratteri.',
	email: 'Inserisci un indirizzo email valido.',
	phone: 'Inserisci un numero di telefono valido.',
	message: 'Il messaggio deve essere di almeno 10 caratteri.',
	privacy: 'Devi accettare la Privacy Policy per continuare.',
});

/** The label of each field, on the form and in the server's HTML error page. */
export const CONTACT_LABELS: Readonly<Record<ContactField, string>> = Object.freeze({
	name: 'Nome e cognome',
	email: 'E-mail',
	phone: 'Telefono',
	message: 'Messaggio',
	privacy: 'Privacy Policy',
});

/**
 * Minimum lengths (docs/messages.md), in visible characters (`visibleLength`): three NUL bytes,
 * zero-width spaces or lone combining accents are not a name. A phone needs MIN_PHONE_DIGITS
 * digits besides, so it is never shorter than that.
 */
export const MIN_LENGTH = Object.freeze({ name: 3, phone: 6, message: 10 });

/** The fewest digits of a phone number: '-----' or '+()' is not one. */
export const MIN_PHONE_DIGITS = 6;

/** Longest e-mail address that mail servers accept (RFC 5321 path limit). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * Maximum lengths, in characters (code points) after trimming; the form's inputs carry the same
 * numbers as `maxLength`. The e-mail's is RFC 5321's.
 */
export const MAX_LENGTH = Object.freeze({
	name: 80,
	email: MAX_EMAIL_LENGTH,
	phone: 30,
	message: 5000,
});

/** The message of each maximum length. */
export const CONTACT_LENGTH_ERRORS: Readonly<Record<keyof typeof MAX_LENGTH, string>> =
	Object.freeze({
		name: 'Il nome può avere al massimo 80 caratteri.',
		email: "L'indirizzo email può avere al massimo 254 caratteri.",
		phone: 'Il numero di telefono può avere al massimo 30 caratteri.',
		message: 'Il messaggio può avere al massimo 5.000 caratteri.',
	});

/** Refused characters: control characters in a name, broken text (lone surrogates) anywhere. */
export const CONTACT_CHARACTER_ERRORS = Object.freeze({
	name: 'Il nome contiene caratteri non ammessi.',
	email: CONTACT_ERRORS.email,
	phone: CONTACT_ERRORS.phone,
	message: 'Il messaggio contiene caratteri non validi.',
});

/**
 * The hidden anti-spam field: people never see it, bots that fill every input do. A name that
 * browsers' autofill does not recognise, so a real visitor's browser never fills it either.
 */
export const HONEYPOT_FIELD = 'extra_info';

/** The empty form: empty texts, the privacy box unticked. */
export const EMPTY_CONTACT: Readonly<ContactInput> = Object.freeze({
	name: '',
	email: '',
	phone: '',
	message: '',
	privacy: false,
});

/**
 * The e-mail rule, the same for the browser and the server, the contact form and the
 * reservations: one @, a local part of letters, digits and `. ! # $ * + ^ _ { | } ~ -`, and a
 * domain of at least two labels. Commas, spaces and angle brackets are refused, so the address
 * can never be read as a list of recipients; and so are the characters mail servers would
 * accept but no real mailbox uses, which only serve tricks on a link built from the address:
 * `%` (an encoded character), `?`, `&`, `=` (a query: a Cc, a subject, a body), `/` and the
 * quotes `'`, `"` and `` ` ``.
 */
const EMAIL_PATTERN =
	/^[A-Za-z0-9.!#$*+^_{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * The characters of a name: letters of any script with their accents (combining marks), spaces,
 * apostrophes, hyphens and dots. No digits, no '@', ':' or '/': a name is shown to the shop and
 * must never carry a link or an address to someone who did not write it.
 */
const NAME_PATTERN = /^[\p{L}\p{M}\p{Zs}'’ʼ.\-‐‑]+$/u;

/** Letters, a dot, letters: a domain name ("evil.example", "www.sito.it"), not a name. */
const DOMAIN_LIKE = /\p{L}{2,}\.\p{L}{2,}/u;

/** The message of a name with other characters, or one that reads as a web address. */
export const NAME_SHAPE_ERROR =
	'Il nome può contenere solo lettere, spazi, apostrofi, trattini e punti (niente indirizzi web o e-mail).';

/** True when a name has only the characters of a name and does not read as a web address. */
export function isNameShaped(name: string): boolean {
	const text = name.trim();
	return NAME_PATTERN.test(text) && !DOMAIN_LIKE.test(text);
}

/** Digits, spaces and the signs people write in phone numbers: +39 (011) 123-45.67 / 8. */
const PHONE_PATTERN = /^[0-9+()./\s-]+$/;

/** Values of a checkbox that mean "checked": JSON true, or what an HTML form posts. */
const CHECKED = new Set(['true', 'on', '1', 'yes', 'si', 'sì']);

/** True for an address the form accepts (after trimming). */
export function isValidEmail(value: string): boolean {
	const email = value.trim();
	return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

/** Length in characters (code points), so an emoji counts once. */
function length(text: string): number {
	return [...text].length;
}

/**
 * Characters that take no room of their own: format characters (zero-width spaces and joiners,
 * the byte-order mark, bidi controls, the soft hyphen), control characters other than white
 * space, and non-spacing or enclosing combining marks (an accent that normalisation could not
 * join to a letter).
 */
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}]|(?![\t\n\v\f\r])\p{Cc}/gu;

/** Control characters (C0, DEL, C1) and bidi overrides and isolates: never in a name or phone. */
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** A UTF-16 surrogate without its other half: text that was broken before it arrived. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The number of characters a reader sees: NFC-normalised, invisible characters left out, runs
 * of white space counted as one, leading and trailing space not counted.
 */
export function visibleLength(text: string): number {
	const visible = text.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
	return length(visible);
}

/** True when a text holds a control character or a bidi override (see `CONTROL`). */
export function hasControlCharacter(text: string): boolean {
	return CONTROL.test(text);
}

/** True when a text holds half of a surrogate pair (not well-formed UTF-16). */
export function hasLoneSurrogate(text: string): boolean {
	return LONE_SURROGATE.test(text);
}

/**
 * The error of a text field: broken text, then the minimum length in visible characters, then
 * the maximum length in characters.
 */
function textError(
	field: 'name' | 'message',
	value: string,
	minimum: number,
	controls: boolean,
): string | undefined {
	if (hasLoneSurrogate(value) || (controls && hasControlCharacter(value))) {
		return CONTACT_CHARACTER_ERRORS[field];
	}
	if (visibleLength(value) < minimum) return CONTACT_ERRORS[field];
	// A form posted without JavaScript sends a textarea's line breaks as \r\n: count them once,
	// as the browser's maxLength does.
	if (length(value.trim().replace(/\r\n/g, '\n')) > MAX_LENGTH[field]) {
		return CONTACT_LENGTH_ERRORS[field];
	}
	return undefined;
}

/** The error of one field, or undefined when it follows its rule. */
export function validateContactField(field: ContactField, input: ContactInput): string | undefined {
	switch (field) {
		case 'name':
			return (
				textError('name', input.name, MIN_LENGTH.name, true) ??
				(isNameShaped(input.name) ? undefined : NAME_SHAPE_ERROR)
			);
		case 'email': {
			const email = input.email.trim();
			if (length(email) > MAX_LENGTH.email) return CONTACT_LENGTH_ERRORS.email;
			return isValidEmail(email) ? undefined : CONTACT_ERRORS.email;
		}
		case 'phone': {
			const phone = input.phone.trim();
			if (hasLoneSurrogate(phone) || hasControlCharacter(phone)) return CONTACT_ERRORS.phone;
			if (length(phone) > MAX_LENGTH.phone) return CONTACT_LENGTH_ERRORS.phone;
			const digits = phone.replace(/[^0-9]/g, '').length;
			const valid = digits >= MIN_PHONE_DIGITS && PHONE_PATTERN.test(phone);
			return valid ? undefined : CONTACT_ERRORS.phone;
		}
		case 'message':
			return textError('message', input.message, MIN_LENGTH.message, false);
		case 'privacy':
			return input.privacy ? undefined : CONTACT_ERRORS.privacy;
	}
}

/** Every field's error; an empty object when the input is valid. */
export function validateContact(input: ContactInput): ContactErrors {
	const errors: ContactErrors = {};
	for (const field of CONTACT_FIELDS) {
		const error = validateContactField(field, input);
		if (error) errors[field] = error;
	}
	return errors;
}

/** True when there is at least one error. */
export function hasErrors(errors: ContactErrors): boolean {
	return CONTACT_FIELDS.some((field) => errors[field] !== undefined);
}

/** A string field of an untrusted record: anything but a string counts as empty. */
function text(record: Record<string, unknown>, key: string): string {
	const value = record[key];
	return typeof value === 'string' ? value : '';
}

/**
 * The form's input from an untrusted record (a parsed JSON body or form fields): strings are
 * kept as they are, anything else becomes '' and fails its rule; privacy is checked by JSON
 * `true` or by the value an HTML checkbox posts.
 */
export function toContactInput(record: Record<string, unknown>): ContactInput {
	const privacy = record['privacy'];
	return {
		name: text(record, 'name'),
		email: text(record, 'email'),
		phone: text(record, 'phone'),
		message: text(record, 'message'),
		privacy:
			privacy === true || (typeof privacy === 'string' && CHECKED.has(privacy.toLowerCase())),
	};
}

/** True when the hidden anti-spam field holds anything. */
export function isHoneypotFilled(record: Record<string, unknown>): boolean {
	const value = record[HONEYPOT_FIELD];
	return value !== undefined && value !== null && value !== '' && value !== false;
}

/**
 * The field that carries the form's submission key: a random id the form makes when the visitor
 * sends a message and keeps with the draft until the shop has it. Sending the same draft again
 * (after a message queued offline went out with the tab closed, say) sends the same key, and the
 * server answers with the message it already has instead of storing it twice.
 */
export const SUBMISSION_KEY_FIELD = 'submissionKey';

/** What a submission key looks like: 16 to 64 letters, digits, '-' or '_' (a UUID fits). */
const SUBMISSION_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** True for a well-formed submission key. */
export function isSubmissionKey(value: unknown): value is string {
	return typeof value === 'string' && SUBMISSION_KEY.test(value);
}

/** The record's submission key when it is well-formed; anything else counts as none. */
export function submissionKeyOf(record: Record<string, unknown>): string | undefined {
	const key = record[SUBMISSION_KEY_FIELD];
	return isSubmissionKey(key) ? key : undefined;
}

/** The outcome of checking a submitted record. */
export type ContactParseResult =
	| { ok: true; message: ContactMessage; spam: boolean; submissionKey: string | undefined }
	| { ok: false; errors: ContactErrors };

/**
 * Checks an untrusted record with the five rules; a valid message comes back trimmed, with its
 * submission key when the record has a well-formed one (anything else counts as none: the key
 * only prevents duplicates, and a message is never refused for it).
 */
export function parseContact(record: Record<string, unknown>): ContactParseResult {
	const input = toContactInput(record);
	const errors = validateContact(input);
	if (hasErrors(errors)) return { ok: false, errors };
	return {
		ok: true,
		spam: isHoneypotFilled(record),
		submissionKey: submissionKeyOf(record),
		message: {
			name: input.name.trim(),
			email: input.email.trim(),
			phone: input.phone.trim(),
			message: input.message.trim(),
			privacy: true,
		},
	};
}
