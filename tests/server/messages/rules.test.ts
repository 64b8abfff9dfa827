import { describe, expect, it } from 'vitest';
import {
	CONTACT_CHARACTER_ERRORS,
	CONTACT_ERRORS,
	CONTACT_LENGTH_ERRORS,
	MAX_LENGTH,
} from '../../../src/lib/messages/message-schema';
import {
	countMessages,
	rawRequest,
	readDatabase,
	useSimulationServer,
	VALID_MESSAGE,
} from '../helpers/contact';

/**
 * The contact rules on the real built server (docs/messages.md): a name given twice is read the same
 * way from JSON and from a form (the last value), each field's maximum length is refused with its
 * Italian message (and the maximum itself accepted), and invisible or broken text does not pass the
 * minimum lengths.
 */

const server = useSimulationServer();

type Fields = Record<string, string>;
const FIELDS: Fields = { ...VALID_MESSAGE, privacy: 'true' };

/** JSON text with the given pairs, in order, repeats kept (JSON.stringify cannot repeat keys). */
const jsonBody = (pairs: [string, string][]) =>
	`{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')}}`;
const formBody = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/** Sends the pairs as JSON or as a form, asking for JSON back. */
async function send(kind: 'json' | 'form', pairs: [string, string][]) {
	const response = await rawRequest(`${server.url}/api/contact`, {
		headers: {
			'Content-Type': kind === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
			Accept: 'application/json',
		},
		body: kind === 'json' ? jsonBody(pairs) : formBody(pairs),
	});
	return { status: response.status, json: JSON.parse(response.body) as Record<string, unknown> };
}

const withFields = (fields: Fields): [string, string][] => Object.entries(fields);

describe.each(['json', 'form'] as const)('sent as %s', (kind) => {
	it('a field given twice takes its last value', async () => {
		const first = await send(kind, [['name', 'Al'], ...withFields(FIELDS)]);
		expect(first.status).toBe(201);
		const stored = readDatabase(server.dbPath).messages.find((row) => row.id === first.json['id']);
		expect(stored?.name).toBe(VALID_MESSAGE.name);

		const before = countMessages(server.dbPath);
		const last = await send(kind, [...withFields(FIELDS), ['name', 'Al']]);
		expect(last.status).toBe(422);
		expect(last.json['fields']).toEqual({ name: CONTACT_ERRORS.name });
		expect(countMessages(server.dbPath)).toBe(before);
	});

	it.each(['name', 'email', 'phone', 'message'] as const)(
		'%s: the maximum length is accepted, one more character is refused in Italian',
		async (field) => {
			const at = (count: number) =>
				field === 'email'
					? `${'a'.repeat(count - '@example.it'.length)}@example.it`
					: field === 'phone'
						? '1'.repeat(count)
						: 'a'.repeat(count);
			const accepted = await send(kind, withFields({ ...FIELDS, [field]: at(MAX_LENGTH[field]) }));
			expect(accepted.status).toBe(201);

			const before = countMessages(server.dbPath);
			const refused = await send(
				kind,
				withFields({ ...FIELDS, [field]: at(MAX_LENGTH[field] + 1) }),
			);
			expect(refused.status).toBe(422);
			expect(refused.json['fields']).toEqual({ [field]: CONTACT_LENGTH_ERRORS[field] });
			expect(countMessages(server.dbPath)).toBe(before);
		},
	);

	it.each<[string, Fields, Record<string, string>]>([
		[
			'three NUL bytes as a name',
			{ name: '\u0000\u0000\u0000' },
			{ name: CONTACT_CHARACTER_ERRORS.name },
		],
		['zero-width spaces as a name', { name: '\u200B\u200B\u200B' }, { name: CONTACT_ERRORS.name }],
		['combining accents as a name', { name: '\u0301\u0301\u0301' }, { name: CONTACT_ERRORS.name }],
		[
			'an escape sequence in a name',
			{ name: 'Mario \u001b[2J' },
			{ name: CONTACT_CHARACTER_ERRORS.name },
		],
		['a line break in a phone', { phone: '011\r\n12345' }, { phone: CONTACT_ERRORS.phone }],
	])('%s is refused', async (_, fields, errors) => {
		const before = countMessages(server.dbPath);
		const refused = await send(kind, withFields({ ...FIELDS, ...fields }));
		expect(refused.status).toBe(422);
		expect(refused.json['fields']).toEqual(errors);
		expect(countMessages(server.dbPath)).toBe(before);
	});
});

it('a lone surrogate in JSON is refused in every text field', async () => {
	for (const [field, error] of [
		['name', CONTACT_CHARACTER_ERRORS.name],
		['email', CONTACT_ERRORS.email],
		['phone', CONTACT_ERRORS.phone],
		['message', CONTACT_CHARACTER_ERRORS.message],
	] as const) {
		const before = countMessages(server.dbPath);
		// The field's value with a lone high surrogate at the end, as JSON text (\ud800).
		const broken = `${JSON.stringify(FIELDS[field]).slice(0, -1)}\\ud800"`;
		const body = `{${Object.entries(FIELDS)
			.map(
				([key, value]) =>
					`${JSON.stringify(key)}:${key === field ? broken : JSON.stringify(value)}`,
			)
			.join(',')}}`;
		const response = await rawRequest(`${server.url}/api/contact`, {
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
			body,
		});
		expect(response.status, field).toBe(422);
		expect((JSON.parse(response.body) as { fields: unknown }).fields).toEqual({ [field]: error });
		expect(countMessages(server.dbPath)).toBe(before);
	}
});
