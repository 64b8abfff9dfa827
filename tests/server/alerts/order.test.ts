import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffSession, type StaffSession } from '../../helpers/staff';
import { staffRequest } from '../helpers/staff';
import { startWithSmtp, type Cleanups } from '../helpers/contact';
import {
	alertBody,
	askAndConfirm,
	noticesTo,
	postAlert,
	readAlerts,
	recordMovement,
	until,
} from '../helpers/alerts';
import { QUICK_RETRIES, smtpFor, type TestSmtp } from '../helpers/smtp';

/**
 * 'Avvisami' on the built server with a real SQLite file and a real SMTP server: only confirmed
 * requests wait; each arrival tells the oldest of them first, at most as many as the pieces
 * that arrived; each is told once and then closed; 'any shop' requests are told by any shop.
 */
const cleanups: Cleanups = [];
let url: string;
let dbPath: string;
let smtp: TestSmtp;
let giulia: StaffSession;

beforeAll(async () => {
	smtp = await smtpFor(cleanups);
	const started = await startWithSmtp(smtp.port, { ...QUICK_RETRIES }, cleanups);
	url = started.server.url;
	dbPath = started.dbPath;
	giulia = createStaffSession(dbPath, { name: 'Giulia', shops: ['torino', 'aosta'] }, url);
});

afterAll(async () => {
	for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Waits until exactly `count` notices arrived, and a moment more for any extra one. */
async function noticesSettle(count: number): Promise<string[]> {
	await until(() => noticesTo(smtp).length >= count);
	await new Promise((resolve) => setTimeout(resolve, 400));
	return noticesTo(smtp);
}

describe('who is told, and when', { timeout: 30_000 }, () => {
	it('tells the two oldest of five at an arrival of 2, then the third at an arrival of 1', async () => {
		const people = ['uno', 'due', 'tre', 'quattro', 'cinque'].map((n) => `${n}@example.it`);
		for (const email of people) await askAndConfirm(url, smtp, email);
		// Asked but never confirmed: never told.
		expect((await postAlert(url, alertBody('senza.conferma@example.it'))).status).toBe(201);

		await recordMovement(url, giulia, { shopId: 'torino', reason: 'arrival', pieces: 2 });
		expect(await noticesSettle(2)).toEqual(['uno@example.it', 'due@example.it']);

		await recordMovement(url, giulia, { shopId: 'torino', reason: 'arrival', pieces: 1 });
		expect(await noticesSettle(3)).toEqual(['uno@example.it', 'due@example.it', 'tre@example.it']);

		const notice = smtp.mails.find(
			(mail) => mail.to.includes('uno@example.it') && mail.subject.startsWith('È tornato'),
		);
		expect(notice?.text).toContain('Whey 80 Concentrate – Cioccolato – 900 g');
		expect(notice?.text).toContain('nel negozio: Sede di Torino.');
		expect(notice?.text).toContain('non sono tenuti da parte per te');
		expect(notice?.text).toMatch(
			/\/prodotti\/[a-z-]+\/whey-concentrate-80\?variante=cioccolato-900-g/,
		);
		expect(notice?.text).toContain('Non mi interessa più');

		const rows = readAlerts(dbPath);
		const byEmail = new Map(rows.map((row) => [row.email, row.status]));
		expect(byEmail.get('uno@example.it')).toBe('told');
		expect(byEmail.get('tre@example.it')).toBe('told');
		expect(byEmail.get('quattro@example.it')).toBe('waiting');
		expect(byEmail.get('senza.conferma@example.it')).toBe('unconfirmed');

		// A count that only lowers the figure tells nobody; the shelf back to 0, then up: the rise
		// tells the next in line, and the unconfirmed request still nobody.
		await recordMovement(url, giulia, { shopId: 'torino', reason: 'count', pieces: 0 });
		await recordMovement(url, giulia, { shopId: 'torino', reason: 'return', pieces: 1 });
		expect((await noticesSettle(4)).at(-1)).toBe('quattro@example.it');
		expect(noticesTo(smtp)).not.toContain('senza.conferma@example.it');
	});

	it('tells an "any shop" request at an arrival in either shop, in its turn', async () => {
		const before = noticesTo(smtp).length;
		await askAndConfirm(url, smtp, 'ovunque@example.it', { shopId: 'qualsiasi' });
		// 'cinque' (Torino) asked earlier; an arrival of 1 at Aosta tells the 'any shop' one only.
		await recordMovement(url, giulia, { shopId: 'aosta', reason: 'arrival', pieces: 1 });
		expect((await noticesSettle(before + 1)).slice(before)).toEqual(['ovunque@example.it']);
		const notice = smtp.mails.findLast((mail) => mail.to.includes('ovunque@example.it'));
		expect(notice?.text).toContain('nel negozio: Sede di Aosta.');
	});

	it('tells nobody twice when two arrivals are recorded at once', async () => {
		const people = ['a1', 'a2', 'a3', 'a4'].map((n) => `${n}@example.it`);
		const product = { productId: 'whey-concentrate-80', variantId: 'biscotto-2-kg' };
		for (const email of people) await askAndConfirm(url, smtp, email, product);
		const before = noticesTo(smtp).length;
		await Promise.all([
			recordMovement(url, giulia, { shopId: 'torino', reason: 'arrival', pieces: 1, ...product }),
			recordMovement(url, giulia, { shopId: 'torino', reason: 'arrival', pieces: 1, ...product }),
		]);
		const told = (await noticesSettle(before + 2)).slice(before);
		expect(told.sort()).toEqual(['a1@example.it', 'a2@example.it']);
	});

	it('shows staff how many wait and how many each arrival told, never who', async () => {
		const waiting = (path: string) =>
			staffRequest(url, path, { cookie: giulia.cookie, headers: { Accept: 'text/html' } });
		// 'cinque' still waits for Torino's 900 g chocolate, 'a3' and 'a4' for its 2 kg biscuit:
		// 'Con richieste' lists those two rows only.
		const list = await waiting('/gestione/magazzino?filtro=richieste');
		expect(list.status).toBe(200);
		expect(list.body).toContain('1 in attesa');
		expect(list.body).toContain('2 in attesa');
		expect(list.body.match(/data-stock-row=/g)).toHaveLength(2);
		expect(list.body).toContain('Con richieste');
		expect(list.body).not.toMatch(/@example\.it/);

		const page = await waiting(
			'/gestione/magazzino/variante?negozio=torino&prodotto=whey-concentrate-80&variante=cioccolato-900-g',
		);
		expect(page.status).toBe(200);
		const text = page.body.replace(/\s+/g, ' ');
		expect(text).toContain('Richieste di avviso');
		expect(text).toContain('1 in attesa');
		expect(text).toContain('2 persone avvisate (2 disponibili)');
		expect(text).toContain('1 persona avvisata');
		expect(page.body).not.toMatch(/@example\.it/);

		const csv = await waiting('/api/gestione/magazzino/esporta');
		expect(csv.status).toBe(200);
		const [header, ...rows] = csv.body.replace('\uFEFF', '').split('\r\n');
		expect(header?.split(';').at(-1)).toBe('in_attesa');
		const row = rows.find((line) =>
			line.startsWith('torino;whey-concentrate-80;cioccolato-900-g;'),
		);
		expect(row?.split(';').at(-1)).toBe('1');
	});
});
