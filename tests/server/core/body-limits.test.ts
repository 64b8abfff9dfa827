import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createStaffSession } from '../../helpers/staff';
import { useSimulationServer } from '../helpers/contact';
import { pieceReservation, postReservation, singlePieces } from '../helpers/pickup';

/**
 * Every route that reads a body, sent a chunked body far over its limit (a chunked body declares
 * no length): the real server answers 413 while the client is still sending, and its memory
 * stays flat, because it reads no further than its limit (one bounded reader for every route).
 */

const server = useSimulationServer();

/** What each route is sent: 200 MB, as the client can push it. */
const BODY_BYTES = 200 * 1024 * 1024;
/** The most the server's resident memory may grow over all the routes together. */
const MAX_GROWTH_BYTES = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/** The server process's resident memory, from the kernel. */
function residentBytes(pid: number): number {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
	if (kilobytes === undefined) throw new Error(`No VmRSS for ${pid}.`);
	return Number(kilobytes) * 1024;
}

/**
 * Posts up to BODY_BYTES in chunks, stopping when the answer arrives; resolves with its status
 * and how much had been sent by then.
 */
function postHuge(
	path: string,
	headers: Record<string, string>,
): Promise<{ status: number; sentBytes: number }> {
	return new Promise((resolve, reject) => {
		let sent = 0;
		let answered = false;
		// A kept-alive connection, as browsers and curl use: the server answers without closing it
		// while the body still comes (a client that asks for `Connection: close` has it closed after
		// the answer, and its next write can fail before it reads the 413).
		const agent = new Agent({ keepAlive: true, maxSockets: 1 });
		const req = httpRequest(`${server.url}${path}`, {
			method: 'POST',
			agent,
			headers: { 'Transfer-Encoding': 'chunked', Origin: server.url, ...headers },
		});
		req.on('response', (res) => {
			answered = true;
			const status = res.statusCode ?? 0;
			const sentBytes = sent;
			res.resume();
			res.on('end', () => {
				req.destroy();
				agent.destroy();
				resolve({ status, sentBytes });
			});
			res.on('error', () => resolve({ status, sentBytes }));
		});
		req.on('error', (error) => {
			if (!answered) reject(new Error(`${path}: ${error.message} after ${sent} bytes`));
		});
		const pump = () => {
			while (!answered && sent < BODY_BYTES) {
				sent += CHUNK.length;
				if (!req.write(CHUNK)) {
					req.once('drain', pump);
					return;
				}
			}
			if (!answered) req.end();
		};
		pump();
	});
}

describe('a chunked body of 200 MB', () => {
	it('gets a 413 on every route that reads a body, before it is all sent, with flat memory', async () => {
		const [piece] = singlePieces(1);
		if (!piece) throw new Error('No piece in the build.');
		const { cookie } = createStaffSession(server.dbPath, { shops: [piece.shopId] }, server.url);
		const reserved = await postReservation(server.url, pieceReservation(piece));
		expect(reserved.status).toBe(201);
		const id = Number(reserved.json['id']);
		const json = { 'Content-Type': 'application/json' };
		const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
		const routes: [string, Record<string, string>][] = [
			['/api/contact', json],
			['/api/prenotazioni', json],
			['/prenotazione/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', form],
			['/api/gestione/auth/accesso', json],
			['/api/gestione/auth/passkey-opzioni', json],
			['/api/gestione/auth/passkey', json],
			['/api/gestione/auth/link', form],
			['/api/gestione/auth/link', json],
			['/api/gestione/messaggi', { ...json, Cookie: cookie }],
			['/api/gestione/messaggi', { ...form, Cookie: cookie }],
			[`/api/gestione/prenotazioni/${id}`, { ...json, Cookie: cookie }],
			[`/gestione/prenotazioni/${id}`, { ...form, Cookie: cookie }],
		];
		const pid = server.server.child.pid;
		if (pid === undefined) throw new Error('No server process.');
		const before = residentBytes(pid);
		const answers: [string, number, boolean][] = [];
		for (const [path, headers] of routes) {
			const { status, sentBytes } = await postHuge(path, headers);
			answers.push([`${path} ${headers['Content-Type']}`, status, sentBytes < BODY_BYTES]);
		}
		const growthMB = Math.round((residentBytes(pid) - before) / 1024 / 1024);
		expect({ answers, growthMB }).toEqual({
			answers: routes.map(([path, headers]) => [`${path} ${headers['Content-Type']}`, 413, true]),
			growthMB: expect.any(Number) as number,
		});
		expect(growthMB * 1024 * 1024).toBeLessThan(MAX_GROWTH_BYTES);
	}, 120_000);
});
