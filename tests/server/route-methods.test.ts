import { describe, expect, it } from 'vitest';
import { createStaffSession, type StaffSession } from '../helpers/staff';
import { rawRequest, type RawResponse } from './helpers/contact';
import { postReservation, singlePieces, validReservation, WHEY } from './helpers/pickup';
import { serverAddresses, uncoveredRoutes, type WalkFixture } from './helpers/server-addresses';
import { useStaffServer } from './helpers/staff';

/**
 * HEAD on every page and route the server answers (helpers/server-addresses.ts, checked against
 * the code): wherever GET answers, HEAD answers the same status and the same headers, without a
 * body, and never a 405 whose Allow names HEAD (Astro answers HEAD with a route's ALL before its
 * GET, so a route with both must export HEAD). And the availability's own rate limit per visitor:
 * generous, counted before any work, 429 in Italian with Retry-After past it.
 */
const LIMIT = 6;
const site = useStaffServer({
	AVAILABILITY_RATE_LIMIT: String(LIMIT),
	// The loopback is a trusted hop, as nginx on the same machine: X-Forwarded-For names the
	// visitor, so one test has several.
	TRUSTED_PROXIES: '127.0.0.1,::1',
});

/** Headers that differ between two answers by nature (a date, the framing, the request id). */
const FRAMING = new Set([
	'date',
	'content-length',
	'transfer-encoding',
	'connection',
	'keep-alive',
	'x-request-id',
]);

function comparable(response: RawResponse): Record<string, string> {
	return Object.fromEntries(
		Object.entries(response.headers)
			.filter(([name]) => !FRAMING.has(name))
			.map(([name, value]) => [name, String(value)]),
	);
}

function ask(
	method: 'GET' | 'HEAD',
	path: string,
	headers: Record<string, string>,
): Promise<RawResponse> {
	return rawRequest(`${site.url}${path}`, {
		method,
		headers: { Accept: 'text/html,application/json', ...headers },
	});
}

async function stored(): Promise<{ staff: StaffSession; reservation: WalkFixture }> {
	const staff = createStaffSession(site.dbPath, { shops: ['torino', 'aosta'] }, site.url);
	const piece = singlePieces(1)[0];
	if (!piece) throw new Error('No piece in the sample shop.');
	const { status, json } = await postReservation(
		site.url,
		validReservation({ shopId: piece.shopId, items: [piece.item] }),
		{ 'X-Forwarded-For': '198.51.100.1' },
	);
	expect(status).toBe(201);
	return {
		staff,
		reservation: { id: Number(json['id']), code: String(json['code']), link: String(json['link']) },
	};
}

describe('HEAD', { timeout: 120_000 }, () => {
	it('answers as GET, without the body, on every page and route the server answers', async () => {
		const { staff, reservation } = await stored();
		const walked = serverAddresses(reservation);
		expect(uncoveredRoutes(walked)).toEqual([]);
		const problems: string[] = [];
		let n = 0;
		for (const { address } of [...walked.values()].flat()) {
			// Each address from a visitor of its own, so the availability's limit is not what answers.
			n += 1;
			const headers = { Cookie: staff.cookie, 'X-Forwarded-For': `198.51.100.${10 + n}` };
			const get = await ask('GET', address, headers);
			const head = await ask('HEAD', address, {
				...headers,
				'X-Forwarded-For': `198.51.100.${110 + n}`,
			});
			if (head.body !== '') problems.push(`${address}: HEAD has a body`);
			if (head.status === 405 && /HEAD/.test(String(head.headers['allow']))) {
				problems.push(
					`${address}: HEAD is refused while Allow says ${String(head.headers['allow'])}`,
				);
			}
			if (head.status !== get.status) {
				problems.push(`${address}: HEAD ${head.status}, GET ${get.status}`);
			} else {
				expect({ address, headers: comparable(head) }).toEqual({
					address,
					headers: comparable(get),
				});
			}
		}
		expect(problems).toEqual([]);
	});

	it('answers the availability with its headers and no body', async () => {
		const path = `/api/disponibilita?prodotto=${WHEY.productId}`;
		const head = await ask('HEAD', path, { 'X-Forwarded-For': '198.51.100.250' });
		expect([head.status, head.body]).toEqual([200, '']);
		expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
		expect(head.headers['cache-control']).toBe('no-store');
	});
});

describe('the availability’s rate limit', { timeout: 60_000 }, () => {
	const path = `/api/disponibilita?prodotto=${WHEY.productId}`;

	it('answers 429 in Italian with Retry-After past the limit, to that visitor only', async () => {
		const visitor = { 'X-Forwarded-For': '203.0.113.7' };
		// Every request counts, HEAD and a bad query too: a flood is a flood.
		expect((await ask('HEAD', path, visitor)).status).toBe(200);
		expect((await ask('GET', '/api/disponibilita', visitor)).status).toBe(400);
		for (let i = 2; i < LIMIT; i++) expect((await ask('GET', path, visitor)).status).toBe(200);
		const limited = await ask('GET', path, visitor);
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toMatch(/^[1-9]\d*$/);
		expect(limited.headers['cache-control']).toBe('no-store');
		expect(limited.headers['content-type']).toBe('application/json; charset=utf-8');
		expect(JSON.parse(limited.body)).toEqual({
			error: expect.stringMatching(
				/^Troppe richieste di disponibilità in poco tempo: riprova tra \d+ second[oi]\.$/,
			) as unknown,
		});
		const head = await ask('HEAD', path, visitor);
		expect([head.status, head.body, head.headers['retry-after']]).toEqual([
			429,
			'',
			limited.headers['retry-after'],
		]);
		// Another visitor reads it as always.
		expect((await ask('GET', path, { 'X-Forwarded-For': '203.0.113.8' })).status).toBe(200);
	});
});
