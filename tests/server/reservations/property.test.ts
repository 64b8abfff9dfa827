import fc from 'fast-check';
import { expect, it } from 'vitest';
import { hostileBodies } from '../helpers/bodies';
import { rawRequest, useSimulationServer } from '../helpers/contact';
import { countReservations, validReservation, WHEY } from '../helpers/pickup';

/**
 * Property-based tests of POST /api/prenotazioni against the live server: random bodies (valid,
 * nearly valid with fields and items replaced by anything JSON holds, random JSON, text, bytes,
 * oversized), random content types, Accept and Origin. Whatever arrives, the answer is never a
 * 5xx, a 4xx never leaves a stored reservation, and a 201 always does.
 */

const server = useSimulationServer();
const VALID = validReservation();

/** Anything a JSON field can hold, with plausible values more often. */
const anything = fc.oneof(
	{ weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
	{ weight: 2, arbitrary: fc.integer({ min: -5, max: 50 }) },
	{
		weight: 1,
		arbitrary: fc.oneof(
			fc.double(),
			fc.boolean(),
			fc.constant(null),
			fc.constantFrom('torino', 'aosta', '2026-02-30', '../etc/passwd', WHEY.productId),
			fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
			fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
		),
	},
);

/** A line of the list: the valid one with some keys replaced or dropped, or anything. */
const item = fc.oneof(
	fc
		.record({ productId: anything, variantId: anything, quantity: anything }, { requiredKeys: [] })
		.chain((random) =>
			fc.subarray(['productId', 'variantId', 'quantity'] as const).map((keep) => {
				const line: Record<string, unknown> = { ...random };
				const valid = { productId: WHEY.productId, variantId: WHEY.variantId, quantity: 1 };
				for (const key of keep) line[key] = valid[key];
				return line;
			}),
		),
	anything,
);

const FIELDS = ['shopId', 'day', 'items', 'name', 'email', 'phone', 'privacy'] as const;

/** A body: the valid one with each field kept, replaced or dropped. */
const record = fc
	.record(
		{
			shopId: anything,
			day: anything,
			items: fc.oneof(fc.array(item, { maxLength: 35 }), anything),
			name: anything,
			email: anything,
			phone: anything,
			privacy: fc.oneof(fc.boolean(), anything),
			extra_info: fc.oneof(fc.constant(''), fc.string({ maxLength: 10 })),
			submissionKey: fc.oneof(fc.uuid(), fc.string({ maxLength: 70 })),
		},
		{ requiredKeys: [] },
	)
	.chain((random) =>
		fc.subarray([...FIELDS]).map((keep) => {
			const body: Record<string, unknown> = { ...random };
			for (const field of keep) body[field] = VALID[field];
			return body;
		}),
	);

const encoder = new TextEncoder();

/** A valid body, but for its honeypot and submission key. */
const valid = fc
	.record({
		extra_info: fc.oneof(fc.constant(''), fc.string({ maxLength: 10 })),
		submissionKey: fc.oneof(fc.uuid(), fc.string({ maxLength: 70 })),
	})
	.map((extra) => ({ ...VALID, ...extra }));

const body = fc.oneof(
	{ weight: 6, arbitrary: record.map((value) => JSON.stringify(value)) },
	{ weight: 2, arbitrary: valid.map((value) => JSON.stringify(value)) },
	...hostileBodies((size) => JSON.stringify({ ...VALID, name: 'x'.repeat(size) })),
);

const request = fc.record({
	contentType: fc.constantFrom(
		'application/json',
		'application/json; charset=utf-8',
		'application/json; charset=latin1',
		'application/x-www-form-urlencoded',
		'text/plain',
		'multipart/form-data; boundary=abc',
	),
	accept: fc.constantFrom('application/json', 'text/html,*/*;q=0.8', '*/*'),
	origin: fc.constantFrom('SELF', 'https://www.vigorsport.it', 'https://evil.example', 'null', ''),
	body,
	chunked: fc.boolean(),
});

it('never answers 5xx, never stores a refused reservation, always stores an accepted one', async () => {
	const statuses = new Set<number>();
	await fc.assert(
		fc.asyncProperty(request, async (input) => {
			const headers: Record<string, string> = {
				'Content-Type': input.contentType,
				Accept: input.accept,
			};
			if (input.origin !== '') {
				headers['Origin'] = input.origin === 'SELF' ? server.url : input.origin;
			}
			const bytes = typeof input.body === 'string' ? encoder.encode(input.body) : input.body;

			const before = countReservations(server.dbPath);
			const response = await rawRequest(`${server.url}/api/prenotazioni`, {
				headers,
				body: bytes,
				chunked: input.chunked,
			});
			const after = countReservations(server.dbPath);
			statuses.add(response.status);

			expect(response.status).toBeLessThan(500);
			if (response.status >= 400) {
				expect(after, `stored after ${response.status}`).toBe(before);
				expect(response.body).not.toMatch(/\bat \S+:\d+|node_modules/);
			} else {
				expect(response.status).toBe(201);
				const answer = JSON.parse(response.body) as { duplicate: boolean };
				// A repeated submission key (fc.uuid can repeat) answers the stored one.
				expect(after).toBe(answer.duplicate ? before : before + 1);
			}
		}),
		{ numRuns: 1000 },
	);
	// The runs reached the checks and the store, not only the early refusals.
	expect([...statuses].sort()).toEqual(expect.arrayContaining([201, 400, 403, 413, 415, 422]));
}, 180_000);
