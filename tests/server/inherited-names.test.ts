import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffSession, type StaffSession } from '../helpers/staff';
import { postReservation, singlePieces, validReservation } from './helpers/pickup';
import {
	serverAddresses,
	serverQueryParameters,
	uncoveredRoutes,
	unlistedParameters,
	type WalkFixture,
} from './helpers/server-addresses';
import { useStaffServer } from './helpers/staff';

/**
 * Every name an object inherits (`constructor`, `toString`, `valueOf`, `__proto__`…) through
 * every query parameter of every page and route the server answers, signed in as staff: each
 * answer is an ordinary page or JSON (2xx, 3xx or 4xx), whole, and says nothing of a function or
 * an "[object Object]". A look-up of a query's value in a plain object (`x in NOTICES`) found
 * those names, read a function as a notice and broke the page mid-stream.
 *
 * The pages, their addresses and their parameters are those of helpers/server-addresses.ts,
 * checked against the code: every file under src/pages/gestione and src/pages/api/gestione and
 * every route of SERVER_ROUTES has an address, and every parameter the server's code reads by
 * name is listed for some address. Each address is asked with every name in each of its
 * parameters, in all of them at once, and as a parameter of its own.
 */
const site = useStaffServer();
const INHERITED = Object.getOwnPropertyNames(Object.prototype);
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
let staff: StaffSession;
let reservation: WalkFixture;

/** One GET as a browser sends it, signed in; rejects when the connection is cut. */
function get(path: string): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(`${site.url}${path}`, {
			agent,
			headers: { Cookie: staff.cookie, Accept: 'text/html,application/json' },
		});
		req.on('error', reject);
		req.on('response', (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('aborted', () => reject(new Error(`${path}: the connection was cut`)));
			res.on('error', reject);
			res.on('end', () => {
				if (!res.complete) reject(new Error(`${path}: the answer was cut short`));
				else {
					resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
				}
			});
		});
		req.end();
	});
}

/** The address with each of `names` set to `value` (replacing its value, or added). */
function withParams(address: string, names: readonly string[], value: string): string {
	const url = new URL(address, 'http://x');
	for (const name of names) url.searchParams.set(name, value);
	return `${url.pathname}${url.search}`;
}

/** What is wrong with an answer, or null. */
function problem(answer: { status: number; body: string }): string | null {
	if (answer.status < 200 || answer.status >= 500) return `status ${answer.status}`;
	const leak = /\[object \w+\]|\[native code\]|Internal server error/i.exec(answer.body);
	return leak ? `the answer says «${leak[0]}»` : null;
}

beforeAll(async () => {
	staff = createStaffSession(site.dbPath, { name: 'Giulia', shops: ['torino', 'aosta'] }, site.url);
	const piece = singlePieces(1)[0];
	if (!piece) throw new Error('No piece in the sample shop.');
	const { status, json } = await postReservation(
		site.url,
		validReservation({ shopId: piece.shopId, items: [piece.item] }),
	);
	expect(status).toBe(201);
	reservation = { id: Number(json['id']), code: String(json['code']), link: String(json['link']) };
}, 60_000);

afterAll(() => agent.destroy());

describe('inherited names in the query', { timeout: 120_000 }, () => {
	it('walks every page and route the server answers, and every parameter it reads', () => {
		const walked = serverAddresses(reservation);
		expect(uncoveredRoutes(walked)).toEqual([]);
		expect(unlistedParameters(walked)).toEqual([]);
		// The parameters of the pages that broke are among those found in the code.
		expect(serverQueryParameters()).toEqual(
			expect.arrayContaining(['esito', 'fatto', 'annulla', 'prodotto']),
		);
		expect(INHERITED).toEqual(expect.arrayContaining(['valueOf', 'toString', '__proto__']));
	});

	it('answers every one with an ordinary page or JSON, whole, with no function in it', async () => {
		const requests = new Set<string>();
		for (const { address, params } of [...serverAddresses(reservation).values()].flat()) {
			for (const name of INHERITED) {
				for (const param of params)
					requests.add(
						withParams(
							address,
							params.filter((p) => p === param),
							name,
						),
					);
				requests.add(withParams(address, params, name));
				requests.add(withParams(address, [name], name));
			}
		}
		const problems: string[] = [];
		const queue = [...requests];
		const worker = async () => {
			for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
				try {
					const found = problem(await get(path));
					if (found) problems.push(`${path}: ${found}`);
				} catch (error) {
					problems.push(error instanceof Error ? error.message : String(error));
				}
			}
		};
		await Promise.all(Array.from({ length: 4 }, worker));
		expect(problems.slice(0, 20)).toEqual([]);
		expect(site.server.output()).not.toMatch(/TypeError|uncaught error/);
	});
});

// The walk above must reach what a page renders, not a sign-in page or a 404.
describe('the addresses walked', () => {
	it('open the pages with their notes and data', async () => {
		const staffPages = [
			['/gestione/messaggi?esito=gestito', 'Messaggio segnato come gestito.'],
			['/gestione/magazzino?esito=movimento', 'Movimento registrato.'],
			[`/gestione/prenotazioni/${reservation.id}?fatto=pronta`, reservation.code],
		] as const;
		for (const [path, text] of staffPages) {
			const answer = await get(path);
			expect([path, answer.status]).toEqual([path, 200]);
			expect(answer.body).toContain(text);
		}
	});
});
