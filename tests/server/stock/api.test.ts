import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/start-server.mjs';
import { createStaffSession, type StaffSession } from '../../helpers/staff';
import { rawRequest, useSimulationServer } from '../helpers/contact';
import { postReservation, validReservation, WHEY } from '../helpers/pickup';
import { expectPrivate, staffRequest } from '../helpers/staff';

/**
 * Il magazzino on the real built server with a real SQLite file: the pieces a visitor is offered
 * (GET /api/disponibilita) are the ledger's available pieces, so a collected reservation is gone
 * from them, and a count through the staff API or `npm run magazzino -- importa` is what the
 * next visitor is offered, with no rebuild. The API's refusals are 4xx JSON in Italian.
 */
const server = useSimulationServer();
let giulia: StaffSession;
let marco: StaffSession;
let dir: string;

beforeAll(() => {
	giulia = createStaffSession(server.dbPath, { name: 'Giulia', shops: ['torino'] }, server.url);
	marco = createStaffSession(server.dbPath, { name: 'Marco', shops: ['aosta'] }, server.url);
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-stock-api-'));
});

afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

/** The pieces a visitor is offered at a shop for a variant. */
async function offered(shopId: string, productId: string, variantId: string): Promise<number> {
	const response = await rawRequest(
		`${server.url}/api/disponibilita?negozio=${shopId}&prodotto=${productId}`,
		{ method: 'GET', headers: { Accept: 'application/json' } },
	);
	expect(response.status).toBe(200);
	const products = (
		JSON.parse(response.body) as { prodotti: Record<string, Record<string, number>> }
	).prodotti;
	const figure = products[productId]?.[variantId];
	if (typeof figure !== 'number') throw new Error(`no figure for ${productId}/${variantId}`);
	return figure;
}

function body(response: { body: string }): Record<string, unknown> {
	return JSON.parse(response.body) as Record<string, unknown>;
}

/** A movement posted as the stock page does. */
function move(session: StaffSession, fields: Record<string, unknown>) {
	return staffRequest(server.url, '/api/gestione/magazzino/movimento', {
		method: 'POST',
		cookie: session.cookie,
		body: fields,
	});
}

/** The stock page's row of a variant at a shop. */
async function row(session: StaffSession, shopId: string, productId: string, variantId: string) {
	const response = await staffRequest(
		server.url,
		`/api/gestione/magazzino/storico?negozio=${shopId}&prodotto=${productId}&variante=${variantId}`,
		{ cookie: session.cookie },
	);
	expect(response.status).toBe(200);
	return body(response) as {
		riga: { onHand: number; committed: number; available: number; version: number };
		movimenti: { reason: string; change: number; actor: string; staffName: string | null }[];
	};
}

const whey = { negozio: 'torino', prodotto: WHEY.productId, variante: WHEY.variantId };

describe('what a visitor is offered follows the ledger', () => {
	it('reserve one, collect it, count again: the collected piece is gone', async () => {
		const before = await offered('torino', WHEY.productId, WHEY.variantId);
		expect(before).toBe(WHEY.stock.torino);
		const { status, json } = await postReservation(
			server.url,
			validReservation({
				items: [{ productId: WHEY.productId, variantId: WHEY.variantId, quantity: 1 }],
			}),
		);
		expect(status).toBe(201);
		expect(await offered('torino', WHEY.productId, WHEY.variantId)).toBe(before - 1);
		const collected = await staffRequest(
			server.url,
			`/api/gestione/prenotazioni/${String(json['id'])}`,
			{
				method: 'POST',
				cookie: giulia.cookie,
				body: { azione: 'ritirata', versione: 1 },
			},
		);
		expect(collected.status).toBe(200);
		// The piece has left the shop: on hand is one lower, nothing is held, and it stays gone.
		expect(await offered('torino', WHEY.productId, WHEY.variantId)).toBe(before - 1);
		const seen = await row(giulia, 'torino', WHEY.productId, WHEY.variantId);
		expect(seen.riga).toMatchObject({ onHand: before - 1, committed: 0, available: before - 1 });
		expect(seen.movimenti[0]).toMatchObject({
			reason: 'collection',
			change: -1,
			actor: 'reservation',
		});
		expect(seen.movimenti.at(-1)).toMatchObject({ reason: 'initial_count', actor: 'system' });
	});

	it('a count through the staff API is what the next visitor is offered', async () => {
		const { riga } = await row(giulia, 'torino', WHEY.productId, WHEY.variantId);
		const counted = await move(giulia, {
			...whey,
			motivo: 'count',
			pezzi: 47,
			versione: riga.version,
			nota: 'Scaffale riordinato',
		});
		expect(counted.status).toBe(200);
		expectPrivate(counted);
		expect(body(counted)).toMatchObject({
			riga: { onHand: 47, available: 47 },
			movimento: { reason: 'count', counted: 47, staffName: 'Giulia', note: 'Scaffale riordinato' },
		});
		expect(await offered('torino', WHEY.productId, WHEY.variantId)).toBe(47);
		// Goods received and a sale at the counter follow at once too.
		expect((await move(giulia, { ...whey, motivo: 'arrival', pezzi: 5 })).status).toBe(200);
		expect((await move(giulia, { ...whey, motivo: 'counter_sale', pezzi: '2' })).status).toBe(200);
		expect(await offered('torino', WHEY.productId, WHEY.variantId)).toBe(50);
	});

	it('a count imported with npm run magazzino is what the next visitor is offered', async () => {
		const file = join(dir, 'conteggio.csv');
		writeFileSync(
			file,
			`\uFEFFnegozio;prodotto;variante;pezzi\r\naosta;${WHEY.productId};${WHEY.variantId};9\r\n`,
		);
		const run = (args: string[]) =>
			promisify(execFile)('node', ['scripts/magazzino.mjs', 'importa', file, ...args], {
				cwd: ROOT,
				env: { ...process.env, CONTACT_DB_PATH: server.dbPath },
			});
		const preview = await run([]);
		expect(preview.stdout).toContain('1 differenza');
		expect(preview.stdout).toContain('2 → 9 (+7)');
		expect(await offered('aosta', WHEY.productId, WHEY.variantId)).toBe(WHEY.stock.aosta);
		const applied = await run(['--conferma']);
		expect(applied.stdout).toContain('Registrate 1 differenza');
		expect(await offered('aosta', WHEY.productId, WHEY.variantId)).toBe(9);
		// Two runs of the command, each a Node process of its own: seconds on a loaded machine.
	}, 30_000);

	it('a count below what reservations hold offers 0, never less', async () => {
		const list = await staffRequest(
			server.url,
			'/api/gestione/magazzino?negozio=torino&cerca=shaker',
			{
				cookie: giulia.cookie,
			},
		);
		const rows = body(list)['righe'] as { productId: string; variantId: string; onHand: number }[];
		const target = rows.find((candidate) => candidate.onHand >= 2) ?? rows[0];
		if (!target) throw new Error('no shaker in the sample shop');
		const variant = { productId: target.productId, variantId: target.variantId };
		const reserved = await postReservation(
			server.url,
			validReservation({ items: [{ ...variant, quantity: 2 }] }),
		);
		expect(reserved.status).toBe(201);
		const { riga } = await row(giulia, 'torino', variant.productId, variant.variantId);
		const counted = await move(giulia, {
			negozio: 'torino',
			prodotto: variant.productId,
			variante: variant.variantId,
			motivo: 'count',
			pezzi: 1,
			versione: riga.version,
		});
		expect(body(counted)['riga']).toMatchObject({ onHand: 1, committed: 2, available: 0 });
		expect(await offered('torino', variant.productId, variant.variantId)).toBe(0);
		// The desk is told which reservation can no longer be served in full, and by how much.
		const short = await staffRequest(server.url, '/api/gestione/magazzino/pezzi-mancanti', {
			cookie: giulia.cookie,
		});
		expect(body(short)['prenotazioni']).toEqual([
			{ id: reserved.json['id'], righe: [{ ...variant, held: 2, missing: 1 }] },
		]);
		// Another shop's desk sees nothing of it.
		const theirs = await staffRequest(server.url, '/api/gestione/magazzino/pezzi-mancanti', {
			cookie: marco.cookie,
		});
		expect(body(theirs)['prenotazioni']).toEqual([]);
		// The desk's list and the reservation's page mark it 'Pezzi mancanti'; not the other shop's.
		const desk = await staffRequest(server.url, '/gestione', { cookie: giulia.cookie });
		expect(desk.body).toContain('Pezzi mancanti');
		const page = await staffRequest(
			server.url,
			`/gestione/prenotazioni/${String(reserved.json['id'])}`,
			{
				cookie: giulia.cookie,
			},
		);
		expect(page.body).toContain('Pezzi mancanti');
		const otherDesk = await staffRequest(server.url, '/gestione', { cookie: marco.cookie });
		expect(otherDesk.body).not.toContain('Pezzi mancanti');
	});
});

describe('the staff API refuses bad input in Italian', () => {
	it('answers 401 without a session, on every address and method', async () => {
		for (const [method, path] of [
			['GET', '/api/gestione/magazzino'],
			['GET', '/api/gestione/magazzino/esporta'],
			['POST', '/api/gestione/magazzino/movimento'],
			['POST', '/api/gestione/magazzino/importa'],
			['DELETE', '/api/gestione/magazzino/qualcosa'],
		] as const) {
			const response = await staffRequest(server.url, path, { method, body: {} });
			expect(response.status, `${method} ${path}`).toBe(401);
			expect(body(response)['error']).toMatch(/Accesso richiesto/);
		}
	});

	it('refuses a POST from another site', async () => {
		const response = await staffRequest(server.url, '/api/gestione/magazzino/movimento', {
			method: 'POST',
			cookie: giulia.cookie,
			body: { ...whey, motivo: 'arrival', pezzi: 1 },
			origin: 'https://evil.example',
		});
		expect(response.status).toBe(403);
	});

	it.each([
		['a decimal', { ...whey, motivo: 'arrival', pezzi: '1,5' }, 422, /numero intero/],
		['text', { ...whey, motivo: 'arrival', pezzi: 'tanti' }, 422, /numero intero/],
		['a formula', { ...whey, motivo: 'count', pezzi: '=1+1' }, 422, /numero intero/],
		['zero received', { ...whey, motivo: 'arrival', pezzi: 0 }, 422, /almeno 1 pezzo/],
		[
			'a sale of more than on hand',
			{ ...whey, motivo: 'counter_sale', pezzi: 100000 },
			422,
			/fai prima un conteggio/,
		],
		[
			'a reason staff cannot record',
			{ ...whey, motivo: 'collection', pezzi: 1 },
			422,
			/Motivo non valido/,
		],
		[
			'an unknown variant',
			{ ...whey, variante: 'fragola-9-kg', motivo: 'arrival', pezzi: 1 },
			404,
			/Variante non trovata/,
		],
		[
			'an unknown product',
			{ ...whey, prodotto: 'non-esiste', motivo: 'arrival', pezzi: 1 },
			404,
			/Variante non trovata/,
		],
		[
			'another shop',
			{ ...whey, negozio: 'aosta', motivo: 'arrival', pezzi: 1 },
			403,
			/non è tra i tuoi/,
		],
		[
			'an unknown shop',
			{ ...whey, negozio: 'milano', motivo: 'arrival', pezzi: 1 },
			404,
			/Variante non trovata/,
		],
		[
			'a long note',
			{ ...whey, motivo: 'arrival', pezzi: 1, nota: 'x'.repeat(301) },
			422,
			/nota è troppo lunga/,
		],
	])('%s', async (_name, fields, status, message) => {
		const before = (await row(giulia, 'torino', WHEY.productId, WHEY.variantId)).riga.onHand;
		const response = await move(giulia, fields);
		expect(response.status).toBe(status);
		expectPrivate(response);
		expect(body(response)['error']).toMatch(message);
		expect((await row(giulia, 'torino', WHEY.productId, WHEY.variantId)).riga.onHand).toBe(before);
	});

	it('refuses a body that is not JSON, and one too large', async () => {
		const notJson = await rawRequest(`${server.url}/api/gestione/magazzino/movimento`, {
			method: 'POST',
			headers: { Origin: server.url, Cookie: giulia.cookie, 'Content-Type': 'application/json' },
			body: '{"negozio":',
		});
		expect(notJson.status).toBe(400);
		expect(body(notJson)['error']).toMatch(/JSON/);
		const large = await rawRequest(`${server.url}/api/gestione/magazzino/conteggio`, {
			method: 'POST',
			headers: { Origin: server.url, Cookie: giulia.cookie, 'Content-Type': 'application/json' },
			body: JSON.stringify({ nota: 'x'.repeat(600 * 1024) }),
		});
		expect(large.status).toBe(413);
	});

	it('asks again for a count made from a stale row (409), and both tablets’ changes apply', async () => {
		const { riga } = await row(giulia, 'torino', WHEY.productId, WHEY.variantId);
		// Another tablet sells one meanwhile.
		expect((await move(giulia, { ...whey, motivo: 'counter_sale', pezzi: 1 })).status).toBe(200);
		const stale = await move(giulia, {
			...whey,
			motivo: 'count',
			pezzi: 30,
			versione: riga.version,
		});
		expect(stale.status).toBe(409);
		expect(body(stale)['error']).toMatch(/Nel frattempo Giulia ha registrato «Vendita al banco»/);
		expect(body(stale)['riga']).toMatchObject({ onHand: riga.onHand - 1 });
		// Two changes from two tablets at once both apply.
		const [a, b] = await Promise.all([
			move(giulia, { ...whey, motivo: 'arrival', pezzi: 3 }),
			move(giulia, { ...whey, motivo: 'return', pezzi: 1 }),
		]);
		expect([a.status, b.status]).toEqual([200, 200]);
		expect((await row(giulia, 'torino', WHEY.productId, WHEY.variantId)).riga.onHand).toBe(
			riga.onHand - 1 + 4,
		);
	});
});

describe('stocktake, minimum, CSV', () => {
	it('applies a stocktake of three rows at once, or nothing when one row is stale', async () => {
		const list = await staffRequest(server.url, '/api/gestione/magazzino?negozio=torino', {
			cookie: giulia.cookie,
		});
		const rows = (body(list)['righe'] as Record<string, unknown>[]).slice(0, 3);
		const counts = rows.map((r, index) => ({
			negozio: 'torino',
			prodotto: r['productId'],
			variante: r['variantId'],
			pezzi: 10 + index,
			versione: r['version'],
		}));
		const stale = await staffRequest(server.url, '/api/gestione/magazzino/conteggio', {
			method: 'POST',
			cookie: giulia.cookie,
			body: { conteggi: counts.map((c, i) => (i === 2 ? { ...c, versione: 999 } : c)) },
		});
		expect(stale.status).toBe(409);
		expect(body(stale)['riga']).toBe(2);
		const after = await staffRequest(server.url, '/api/gestione/magazzino?negozio=torino', {
			cookie: giulia.cookie,
		});
		expect((body(after)['righe'] as Record<string, unknown>[]).slice(0, 3)).toEqual(rows);
		const done = await staffRequest(server.url, '/api/gestione/magazzino/conteggio', {
			method: 'POST',
			cookie: giulia.cookie,
			body: { conteggi: counts, nota: 'Inventario' },
		});
		expect(done.status).toBe(200);
		expect((body(done)['righe'] as { onHand: number }[]).map((r) => r.onHand)).toEqual([
			10, 11, 12,
		]);
	});

	it('keeps a minimum and counts the variants below it in the header', async () => {
		const set = await staffRequest(server.url, '/api/gestione/magazzino/scorta-minima', {
			method: 'POST',
			cookie: giulia.cookie,
			body: { ...whey, scorta: 1000 },
		});
		expect(set.status).toBe(200);
		expect(body(set)['riga']).toMatchObject({ minimum: 1000, belowMinimum: true });
		const below = await staffRequest(
			server.url,
			'/api/gestione/magazzino?negozio=torino&filtro=sotto-scorta',
			{ cookie: giulia.cookie },
		);
		expect(body(below)['sottoScorta']).toEqual({ torino: 1 });
		expect((body(below)['righe'] as { variantId: string }[]).map((r) => r.variantId)).toEqual([
			WHEY.variantId,
		]);
		const bad = await staffRequest(server.url, '/api/gestione/magazzino/scorta-minima', {
			method: 'POST',
			cookie: giulia.cookie,
			body: { ...whey, scorta: -1 },
		});
		expect(bad.status).toBe(422);
	});

	it('downloads the member’s shops as CSV and uploads a count, previewed then applied', async () => {
		const csv = await staffRequest(server.url, '/api/gestione/magazzino/esporta', {
			cookie: marco.cookie,
		});
		expect(csv.status).toBe(200);
		expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
		expect(csv.body.startsWith('\uFEFFnegozio;prodotto;variante;nome;in_negozio;')).toBe(true);
		expect(csv.body).toContain(`\r\naosta;${WHEY.productId};${WHEY.variantId};`);
		expect(csv.body).not.toContain('\r\ntorino;');
		const upload = (query: string, text: string, session = marco) =>
			rawRequest(`${server.url}/api/gestione/magazzino/importa${query}`, {
				method: 'POST',
				headers: { Origin: server.url, Cookie: session.cookie, 'Content-Type': 'text/csv' },
				body: text,
			});
		const file = `negozio;prodotto;variante;pezzi\naosta;${WHEY.productId};${WHEY.variantId};4\n`;
		const preview = await upload('?motivo=arrivo', file);
		expect(preview.status).toBe(200);
		expect(body(preview)).toMatchObject({
			applicato: false,
			righe: 1,
			differenze: [{ change: 4 }],
		});
		const before = await offered('aosta', WHEY.productId, WHEY.variantId);
		const applied = await upload('?motivo=arrivo&conferma=1', file);
		expect(body(applied)).toMatchObject({ applicato: true });
		expect(await offered('aosta', WHEY.productId, WHEY.variantId)).toBe(before + 4);
		const bad = await upload(
			'?conferma=1',
			`${file}aosta;${WHEY.productId};${WHEY.variantId}-x;1\n`,
		);
		expect(bad.status).toBe(422);
		expect(body(bad)).toMatchObject({ riga: 3, colonna: 'variante' });
		expect(await offered('aosta', WHEY.productId, WHEY.variantId)).toBe(before + 4);
		const theirs = await upload('?conferma=1', file, giulia);
		expect(theirs.status).toBe(422);
		expect(body(theirs)['error']).toMatch(/non è tra i tuoi/);
	});
});
