import { describe, expect, it } from 'vitest';
import {
	CONTACT_CHARACTER_ERRORS,
	CONTACT_ERRORS,
	CONTACT_LENGTH_ERRORS,
	MAX_LENGTH,
	NAME_SHAPE_ERROR,
	EMPTY_CONTACT,
	HONEYPOT_FIELD,
	SUBMISSION_KEY_FIELD,
	isValidEmail,
	parseContact,
	toContactInput,
	validateContact,
	validateContactField,
	visibleLength,
	type ContactField,
	type ContactInput,
} from '../../../../src/lib/messages/message-schema';

const VALID: ContactInput = {
	name: 'Mario Rossi',
	email: 'mario.rossi@example.it',
	phone: '+39 011 123 4567',
	message: 'Vorrei un consiglio sulle proteine.',
	privacy: true,
};

describe('the exact messages of each rule', () => {
	it('are exactly these', () => {
		expect(CONTACT_ERRORS).toMatchInlineSnapshot(`
			{
			  "email": "Inserisci un indirizzo email valido.",
			  "message": "Il messaggio deve essere di almeno 10 caratteri.",
			  "name": "Il nome deve essere di almeno 3 caratteri.",
			  "phone": "Inserisci un numero di telefono valido.",
			  "privacy": "Devi accettare la Privacy Policy per continuare.",
			}
		`);
	});

	it('are all shown for the empty form (defaults: empty strings, privacy false)', () => {
		expect(validateContact(EMPTY_CONTACT)).toEqual(CONTACT_ERRORS);
	});

	it('are none for a valid message', () => {
		expect(validateContact(VALID)).toEqual({});
	});
});

describe.each<[ContactField, string | boolean, boolean]>([
	['name', 'Al', false],
	['name', '  Al  ', false],
	['name', 'Ali', true],
	['name', ' Ugo ', true],
	['name', 'Zoë', true],
	['name', '😀😀', false],
	['email', '', false],
	['email', 'mario', false],
	['email', 'mario@', false],
	['email', 'mario@localhost', false],
	['email', 'mario rossi@example.it', false],
	['email', 'mario@example.it, altro@example.it', false],
	['email', 'mario@example..it', false],
	['email', 'Mario <mario@example.it>', false],
	['email', '"mario"@example.it', false],
	['email', 'mario@example.it', true],
	['email', ' mario.rossi+negozio@sub.example-shop.it ', true],
	['phone', '1234', false],
	['phone', 'abcde', false],
	// At least six digits: signs alone, or five digits, are not a phone number.
	['phone', '-----', false],
	['phone', '+()  ./ -', false],
	['phone', '12345', false],
	['phone', '011 12', false],
	['phone', '011 123', true],
	['phone', '+39 (011) 123-45.67', true],
	['phone', '123456', true],
	['message', 'Troppo co', false],
	['message', '   Ciao    ', false],
	['message', 'Dieci car.', true],
	['privacy', false, false],
	['privacy', true, true],
])('%s = %j', (field, value, valid) => {
	it(valid ? 'passes' : `fails with "${CONTACT_ERRORS[field]}"`, () => {
		const input = { ...VALID, [field]: value };
		expect(validateContactField(field, input)).toBe(valid ? undefined : CONTACT_ERRORS[field]);
		expect(validateContact(input)).toEqual(valid ? {} : { [field]: CONTACT_ERRORS[field] });
	});
});

describe('toContactInput', () => {
	it.each([
		[{ privacy: true }, true],
		[{ privacy: 'on' }, true],
		[{ privacy: 'true' }, true],
		[{ privacy: 'TRUE' }, true],
		[{ privacy: false }, false],
		[{ privacy: 'false' }, false],
		[{ privacy: 1 }, false],
		[{}, false],
	])('reads privacy from %j as %s', (record, expected) => {
		expect(toContactInput(record).privacy).toBe(expected);
	});

	it('turns anything but a string into an empty field', () => {
		expect(toContactInput({ name: 42, email: null, phone: ['1'], message: { a: 1 } })).toEqual(
			EMPTY_CONTACT,
		);
	});
});

describe('parseContact', () => {
	it('trims a valid message and marks it as not spam', () => {
		const result = parseContact({ ...VALID, name: '  Mario Rossi ', email: ' m@example.it ' });
		expect(result).toEqual({
			ok: true,
			spam: false,
			message: { ...VALID, name: 'Mario Rossi', email: 'm@example.it', privacy: true },
		});
	});

	it.each([
		['text', 'http://spam.example', true],
		['empty', '', false],
		['missing', undefined, false],
	])('honeypot %s: spam %s', (_, value, spam) => {
		const result = parseContact({ ...VALID, [HONEYPOT_FIELD]: value });
		expect(result.ok && result.spam).toBe(spam);
	});

	it('keeps a well-formed submission key and ignores any other', () => {
		const key = '0b7c6f0e-4c1d-4a8e-9a43-2f5d8c1e7b90';
		const keyOf = (value: unknown) => {
			const result = parseContact({ ...VALID, [SUBMISSION_KEY_FIELD]: value });
			return result.ok ? result.submissionKey : 'refused';
		};
		expect(keyOf(key)).toBe(key);
		expect(keyOf('a1b2c3d4e5f60718293a4b5c6d7e8f90')).toBe('a1b2c3d4e5f60718293a4b5c6d7e8f90');
		for (const bad of [undefined, '', 'short', 'x'.repeat(65), 'spazi non ammessi qui!', 42, {}]) {
			expect(keyOf(bad)).toBeUndefined();
		}
	});

	it('returns the errors of an invalid message', () => {
		expect(parseContact({ ...VALID, email: 'no' })).toEqual({
			ok: false,
			errors: { email: CONTACT_ERRORS.email },
		});
	});
});

it('isValidEmail agrees with the e-mail rule', () => {
	expect(isValidEmail('negozio@vigorsport.it')).toBe(true);
	expect(isValidEmail('negozio@vigorsport')).toBe(false);
});

describe('the e-mail rule refuses what only serves tricks on a mailto: link', () => {
	it.each([
		// The probe's address: a draft to a third party, with a Cc, a subject and a body.
		[
			'ordini%40concorrente.example?cc=spia%40evil.example&subject=Rimborso&body=Confermo%20il%20rimborso@example.com',
			false,
		],
		['mario%40evil.example@example.it', false],
		['mario?cc=x@example.it', false],
		['mario&body=x@example.it', false],
		['cc=mario@example.it', false],
		['mario/ordini@example.it', false],
		["o'brien@example.ie", false],
		['"mario"@example.it', false],
		['mario`x@example.it', false],
		['mario@example.it?cc=x@example.it', false],
		// What real mailboxes use stays accepted.
		['mario.rossi@example.it', true],
		['mario.rossi+ordini@example.it', true],
		['mario_rossi-2@sub.example-shop.it', true],
		['M.Rossi@Example.IT', true],
	])('%s: %s', (address, valid) => {
		expect(isValidEmail(address)).toBe(valid);
		expect(validateContactField('email', { ...VALID, email: address })).toBe(
			valid ? undefined : CONTACT_ERRORS.email,
		);
	});
});

describe('visibleLength', () => {
	it.each([
		['Ugo', 3],
		['  Ugo  ', 3],
		['\u0000\u0000\u0000', 0],
		['\u200B\u200B\u200B', 0],
		['\u200C\u200D\u2060\uFEFF\u00AD', 0],
		['\u0301\u0301\u0301', 0],
		['a\u0301\u0301\u0301', 1],
		['e\u0301', 1],
		['Zoe\u0308', 3],
		['\u202E\u202E\u202E', 0],
		['A   B', 3],
		['😀😀', 2],
		['\u0007\u001b\u007f\u0085', 0],
	])('%j has %i visible characters', (text, expected) => {
		expect(visibleLength(text)).toBe(expected);
	});
});

describe.each<[ContactField, string, string | undefined]>([
	// Minimum lengths count what a reader sees.
	['name', '\u0000\u0000\u0000', CONTACT_CHARACTER_ERRORS.name],
	['name', '\u200B\u200B\u200B', CONTACT_ERRORS.name],
	['name', 'A\u200BB\u200B', CONTACT_ERRORS.name],
	['name', '\u0301\u0301\u0301', CONTACT_ERRORS.name],
	['name', 'Al\u0301\u0301', CONTACT_ERRORS.name],
	['name', 'Zoe\u0308', undefined],
	['message', '\u200B'.repeat(20), CONTACT_ERRORS.message],
	['message', `Ciao${'\u0301'.repeat(10)}`, CONTACT_ERRORS.message],
	['message', 'Ciao      a', CONTACT_ERRORS.message],
	['message', 'Riga uno.\nRiga due.', undefined],
	['phone', '1\u200B2\u200B3\u200B4\u200B', CONTACT_ERRORS.phone],
	// Control characters and bidi overrides in a name or a phone.
	['name', 'Mario\u0000Rossi', CONTACT_CHARACTER_ERRORS.name],
	['name', 'Mario\u001b[2JRossi', CONTACT_CHARACTER_ERRORS.name],
	['name', 'Mario\rRossi', CONTACT_CHARACTER_ERRORS.name],
	['name', 'Mario\nRossi', CONTACT_CHARACTER_ERRORS.name],
	['name', 'Mario\u0085Rossi', CONTACT_CHARACTER_ERRORS.name],
	['name', 'Mario\u007fRossi', CONTACT_CHARACTER_ERRORS.name],
	['name', 'Mario \u202Eissor', CONTACT_CHARACTER_ERRORS.name],
	['name', 'Mario \u2066Rossi', CONTACT_CHARACTER_ERRORS.name],
	['phone', '011\r\n12345', CONTACT_ERRORS.phone],
	['phone', '011\u000012345', CONTACT_ERRORS.phone],
	['phone', '011 \u202E12345', CONTACT_ERRORS.phone],
	// Lone surrogates, in every field.
	['name', 'Mario \uD800', CONTACT_CHARACTER_ERRORS.name],
	['name', '\uDC00Mario', CONTACT_CHARACTER_ERRORS.name],
	['email', 'mario\uD800@example.it', CONTACT_ERRORS.email],
	['phone', '011 12345\uDBFF', CONTACT_ERRORS.phone],
	['message', 'Un messaggio rotto \uD83D', CONTACT_CHARACTER_ERRORS.message],
	['message', 'Un messaggio con 😀 intero', undefined],
	// Maximum lengths, each with its message.
	['name', 'a'.repeat(80), undefined],
	['name', 'a'.repeat(81), CONTACT_LENGTH_ERRORS.name],
	['name', `  ${'a'.repeat(80)}  `, undefined],
	['name', '😀'.repeat(81), CONTACT_LENGTH_ERRORS.name],
	// Names are names: letters of any script, spaces, apostrophes, hyphens and dots.
	['name', "D'Angelo Anna-Maria", undefined],
	['name', 'J. R. R. Tolkien', undefined],
	['name', 'Zoë Ødegård', undefined],
	['name', 'Nguyễn Thị Minh', undefined],
	['name', 'Σωκράτης', undefined],
	['name', '山田 太郎', undefined],
	['name', 'Дмитрий', undefined],
	['name', 'देवनागरी नाम', undefined],
	['name', 'O’Brien', undefined],
	['name', 'rimborso pronto: accedi a https://evil.example/r?id=7', NAME_SHAPE_ERROR],
	['name', 'evil.example', NAME_SHAPE_ERROR],
	['name', 'www.sito.it', NAME_SHAPE_ERROR],
	['name', 'mario@example.it', NAME_SHAPE_ERROR],
	['name', 'Mario: ciao', NAME_SHAPE_ERROR],
	['name', 'Mario/Rossi', NAME_SHAPE_ERROR],
	['name', 'Mario Rossi 2', NAME_SHAPE_ERROR],
	['name', 'Mario <b>', NAME_SHAPE_ERROR],
	[
		'email',
		`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.it`,
		undefined,
	],
	[
		'email',
		`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.it`,
		CONTACT_LENGTH_ERRORS.email,
	],
	['email', `${'a'.repeat(250)}@example.it`, CONTACT_LENGTH_ERRORS.email],
	['phone', '1'.repeat(30), undefined],
	['phone', '1'.repeat(31), CONTACT_LENGTH_ERRORS.phone],
	['message', 'a'.repeat(5000), undefined],
	['message', 'a'.repeat(5001), CONTACT_LENGTH_ERRORS.message],
	['message', `${'a'.repeat(2499)}\r\n${'b'.repeat(2500)}`, undefined],
	['message', `${'a'.repeat(2500)}\r\n${'b'.repeat(2500)}`, CONTACT_LENGTH_ERRORS.message],
])('%s = %j', (field, value, expected) => {
	it(expected ? `fails with "${expected}"` : 'passes', () => {
		expect(validateContactField(field, { ...VALID, [field]: value })).toBe(expected);
	});
});

it('has a maximum length for each field, each with an Italian message', () => {
	expect(MAX_LENGTH).toEqual({ name: 80, email: 254, phone: 30, message: 5000 });
	expect(CONTACT_LENGTH_ERRORS).toMatchInlineSnapshot(`
		{
		  "email": "L'indirizzo email può avere al massimo 254 caratteri.",
		  "message": "Il messaggio può avere al massimo 5.000 caratteri.",
		  "name": "Il nome può avere al massimo 80 caratteri.",
		  "phone": "Il numero di telefono può avere al massimo 30 caratteri.",
		}
	`);
});
