import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../scripts/start-server.mjs';
import { createStaffSession, type StaffSession } from '../../helpers/staff';
import { rawRequest, startWithSmtp, type Cleanups } from '../helpers/contact';
import {
	postReservation,
	singlePieces,
	validReservation,
	type SinglePiece,
} from '../helpers/pickup';
import { QUICK_RETRIES, smtpFor, type TestSmtp } from '../helpers/smtp';
import { expectPrivate, staffRequest } from '../helpers/staff';

/**
 * The undo of 'Pronta per il ritiro' on the real built server, a real SQLite file and an
 * in-process SMTP server: the customer's e-mail waits in the outbox for the undo window
 * (STAFF_UNDO_SECONDS, 4 s here); undone within it, no e-mail ever leaves and the history shows
 * both steps; not undone, exactly one leaves once the window is over, and a late undo is refused.
 * A reservation marked 'Pronta' at the same time and left alone is the witness that the window
 * has passed and the outbox has run, so no test waits for a fixed time.
 */
const WINDOW_SECONDS = 4;
const cleanups: Cleanups = [];
let server: RunningServer;
let dbPath: string;
let smtp: TestSmtp;
let giulia: StaffSession;
let marco: StaffSession;
let pieces: SinglePiece[] = [];

beforeAll(async () => {
	smtp = await smtpFor(cleanups);
	({ server, dbPath } = await startWithSmtp(
		smtp.port,
		{ ...QUICK_RETRIES, STAFF_RATE_LIMIT: '1000000', STAFF_UNDO_SECONDS: String(WINDOW_SECONDS) },
		cleanups,
	));
	giulia = createStaffSession(dbPath, { name: 'Giulia', shops: ['torino'] }, server.url);
	marco = createStaffSession(dbPath, { name: 'Marco', shops: ['torino'] }, server.url);
	pieces = singlePieces(400).filter((piece) => piece.shopId === 'torino');
}, 60_000);

afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await cleanup();
});

async function reserve(email: string): Promise<{ id: number; code: string }> {
	const item = pieces.shift()?.item;
	if (!item) throw new Error('No single piece left at Torino.');
	const { status, json } = await postReservation(
		server.url,
		validReservation({ email, items: [item] }),
	);
	expect(status).toBe(201);
	return { id: json['id'] as number, code: json['code'] as string };
}

function body(response: { body: string }): Record<string, unknown> {
	return JSON.parse(response.body) as Record<string, unknown>;
}

function act(id: number, fields: Record<string, unknown>, who: StaffSession = giulia) {
	return staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, {
		method: 'POST',
		cookie: who.cookie,
		body: fields,
	});
}

/** 'Pronta per il ritiro' e-mails received by `to`. */
function readyMails(to: string) {
	return smtp.mails.filter(
		(mail) => mail.to.includes(to) && /pronta per il ritiro/.test(mail.subject),
	);
}

/** The stored 'pronta' e-mail of a reservation, if any. */
function storedReady(
	id: number,
): { status: string; next_attempt_at: number; created_at: string } | undefined {
	const db = new Database(dbPath, { readonly: true });
	try {
		return db
			.prepare(
				`SELECT status, next_attempt_at, created_at FROM emails
				 WHERE reservation_id = ? AND kind = 'ready'`,
			)
			.get(id) as { status: string; next_attempt_at: number; created_at: string } | undefined;
	} finally {
		db.close();
	}
}

/** Waits until `to` has received its 'pronta' e-mail: the window has passed, the outbox ran. */
async function witnessed(to: string): Promise<void> {
	await expect.poll(() => readyMails(to).length, { timeout: 30_000 }).toBe(1);
}

describe("undoing 'Pronta per il ritiro'", { timeout: 60_000 }, () => {
	it('undone within the window: back to Da preparare, both steps in the history, no e-mail', async () => {
		const undone = await reserve('annullata.pronta@example.it');
		const collected = await reserve('ritirata.subito@example.it');
		const witness = await reserve('testimone.uno@example.it');

		for (const { id } of [undone, collected, witness]) {
			expect((await act(id, { azione: 'pronta', versione: 1 })).status).toBe(200);
		}
		// The e-mail waits for the window: stored unsent, due exactly the window after.
		const waiting = storedReady(undone.id);
		expect(waiting?.status).toBe('pending');
		expect((waiting?.next_attempt_at ?? 0) - Date.parse(waiting?.created_at ?? '')).toBe(
			WINDOW_SECONDS * 1000,
		);
		// The page's view offers the undo until then.
		const shown = body(
			await staffRequest(server.url, `/api/gestione/prenotazioni/${undone.id}`, {
				cookie: giulia.cookie,
			}),
		);
		expect(typeof shown['undoUntil']).toBe('string');

		const undo = await act(undone.id, { azione: 'annulla-pronta', versione: 2 });
		expectPrivate(undo);
		expect([undo.status, body(undo)['status'], body(undo)['version']]).toEqual([200, 'held', 3]);
		expect(storedReady(undone.id)).toBeUndefined();
		// Collected within the window: the customer is at the counter, no 'pronta' e-mail either.
		const taken = await act(collected.id, { azione: 'ritirata', versione: 2 });
		expect(taken.status).toBe(200);

		await witnessed('testimone.uno@example.it');
		expect(readyMails('annullata.pronta@example.it')).toHaveLength(0);
		expect(readyMails('ritirata.subito@example.it')).toHaveLength(0);
		const after = body(
			await staffRequest(server.url, `/api/gestione/prenotazioni/${undone.id}`, {
				cookie: giulia.cookie,
			}),
		) as {
			status: string;
			undoUntil: unknown;
			events: { staffName: string; from: string; to: string }[];
		};
		expect(after.status).toBe('held');
		expect(after.undoUntil).toBeNull();
		expect(after.events).toMatchObject([
			{ staffName: 'Giulia', from: 'held', to: 'ready' },
			{ staffName: 'Giulia', from: 'ready', to: 'held' },
		]);
		// Nothing left to undo.
		const again = await act(undone.id, { azione: 'annulla-pronta', versione: 3 });
		expect([again.status, body(again)['error']]).toEqual([
			422,
			'Non c’è niente da annullare: si può annullare solo «Pronta per il ritiro» appena segnata.',
		]);
	});

	it('not undone: exactly one e-mail once the window is over, and a late undo is refused', async () => {
		const { id, code } = await reserve('pronta.davvero@example.it');
		expect((await act(id, { azione: 'pronta', versione: 1 })).status).toBe(200);
		await witnessed('pronta.davvero@example.it');
		expect(readyMails('pronta.davvero@example.it')[0]?.subject).toContain(code);
		await expect.poll(() => storedReady(id)?.status).toBe('sent');
		const late = await act(id, { azione: 'annulla-pronta', versione: 2 });
		expect([late.status, body(late)['error']]).toEqual([
			422,
			'Troppo tardi per annullare: l’e-mail al cliente è già partita. La prenotazione resta Pronta per il ritiro.',
		]);
		// The loop's next passes send nothing more.
		const witness = await reserve('testimone.due@example.it');
		expect((await act(witness.id, { azione: 'pronta', versione: 1 })).status).toBe(200);
		await witnessed('testimone.due@example.it');
		expect(readyMails('pronta.davvero@example.it')).toHaveLength(1);
	});

	it('undone and marked again: one e-mail, for the second Pronta', async () => {
		const { id } = await reserve('ripensata@example.it');
		expect((await act(id, { azione: 'pronta', versione: 1 })).status).toBe(200);
		expect((await act(id, { azione: 'annulla-pronta', versione: 2 })).status).toBe(200);
		expect((await act(id, { azione: 'pronta', versione: 3 })).status).toBe(200);
		await witnessed('ripensata@example.it');
		await expect.poll(() => storedReady(id)?.status).toBe('sent');
	});

	it('works without JavaScript: the page offers Annulla as a form, and the form undoes it', async () => {
		const { id } = await reserve('senza.js@example.it');
		const form = (fields: Record<string, string>) =>
			rawRequest(`${server.url}/gestione/prenotazioni/${id}`, {
				method: 'POST',
				headers: {
					Origin: server.url,
					Cookie: giulia.cookie,
					'Content-Type': 'application/x-www-form-urlencoded',
					Accept: 'text/html',
				},
				body: new URLSearchParams(fields).toString(),
			});
		const ready = await form({ azione: 'pronta', versione: '1' });
		expect([ready.status, ready.headers['location']]).toEqual([
			303,
			`/gestione/prenotazioni/${id}?fatto=pronta`,
		]);
		const page = await staffRequest(server.url, `/gestione/prenotazioni/${id}?fatto=pronta`, {
			cookie: giulia.cookie,
			headers: { Accept: 'text/html' },
		});
		expectPrivate(page);
		expect(page.body).toMatch(/name="azione" value="annulla-pronta"/);
		const undo = await form({ azione: 'annulla-pronta', versione: '2' });
		expect([undo.status, undo.headers['location']]).toEqual([
			303,
			`/gestione/prenotazioni/${id}?fatto=annulla-pronta`,
		]);
		const back = await staffRequest(
			server.url,
			`/gestione/prenotazioni/${id}?fatto=annulla-pronta`,
			{
				cookie: giulia.cookie,
				headers: { Accept: 'text/html' },
			},
		);
		expect(back.body).toContain('di nuovo Da preparare');
		expect(back.body).not.toMatch(/value="annulla-pronta"/);
		expect(storedReady(id)).toBeUndefined();
	});
	it('only the member who marked it can undo it: a colleague is refused and never offered it', async () => {
		const { id } = await reserve('pronta.di.giulia@example.it');
		expect((await act(id, { azione: 'pronta', versione: 1 })).status).toBe(200);
		const read = async (who: StaffSession) =>
			body(
				await staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, { cookie: who.cookie }),
			)['undoUntil'];
		expect(typeof (await read(giulia))).toBe('string');
		expect(await read(marco)).toBeNull();
		const page = (who: StaffSession) =>
			staffRequest(server.url, `/gestione/prenotazioni/${id}?fatto=pronta`, {
				cookie: who.cookie,
				headers: { Accept: 'text/html' },
			});
		expect((await page(giulia)).body).toMatch(/name="azione" value="annulla-pronta"/);
		expect((await page(marco)).body).not.toMatch(/value="annulla-pronta"/);

		const refused = await act(id, { azione: 'annulla-pronta', versione: 2 }, marco);
		expectPrivate(refused);
		expect([refused.status, body(refused)['error']]).toEqual([
			403,
			'Solo chi l’ha segnata Pronta per il ritiro (Giulia) può annullarla: la prenotazione resta Pronta per il ritiro.',
		]);
		// The same refusal without JavaScript, as the page's form posts it.
		const form = await rawRequest(`${server.url}/gestione/prenotazioni/${id}`, {
			method: 'POST',
			headers: {
				Origin: server.url,
				Cookie: marco.cookie,
				'Content-Type': 'application/x-www-form-urlencoded',
				Accept: 'text/html',
			},
			body: new URLSearchParams({ azione: 'annulla-pronta', versione: '2' }).toString(),
		});
		expect(form.status).toBe(403);
		expect(form.body).toContain('Solo chi l’ha segnata Pronta per il ritiro (Giulia)');
		// Nothing changed: still Pronta, its e-mail still waiting, and Giulia can still undo it.
		expect(storedReady(id)?.status).toBe('pending');
		const undone = await act(id, { azione: 'annulla-pronta', versione: 2 });
		expect([undone.status, body(undone)['status']]).toEqual([200, 'held']);
		expect(storedReady(id)).toBeUndefined();
	});

	it('the pick list offers the same undo after a tick', async () => {
		const { id } = await reserve('spuntata.annullata@example.it');
		const post = (fields: Record<string, string>) =>
			rawRequest(`${server.url}/gestione/preparazione`, {
				method: 'POST',
				headers: {
					Origin: server.url,
					Cookie: giulia.cookie,
					'Content-Type': 'application/x-www-form-urlencoded',
					Accept: 'text/html',
				},
				body: new URLSearchParams(fields).toString(),
			});
		const ticked = await post({ azione: 'pronta', id: String(id), versione: '1' });
		expect(ticked.status).toBe(303);
		const page = await staffRequest(server.url, String(ticked.headers['location'] ?? ''), {
			cookie: giulia.cookie,
			headers: { Accept: 'text/html' },
		});
		expect(page.body).toMatch(/name="azione" value="annulla-pronta"/);
		const undone = await post({ azione: 'annulla-pronta', id: String(id), versione: '2' });
		expect([undone.status, undone.headers['location']]).toEqual([
			303,
			`/gestione/preparazione?fatto=annulla-pronta&id=${id}`,
		]);
		expect(storedReady(id)).toBeUndefined();
		const witness = await reserve('testimone.tre@example.it');
		expect((await act(witness.id, { azione: 'pronta', versione: 1 })).status).toBe(200);
		await witnessed('testimone.tre@example.it');
		expect(readyMails('spuntata.annullata@example.it')).toHaveLength(0);
	});
});
