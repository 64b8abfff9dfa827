import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { rawRequest, useSimulationServer } from '../helpers/contact';
import { pieceReservation, postReservation, singlePieces } from '../helpers/pickup';
import { MISSES_PER_MINUTE } from '../../../src/server/reservations/customer-links';

/**
 * The customer's link with the real parts: the built server in simulation mode, a real SQLite
 * file. A reservation's answer carries `/prenotazione/<token>`; the page shows the state and
 * cancels once; a wrong token is the site's not-found page, and guessing is rate-limited.
 */

const server = useSimulationServer();
const pieces = singlePieces(5);

/** Reserves one piece and returns the answer's link. */
async function reserve(index: number): Promise<{ link: string; code: string; id: number }> {
	const piece = pieces[index];
	if (!piece) throw new Error(`No piece ${index}.`);
	const { status, json } = await postReservation(server.url, pieceReservation(piece));
	expect(status).toBe(201);
	return { link: String(json['link']), code: String(json['code']), id: Number(json['id']) };
}

function get(path: string, headers: Record<string, string> = {}) {
	return rawRequest(`${server.url}${path}`, { method: 'GET', headers });
}

function cancel(path: string, body: string, headers: Record<string, string> = {}) {
	return rawRequest(`${server.url}${path}`, {
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			Origin: server.url,
			...headers,
		},
		body,
	});
}

function stored(id: number): { status: string; customer_token_hash: string | null } {
	const db = new Database(server.dbPath, { readonly: true, fileMustExist: true });
	try {
		return db
			.prepare('SELECT status, customer_token_hash FROM reservations WHERE id = ?')
			.get(id) as { status: string; customer_token_hash: string | null };
	} finally {
		db.close();
	}
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the link of a new reservation', () => {
	it('is a random token of 32 base64url characters, stored only as its SHA-256', async () => {
		const first = await reserve(0);
		const second = await reserve(1);
		expect(first.link).toMatch(/^\/prenotazione\/[A-Za-z0-9_-]{32}$/);
		expect(second.link).not.toBe(first.link);
		const token = first.link.split('/').at(-1) ?? '';
		expect(stored(first.id).customer_token_hash).toBe(sha256(token));
		const db = new Database(server.dbPath, { readonly: true, fileMustExist: true });
		try {
			const dump = JSON.stringify(db.prepare('SELECT * FROM reservations').all());
			expect(dump).not.toContain(token);
		} finally {
			db.close();
		}
	});

	it('shows the state, the shop, the day, the items and the hold, privately', async () => {
		const { link, code } = await reserve(2);
		const page = await get(link);
		expect(page.status).toBe(200);
		expect(page.headers['cache-control']).toBe('no-store');
		expect(page.headers['x-robots-tag']).toContain('noindex');
		expect(page.headers['referrer-policy']).toBe('no-referrer');
		expect(page.headers['content-type']).toMatch(/^text\/html/);
		expect(page.body).toContain('<meta name="robots" content="noindex');
		expect(page.body).toContain(`Codice di ritiro ${code}`);
		expect(page.body).toContain('Ricevuta');
		expect(page.body).toContain('Tenuta fino a');
		expect(page.body).toContain('Annulla la prenotazione');
		expect(page.body).toMatch(/1 × [^<]+–/);
	});
});

describe('cancelling from the link', () => {
	it('asks to confirm, refuses another site, cancels once, then refuses in Italian', async () => {
		const { link, id } = await reserve(3);

		const confirm = await get(`${link}?annulla`);
		expect(confirm.status).toBe(200);
		expect(confirm.body).toContain('Vuoi davvero annullare la prenotazione?');
		expect(confirm.body).toContain('Sì, annulla la prenotazione');
		expect(confirm.body).toMatch(/<form method="post" action="\/prenotazione\/[A-Za-z0-9_-]{32}"/);

		const forged = await cancel(link, 'versione=1', { Origin: 'https://altro-sito.example' });
		expect(forged.status).toBe(403);
		expect(forged.headers['cache-control']).toBe('no-store');
		expect(forged.body).toContain('Richiesta non valida');
		expect(stored(id).status).toBe('held');

		// Made from a version the reservation no longer has: refused, nothing overwritten.
		const stale = await cancel(link, 'versione=0');
		expect(stale.status).toBe(409);
		expect(stale.body).toContain('Nel frattempo il negozio ha aggiornato la prenotazione');
		expect(stored(id).status).toBe('held');

		const done = await cancel(link, 'versione=1');
		expect(done.status).toBe(303);
		expect(done.headers['location']).toBe(`${link}?annullata`);
		expect(stored(id).status).toBe('cancelled');

		const after = await get(`${link}?annullata`);
		expect(after.status).toBe(200);
		expect(after.body).toContain('Prenotazione annullata. Abbiamo avvisato il negozio');
		expect(after.body).toContain('Annullata');
		expect(after.body).not.toContain('Annulla la prenotazione');

		const again = await cancel(link, 'versione=2');
		expect(again.status).toBe(409);
		expect(again.headers['cache-control']).toBe('no-store');
		expect(again.body).toContain('La prenotazione è già annullata');
		expect(stored(id).status).toBe('cancelled');
	});
});

describe('the server’s log', () => {
	it('is one JSON line per event, and shows the link opened and cancelled as /prenotazione/…, never its token', async () => {
		const { link, id } = await reserve(4);
		const token = link.split('/').at(-1) ?? '';
		expect(token).toHaveLength(32);
		expect((await get(link)).status).toBe(200);
		expect((await get(`${link}?annulla`)).status).toBe(200);
		expect((await cancel(link, 'versione=1')).status).toBe(303);
		expect(stored(id).status).toBe('cancelled');
		expect((await get(`${link}?annullata`)).status).toBe(200);

		// Every line of the server's output is one JSON event, its start-up messages included.
		const output = server.server.output();
		const lines = output.split('\n').filter((line) => line !== '');
		expect(lines.filter((line) => !line.startsWith('{'))).toEqual([]);
		const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
		expect(events.every((event) => typeof event['level'] === 'string')).toBe(true);
		const customer = events.filter(
			(event) => event['type'] === 'request' && String(event['path']).startsWith('/prenotazione/'),
		);
		expect(customer.map((event) => [event['method'], event['path'], event['status']])).toEqual(
			expect.arrayContaining([
				['GET', '/prenotazione/…', 200],
				['POST', '/prenotazione/…', 303],
			]),
		);
		expect(output).not.toContain(token);
	});
});

describe('a guessed link', () => {
	it('is the site’s not-found page, and guessing past the allowance answers 429', async () => {
		const unknown = await get('/pagina-che-non-esiste');
		expect(unknown.status).toBe(404);
		const guessed = await get('/prenotazione/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
		expect(guessed.status).toBe(404);
		expect(guessed.headers['content-type']).toMatch(/^text\/html/);
		expect(guessed.body).toBe(unknown.body);
		// Never kept by a cache or a search engine, as the found page.
		expect(guessed.headers['cache-control']).toBe('no-store');
		expect(guessed.headers['x-robots-tag']).toContain('noindex');
		expect(guessed.headers['referrer-policy']).toBe('no-referrer');
		const malformed = await cancel('/prenotazione/corto', 'versione=0');
		expect(malformed.status).toBe(404);
		// The two misses above count; the rest of the allowance, then the limit.
		for (let miss = 2; miss < MISSES_PER_MINUTE; miss++) {
			expect((await get(`/prenotazione/${'B'.repeat(31)}${miss}`)).status).toBe(404);
		}
		const limited = await get('/prenotazione/CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC');
		expect(limited.status).toBe(429);
		expect(limited.body).toContain('Troppi tentativi');
		expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
	});
});
