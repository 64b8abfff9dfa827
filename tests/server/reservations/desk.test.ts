import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../scripts/start-server.mjs';
import type { StaffSession } from '../../helpers/staff';
import { rawRequest } from '../helpers/contact';
import { jsonBody, reserveItems, useDeskServer } from '../helpers/desk';
import { WHEY, type SinglePiece } from '../helpers/pickup';
import type { TestSmtp } from '../helpers/smtp';
import { expectPrivate, staffRequest } from '../helpers/staff';

/**
 * The staff desk on the real built server, a real SQLite file and an in-process SMTP server:
 * every action over the JSON API and the page's plain forms, the 409 of two people acting at
 * once, another shop's reservation as a 404, bad input as 4xx JSON in Italian, the automatic
 * 'Non ritirata' freeing a held piece, and each customer e-mail delivered once.
 */
const desk = useDeskServer([
	{ name: 'Giulia', shops: ['torino'] },
	{ name: 'Anna', shops: ['torino'] },
	{ name: 'Marco', shops: ['aosta'] },
]);
let server: RunningServer;
let dbPath: string;
let smtp: TestSmtp;
let giulia: StaffSession;
let anna: StaffSession;
let marco: StaffSession;

beforeAll(() => {
	({ server, dbPath, smtp } = desk);
	giulia = desk.member('Giulia');
	anna = desk.member('Anna');
	marco = desk.member('Marco');
	pieces = desk.pieces.torino;
});

/** Single pieces at Torino that no two reservations of this file share. */
let pieces: SinglePiece[] = [];

/**
 * Reserves a piece at Torino for `email` (by default one no other reservation here asks for, so
 * none runs out of stock); returns its id and code.
 */
async function reserve(
	email: string,
	item: SinglePiece['item'] | undefined = pieces.shift()?.item,
): Promise<{ id: number; code: string }> {
	if (!item) throw new Error('No single piece left at Torino.');
	return reserveItems(server.url, email, [item]);
}

const body = jsonBody;

/** Posts an action as the page's script would (JSON). */
function act(session: StaffSession, id: number | string, fields: Record<string, unknown>) {
	return staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, {
		method: 'POST',
		cookie: session.cookie,
		body: fields,
	});
}

/** Waits until `count` e-mails to `to` with a subject matching `subject` have arrived. */
async function mailsTo(to: string, subject: RegExp, count = 1) {
	const matching = () =>
		smtp.mails.filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
	await expect.poll(() => matching().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
	return matching();
}

/** The e-mails of a reservation as stored, by kind. */
function storedEmails(id: number): { kind: string; status: string }[] {
	const db = new Database(dbPath, { readonly: true });
	try {
		return db
			.prepare(`SELECT kind, status FROM emails WHERE reservation_id = ? ORDER BY id`)
			.all(id) as { kind: string; status: string }[];
	} finally {
		db.close();
	}
}

describe('the list and the search', () => {
	it("lists a shop's reservations for its own staff only, and finds one by code", async () => {
		const { id, code } = await reserve('lista@example.it');
		const list = await staffRequest(server.url, '/api/gestione/prenotazioni', {
			cookie: giulia.cookie,
		});
		expectPrivate(list);
		expect(list.status).toBe(200);
		const json = body(list) as {
			waiting: number;
			days: { day: string; waiting: number; reservations: { id: number; code: string }[] }[];
		};
		expect(json.days.flatMap((day) => day.reservations.map((r) => r.code))).toContain(code);
		expect(json.waiting).toBeGreaterThanOrEqual(1);
		const other = body(
			await staffRequest(server.url, '/api/gestione/prenotazioni', { cookie: marco.cookie }),
		) as typeof json;
		expect(other.days.flatMap((day) => day.reservations.map((r) => r.id))).not.toContain(id);

		const found = await staffRequest(
			server.url,
			`/api/gestione/prenotazioni?codice=${code.toLowerCase()}`,
			{ cookie: giulia.cookie },
		);
		expect([found.status, body(found)['id']]).toEqual([200, id]);
		const hidden = await staffRequest(server.url, `/api/gestione/prenotazioni?codice=${code}`, {
			cookie: marco.cookie,
		});
		expect(hidden.status).toBe(404);
		const bad = await staffRequest(server.url, '/api/gestione/prenotazioni?codice=<x>', {
			cookie: giulia.cookie,
		});
		expect([bad.status, body(bad)['error']]).toEqual([
			400,
			'Scrivi il codice di ritiro: 6 caratteri, lettere e numeri.',
		]);
		// The page's search form opens the reservation.
		const page = await staffRequest(server.url, `/gestione?codice=${code}`, {
			cookie: giulia.cookie,
			headers: { Accept: 'text/html' },
		});
		expect([page.status, page.headers['location']]).toEqual([303, `/gestione/prenotazioni/${id}`]);
	});
});

describe("another shop's reservation", () => {
	it('answers 404 exactly as one that does not exist, and changes nothing', async () => {
		const { id } = await reserve('altro-negozio@example.it');
		const missing = await staffRequest(server.url, '/api/gestione/prenotazioni/999999', {
			cookie: marco.cookie,
		});
		const hidden = await staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, {
			cookie: marco.cookie,
		});
		expect([hidden.status, hidden.body]).toEqual([missing.status, missing.body]);
		expect(hidden.status).toBe(404);
		const page = await staffRequest(server.url, `/gestione/prenotazioni/${id}`, {
			cookie: marco.cookie,
			headers: { Accept: 'text/html' },
		});
		expect(page.status).toBe(404);
		expect(page.body).toContain('Prenotazione non trovata');
		const action = await act(marco, id, { azione: 'ritirata', versione: 1 });
		expect(action.status).toBe(404);
		const mine = body(
			await staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, { cookie: giulia.cookie }),
		);
		expect([mine['status'], mine['version']]).toEqual(['held', 1]);
	});
});

describe('the actions', () => {
	it("'Pronta per il ritiro' e-mails the customer once, with until when it is held", async () => {
		const { id, code } = await reserve('pronta@example.it');
		const ready = await act(giulia, id, { azione: 'pronta', versione: 1 });
		expectPrivate(ready);
		expect([ready.status, body(ready)['status'], body(ready)['version']]).toEqual([
			200,
			'ready',
			2,
		]);
		const [mail] = await mailsTo('pronta@example.it', /pronta per il ritiro/);
		expect(mail?.subject).toContain(code);
		expect(mail?.text).toMatch(/Ti teniamo i prodotti fino a \S+ \d+ \w+ compreso/);
		await expect.poll(() => storedEmails(id).find((e) => e.kind === 'ready')?.status).toBe('sent');
		// Asking again (a second tap, a second tab) sends nothing more.
		const again = await act(giulia, id, { azione: 'pronta', versione: 1 });
		expect(again.status).toBe(409);
		const stale = await act(giulia, id, { azione: 'pronta', versione: 2 });
		expect([stale.status, body(stale)['error']]).toEqual([
			422,
			'La prenotazione è Pronta per il ritiro: «Pronta per il ritiro» non si può più fare.',
		]);
		const history = body(
			await staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, { cookie: giulia.cookie }),
		) as { events: { staffName: string; from: string; to: string; at: string }[] };
		expect(history.events).toMatchObject([{ staffName: 'Giulia', from: 'held', to: 'ready' }]);
		const sent = smtp.mails.filter(
			(m) => m.to.includes('pronta@example.it') && /pronta per il ritiro/.test(m.subject),
		);
		expect(sent).toHaveLength(1);
	});

	it('two people acting at once: the second gets the 409 that names the first', async () => {
		const { id } = await reserve('gara@example.it');
		const [first, second] = await Promise.all([
			act(giulia, id, { azione: 'ritirata', versione: 1 }),
			act(anna, id, { azione: 'annulla', versione: 1, motivo: 'Prodotto scaduto' }),
		]);
		const statuses = [first.status, second.status].sort();
		expect(statuses).toEqual([200, 409]);
		const loser = first.status === 409 ? first : second;
		const winner = first.status === 409 ? 'Anna' : 'Giulia';
		const label = first.status === 409 ? 'Annullata' : 'Ritirata';
		expect(body(loser)['error']).toMatch(
			new RegExp(
				`^Nel frattempo ${winner} l’ha segnata come ${label} alle \\d\\d:\\d\\d\\. Ricarica`,
			),
		);
		const now = body(
			await staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, { cookie: anna.cookie }),
		) as { events: unknown[]; version: number };
		expect([now.events.length, now.version]).toEqual([1, 2]);
	});

	it("'Annulla' needs a reason, and the customer receives it once", async () => {
		const { id, code } = await reserve('annulla@example.it');
		const bare = await act(giulia, id, { azione: 'annulla', versione: 1, motivo: '  ' });
		expect([bare.status, body(bare)['error']]).toEqual([
			422,
			'Scrivi il motivo dell’annullamento: lo riceve il cliente.',
		]);
		const cancelled = await act(giulia, id, {
			azione: 'annulla',
			versione: 1,
			motivo: 'Il gusto scelto non arriverà in tempo',
		});
		expect([cancelled.status, body(cancelled)['status']]).toEqual([200, 'cancelled']);
		const [mail] = await mailsTo('annulla@example.it', /annullata/);
		expect(mail?.subject).toBe(`Prenotazione ${code} annullata – Vigor Sport`);
		expect(mail?.text).toContain('Motivo: Il gusto scelto non arriverà in tempo');
		await expect
			.poll(() => storedEmails(id).find((e) => e.kind === 'cancelled')?.status)
			.toBe('sent');
		expect(
			smtp.mails.filter((m) => m.to.includes('annulla@example.it') && /annullata/.test(m.subject)),
		).toHaveLength(1);
	});

	it("the page's plain forms: POST, then a redirect back; a refusal shown on the page", async () => {
		const { id } = await reserve('modulo@example.it');
		const form = (fields: Record<string, string>) =>
			rawRequest(`${server.url}/gestione/prenotazioni/${id}`, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					Accept: 'text/html',
					Origin: server.url,
					Cookie: giulia.cookie,
				},
				body: new URLSearchParams(fields).toString(),
			});
		const done = await form({ azione: 'ritirata', versione: '1' });
		expect([done.status, done.headers['location']]).toEqual([
			303,
			`/gestione/prenotazioni/${id}?fatto=ritirata`,
		]);
		const refused = await form({ azione: 'annulla', versione: '1', motivo: 'Tardi' });
		expect(refused.status).toBe(409);
		expect(refused.body).toContain('Nel frattempo Giulia l’ha segnata come Ritirata');
		const crossSite = await rawRequest(`${server.url}/gestione/prenotazioni/${id}`, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Origin: 'https://evil.example',
				Cookie: giulia.cookie,
			},
			body: 'azione=annulla&versione=2&motivo=x',
		});
		expect(crossSite.status).toBe(403);
	});

	it.each([
		[
			'not JSON',
			'application/json',
			'{"azione":',
			400,
			'Il contenuto non è un oggetto JSON valido.',
		],
		['a list', 'application/json', '[]', 400, 'Il contenuto non è un oggetto JSON valido.'],
		[
			'an unknown action',
			'application/json',
			'{"azione":"vendi","versione":1}',
			400,
			'Azione non valida: scegli Pronta per il ritiro, Ritirata o Annulla.',
		],
		[
			'no version',
			'application/json',
			'{"azione":"ritirata"}',
			400,
			'Manca la versione della prenotazione: ricarica la pagina e riprova.',
		],
		[
			'plain text',
			'text/plain',
			'azione=ritirata',
			415,
			'Formato non supportato: invia un modulo (application/x-www-form-urlencoded) o JSON.',
		],
	])('refuses %s with a 4xx JSON in Italian', async (_name, type, text, status, error) => {
		const { id } = await reserve('male@example.it');
		const response = await rawRequest(`${server.url}/api/gestione/prenotazioni/${id}`, {
			method: 'POST',
			headers: { 'Content-Type': type, Origin: server.url, Cookie: giulia.cookie },
			body: text,
		});
		expectPrivate(response);
		expect([response.status, body(response)['error']]).toEqual([status, error]);
	});
});

describe("the automatic 'Non ritirata'", () => {
	it('ends the hold once its last day is over: the piece is free again, the pass stores it', async () => {
		const free = async () => {
			const response = await rawRequest(
				`${server.url}/api/disponibilita?negozio=torino&prodotto=${WHEY.productId}`,
				{ method: 'GET' },
			);
			const json = body(response) as { prodotti: Record<string, Record<string, number>> };
			return json.prodotti[WHEY.productId]?.[WHEY.variantId] ?? -1;
		};
		const before = await free();
		const { id } = await reserve('scaduta@example.it', {
			productId: WHEY.productId,
			variantId: WHEY.variantId,
			quantity: 1,
		});
		expect(await free()).toBe(before - 1);
		// Its last held day was yesterday (written as days passing would leave it).
		const db = new Database(dbPath);
		try {
			db.prepare(
				`UPDATE reservations SET pickup_day = date('now', '-3 days'), held_through = date('now', '-2 days')
				 WHERE id = ?`,
			).run(id);
		} finally {
			db.close();
		}
		expect(await free()).toBe(before);
		await expect
			.poll(
				async () =>
					body(
						await staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, {
							cookie: giulia.cookie,
						}),
					)['events'],
				{ timeout: 15_000 },
			)
			.toMatchObject([{ actor: 'system', from: 'held', to: 'not_collected', staffName: null }]);
		const late = await act(giulia, id, { azione: 'ritirata', versione: 1 });
		expect(late.status).toBe(409);
		expect(body(late)['error']).toMatch(/^Nel frattempo è diventata Non ritirata/);
	});
});
