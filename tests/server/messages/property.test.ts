import fc from 'fast-check';
import { expect, it } from 'vitest';
import { hostileBodies } from '../helpers/bodies';
import { countMessages, rawRequest, useSimulationServer, VALID_MESSAGE } from '../helpers/contact';

/**
 * Property-based tests against the live server: random bodies (valid, nearly valid, random
 * JSON, random text, random bytes, oversized), random headers (content types, charsets,
 * Accept, Origin, Sec-Fetch-Site) and both ways of sending a body. Whatever arrives, the answer
 * is never a 5xx, a 4xx never leaves a stored message, and a 2xx always does.
 */

const server = useSimulationServer();

/** Printable ASCII: what a header value can hold. */
const headerText = fc.string({
	unit: fc.constantFrom(...' !"#$%&()*+,-./0123456789:;<=>?@AZaz[]_{}~'),
	maxLength: 40,
});

/** A field value: usually a plausible string, sometimes anything JSON can hold. */
const fieldValue = fc.oneof(
	{ weight: 4, arbitrary: fc.string({ maxLength: 60 }) },
	{
		weight: 2,
		arbitrary: fc.constantFrom(
			'',
			'   ',
			'Mario Rossi',
			'mario@example.it',
			'+39 011 1234567',
			'Un messaggio abbastanza lungo.',
		),
	},
	{
		weight: 1,
		arbitrary: fc.oneof(
			fc.integer(),
			fc.boolean(),
			fc.constant(null),
			fc.array(fc.string(), { maxLength: 3 }),
			fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
		),
	},
);

/** A record of the form's fields: each kept valid, replaced or dropped. */
const formRecord = fc
	.record(
		{
			name: fieldValue,
			email: fieldValue,
			phone: fieldValue,
			message: fieldValue,
			privacy: fc.oneof(fc.boolean(), fc.constantFrom('on', 'true', 'no', ''), fieldValue),
			extra_info: fc.oneof(fc.constant(''), fc.string({ maxLength: 10 })),
		},
		{ requiredKeys: [] },
	)
	.chain((random) =>
		fc
			.record({
				keep: fc.subarray(['name', 'email', 'phone', 'message', 'privacy'] as const),
			})
			.map(({ keep }) => {
				const record: Record<string, unknown> = { ...random };
				for (const field of keep) record[field] = VALID_MESSAGE[field];
				return record;
			}),
	);

const encoder = new TextEncoder();

/** A body: as text or bytes, from the many shapes a client could send. */
const body = fc.oneof(
	{ weight: 4, arbitrary: formRecord.map((record) => JSON.stringify(record)) },
	{
		weight: 2,
		arbitrary: formRecord.map((record) =>
			new URLSearchParams(
				Object.entries(record).map(([key, value]) => [
					key,
					typeof value === 'string' ? value : JSON.stringify(value),
				]),
			).toString(),
		),
	},
	...hostileBodies((size) => JSON.stringify({ ...VALID_MESSAGE, message: 'x'.repeat(size) })),
);

const contentType = fc.oneof(
	fc.constantFrom(
		'application/json',
		'application/json; charset=utf-8',
		'application/json; charset=UTF-8',
		'application/json; charset=latin1',
		'application/x-www-form-urlencoded',
		'application/x-www-form-urlencoded; charset=utf-8',
		'text/plain',
		'text/html',
		'multipart/form-data; boundary=abc',
		'application/xml',
	),
	headerText,
);

const request = fc.record(
	{
		contentType,
		accept: fc.constantFrom('application/json', 'text/html,*/*;q=0.8', '*/*', 'image/webp'),
		origin: fc.oneof(
			fc.constantFrom('SELF', 'https://www.vigorsport.it', 'https://evil.example', 'null'),
			headerText,
		),
		fetchSite: fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none'),
		forwardedFor: headerText,
		body,
		chunked: fc.boolean(),
	},
	{ requiredKeys: ['body', 'chunked'] },
);

it('never answers 5xx, never stores a refused message, always stores an accepted one', async () => {
	await fc.assert(
		fc.asyncProperty(request, async (input) => {
			const headers: Record<string, string> = {};
			if (input.contentType !== undefined) headers['Content-Type'] = input.contentType;
			if (input.accept !== undefined) headers['Accept'] = input.accept;
			if (input.origin !== undefined)
				headers['Origin'] = input.origin === 'SELF' ? server.url : input.origin;
			if (input.fetchSite !== undefined) headers['Sec-Fetch-Site'] = input.fetchSite;
			if (input.forwardedFor !== undefined) headers['X-Forwarded-For'] = input.forwardedFor;
			const bytes = typeof input.body === 'string' ? encoder.encode(input.body) : input.body;

			const before = countMessages(server.dbPath);
			const response = await rawRequest(`${server.url}/api/contact`, {
				headers,
				body: bytes,
				chunked: input.chunked,
			});
			const after = countMessages(server.dbPath);

			expect(response.status).toBeLessThan(500);
			if (response.status >= 400) {
				expect(after, `stored after ${response.status}`).toBe(before);
				expect(response.body).not.toMatch(/\bat \S+:\d+|node_modules/);
			} else {
				expect([201, 303]).toContain(response.status);
				expect(after).toBe(before + 1);
			}
		}),
		{ numRuns: 1000 },
	);
}, 120_000);
