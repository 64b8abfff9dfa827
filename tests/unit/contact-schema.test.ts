import { describe, expect, it } from 'vitest';
import {
	CONTACT_ERRORS,
	EMPTY_CONTACT,
	HONEYPOT_FIELD,
	SUBMISSION_KEY_FIELD,
	isValidEmail,
	parseContact,
	toContactInput,
	validateContact,
	validateContactField,
	type ContactField,
	type ContactInput,
} from '../../src/lib/contact/contact-schema';

const VALID: ContactInput = {
	name: 'Mario Rossi',
	email: 'mario.rossi@example.it',
	phone: '+39 011 123 4567',
	message: 'Vorrei un consiglio sulle proteine.',
	privacy: true,
};

describe('the messages of SPEC §5', () => {
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
	['email', `${'a'.repeat(250)}@example.it`, false],
	['email', 'mario@example.it', true],
	['email', ' mario.rossi+negozio@sub.example-shop.it ', true],
	['phone', '1234', false],
	['phone', 'abcde', false],
	['phone', '011 12', true],
	['phone', '+39 (011) 123-45.67', true],
	['phone', '12345', true],
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
