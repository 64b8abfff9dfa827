import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { romeToday } from '../../../src/lib/reservations/days';
import type { RunningServer } from '../../../scripts/start-server.mjs';
import type { StaffSession } from '../../helpers/staff';
import { rawRequest } from '../helpers/contact';
import { reserveItems, useDeskServer } from '../helpers/desk';
import { nextPickupDay, WHEY, type SinglePiece } from '../helpers/pickup';
import type { TestSmtp } from '../helpers/smtp';
import { expectPrivate, staffRequest } from '../helpers/staff';

/**
 * The morning's pick list (/gestione/preparazione) on the real built server and a real SQLite
 * file: its totals are the sum of the day's open reservations of the member's shops (to
 * prepare: 'Pronta' ones are already bagged), another shop's never show, ticking a code marks
 * it 'Pronta' through the desk (one e-mail to the customer), and bad input is refused in Italian.
 */
const desk = useDeskServer([
	{ name: 'Giulia', shops: ['torino'] },
	{ name: 'Marco', shops: ['aosta'] },
]);
let server: RunningServer;
let dbPath: string;
let smtp: TestSmtp;
let giulia: StaffSession;
let marco: StaffSession;
let torino: SinglePiece[] = [];
let aosta: SinglePiece[] = [];

beforeAll(() => {
	({ server, dbPath, smtp } = desk);
	giulia = desk.member('Giulia');
	marco = desk.member('Marco');
	({ torino, aosta } = desk.pieces);
});

function reserve(
	email: string,
	items: { productId: string; variantId: string; quantity: number }[],
	shopId = 'torino',
): Promise<{ id: number; code: string }> {
	return reserveItems(server.url, email, items, shopId);
}

function take(from: SinglePiece[], count: number) {
	return from.splice(0, count).map((piece) => piece.item);
}

/** The pieces of the open ('held') reservations of a shop due on a day, read from the file. */
function heldPieces(shopId: string, day: string): { pieces: number; codes: string[] } {
	const db = new Database(dbPath, { readonly: true });
	try {
		const { pieces } = db
			.prepare(
				`SELECT COALESCE(SUM(quantity), 0) AS pieces FROM reservation_items AS item
				 JOIN reservations ON reservations.id = item.reservation_id
				 WHERE shop_id = ? AND pickup_day = ? AND status = 'held' AND spam = 0`,
			)
			.get(shopId, day) as { pieces: number };
		const codes = (
			db
				.prepare(
					`SELECT code FROM reservations
					 WHERE shop_id = ? AND pickup_day = ? AND status = 'held' AND spam = 0`,
				)
				.all(shopId, day) as { code: string }[]
		).map((row) => row.code);
		return { pieces, codes };
	} finally {
		db.close();
	}
}

/** The page as a member sees it: its total, the pieces of each line, the codes it names. */
async function pickPage(session: StaffSession, query = '') {
	const page = await staffRequest(server.url, `/gestione/preparazione${query}`, {
		cookie: session.cookie,
		headers: { Accept: 'text/html' },
	});
	const number = (pattern: RegExp) => [...page.body.matchAll(pattern)].map((m) => Number(m[1]));
	return {
		response: page,
		total: number(/data-pick-total="(\d+)"/g).reduce((sum, n) => sum + n, 0),
		lines: number(/data-pieces="(\d+)"/g).reduce((sum, n) => sum + n, 0),
		ticks: [...page.body.matchAll(/data-pick-tick="([A-Z0-9]{6})"/g)].map((m) => m[1]),
	};
}

/** Posts a form of the page, as a browser without JavaScript does. */
function postForm(session: StaffSession, fields: Record<string, string>) {
	return rawRequest(`${server.url}/gestione/preparazione`, {
		method: 'POST',
		headers: {
			Origin: server.url,
			Cookie: session.cookie,
			'Content-Type': 'application/x-www-form-urlencoded',
			Accept: 'text/html',
		},
		body: new URLSearchParams(fields).toString(),
	});
}

describe('the pick list', { timeout: 60_000 }, () => {
	it("totals equal the sum of the day's open reservations, for the member's shop only", async () => {
		const day = nextPickupDay('torino');
		const whey = await reserve('due.whey@example.it', [
			{ productId: WHEY.productId, variantId: WHEY.variantId, quantity: 2 },
		]);
		const two = await reserve('due.pezzi@example.it', take(torino, 2));
		await reserve('tre.pezzi@example.it', take(torino, 3));
		const other = await reserve('aosta@example.it', take(aosta, 1), 'aosta');

		const expected = heldPieces('torino', day);
		expect(expected.pieces).toBeGreaterThanOrEqual(7);
		const list = await pickPage(giulia, `?giorno=${day}`);
		expectPrivate(list.response);
		expect(list.response.status).toBe(200);
		expect(list.total).toBe(expected.pieces);
		expect(list.lines).toBe(expected.pieces);
		expect(list.ticks.sort()).toEqual(expected.codes.sort());
		expect(list.ticks).not.toContain(other.code);
		expect(list.response.body).toContain(`${whey.code} ×2`);

		// Prepared: out of the pieces to take, still among the day's codes (ticked).
		const ready = await staffRequest(server.url, `/api/gestione/prenotazioni/${two.id}`, {
			method: 'POST',
			cookie: giulia.cookie,
			body: { azione: 'pronta', versione: 1 },
		});
		expect(ready.status).toBe(200);
		const after = await pickPage(giulia, `?giorno=${day}`);
		expect(after.total).toBe(expected.pieces - 2);
		expect(after.total).toBe(heldPieces('torino', day).pieces);
		expect(after.ticks).toContain(two.code);

		// Aosta's member sees only Aosta's.
		const theirs = await pickPage(marco, `?giorno=${day}`);
		expect(theirs.ticks).toEqual([other.code]);
		expect(theirs.total).toBe(heldPieces('aosta', day).pieces);
	});

	it("without ?giorno: today's reservations", async () => {
		const { id } = await reserve('oggi@example.it', take(torino, 2));
		// Reservations are made from tomorrow on: this one is moved to today in the file.
		const today = romeToday(new Date());
		const db = new Database(dbPath);
		try {
			db.prepare(`UPDATE reservations SET pickup_day = ? WHERE id = ?`).run(today, id);
		} finally {
			db.close();
		}
		const list = await pickPage(giulia);
		expect(list.response.body).toContain('Oggi, ');
		expect(list.total).toBe(heldPieces('torino', today).pieces);
		expect(list.total).toBeGreaterThanOrEqual(2);
		// It links the next open days.
		expect(list.response.body).toMatch(/href="\/gestione\/preparazione\?giorno=\d{4}-\d{2}-\d{2}"/);
	});

	it("ticking a code marks it 'Pronta' like the desk: one e-mail, and an undo while it waits", async () => {
		const day = nextPickupDay('torino');
		const { id, code } = await reserve('spuntata@example.it', take(torino, 1));
		const ticked = await postForm(giulia, {
			azione: 'pronta',
			id: String(id),
			versione: '1',
			giorno: day,
		});
		expect([ticked.status, ticked.headers['location']]).toEqual([
			303,
			`/gestione/preparazione?giorno=${day}&fatto=pronta&id=${id}`,
		]);
		const detail = JSON.parse(
			(
				await staffRequest(server.url, `/api/gestione/prenotazioni/${id}`, {
					cookie: giulia.cookie,
				})
			).body,
		) as { status: string; events: { staffName: string; to: string }[] };
		expect(detail.status).toBe('ready');
		expect(detail.events).toMatchObject([{ staffName: 'Giulia', to: 'ready' }]);
		await expect
			.poll(
				() =>
					smtp.mails.filter(
						(mail) =>
							mail.to.includes('spuntata@example.it') && /pronta per il ritiro/.test(mail.subject),
					).length,
				{ timeout: 20_000 },
			)
			.toBe(1);
		expect(smtp.mails.find((mail) => mail.to.includes('spuntata@example.it'))?.subject).toContain(
			code,
		);
		// Ticked twice (a second phone): refused, nothing sent again.
		const twice = await postForm(giulia, { azione: 'pronta', id: String(id), versione: '1' });
		expect(twice.status).toBe(409);
		expect(twice.body).toContain('Nel frattempo Giulia l’ha segnata come Pronta per il ritiro');
	});

	it('refuses bad input in Italian, and another shop’s code as one that does not exist', async () => {
		const badDay = await pickPage(giulia, '?giorno=2026-02-30');
		expect(badDay.response.status).toBe(400);
		expect(badDay.response.body).toContain('Giorno non valido');
		const collect = await postForm(giulia, { azione: 'ritirata', id: '1', versione: '1' });
		expect(collect.status).toBe(400);
		expect(collect.body).toContain('Da qui si può solo segnare una prenotazione come pronta.');
		const theirs = await reserve('altro.negozio@example.it', take(aosta, 1), 'aosta');
		const hidden = await postForm(giulia, {
			azione: 'pronta',
			id: String(theirs.id),
			versione: '1',
		});
		expect(hidden.status).toBe(404);
		expect(hidden.body).toContain('Prenotazione non trovata.');
		const noId = await postForm(giulia, { azione: 'pronta', versione: '1' });
		expect(noId.status).toBe(400);
		const crossSite = await rawRequest(`${server.url}/gestione/preparazione`, {
			method: 'POST',
			headers: {
				Origin: 'https://esempio.example',
				Cookie: giulia.cookie,
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: `azione=pronta&id=${theirs.id}&versione=1`,
		});
		expect(crossSite.status).toBe(403);
	});
});
