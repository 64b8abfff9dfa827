import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffSession, type StaffSession } from '../../helpers/staff';
import { rawRequest, useSimulationServer } from '../helpers/contact';
import { BCAA, GLUTAMMINA, pageText, REPORT_NOW, seedMonth } from '../helpers/report';
import { expectPrivate, staffRequest } from '../helpers/staff';

/**
 * L'andamento on the built server with a real SQLite file: a month of movements and
 * reservations written into it (tests/server/helpers/report.ts) gives the figures worked out by
 * hand below, on the page, in the supplier's CSV, and after a brand's settings change; another
 * shop's member sees nothing of the shop (404); an owner of both sees each and the two together.
 * The page's clock is REPORTS_NOW (Wednesday 25 November 2026); the range is 26 October – 22
 * November 2026.
 */
const server = useSimulationServer({ STOCK_SEED_CSV: '', REPORTS_NOW: REPORT_NOW });
let giulia: StaffSession;
let marco: StaffSession;
let owner: StaffSession;

const RANGE = 'da=2026-10-26&a=2026-11-22';

beforeAll(() => {
	giulia = createStaffSession(server.dbPath, { name: 'Giulia', shops: ['torino'] }, server.url);
	marco = createStaffSession(server.dbPath, { name: 'Marco', shops: ['aosta'] }, server.url);
	owner = createStaffSession(
		server.dbPath,
		{ name: 'Paola', shops: ['torino', 'aosta'] },
		server.url,
	);
	seedMonth(server.dbPath, giulia.member.id);
});

async function page(session: StaffSession, query: string) {
	const response = await staffRequest(server.url, `/gestione/andamento?${query}`, {
		cookie: session.cookie,
		headers: { Accept: 'text/html' },
	});
	return { status: response.status, text: pageText(response.body), response };
}

/** A variant's name and label as the stock API shows them. */
async function names(ref: { productId: string; variantId: string }) {
	const response = await staffRequest(
		server.url,
		`/api/gestione/magazzino/storico?negozio=torino&prodotto=${ref.productId}&variante=${ref.variantId}`,
		{ cookie: giulia.cookie },
	);
	const { riga } = JSON.parse(response.body) as {
		riga: { productName: string; variantLabel: string };
	};
	return riga;
}

describe('the page of a shop over a range', () => {
	it('shows the reservations of the range, worked out by hand', async () => {
		const { status, text, response } = await page(giulia, `negozio=torino&${RANGE}`);
		expect(status).toBe(200);
		expectPrivate(response);
		expect(text).toContain('Sede di Torino, dal 26 ottobre al 22 novembre 2026');
		// R1–R6 made in the range (the spam one left out).
		expect(text).toContain('Prenotazioni 6 Prenotazioni ricevute');
		// R1, R3, R6 collected; R2 not: 1 of 4 ended with the customer expected = 25 %.
		expect(text).toContain('Ritirate 3 ');
		expect(text).toContain('Non ritirate 1 · 25 %');
		expect(text).toContain('Annullate 2 1 dal cliente, 1 dal negozio.');
		// To 'Pronta': 1 h, 3 h, 2 h, 4 h → median (2 h + 3 h) ÷ 2.
		expect(text).toContain('Tempo fino a «Pronta» 2 h 30 min');
		// R7 holds one piece now.
		expect(text).toContain('Pezzi prenotati ora 1 ');
	});

	it('shows the sales, the top products and each variant, worked out by hand', async () => {
		const { text } = await page(giulia, `negozio=torino&${RANGE}`);
		// Counter sales: BCAA 3 + 5 + 4, glutammina 4 + 3, creatina 1; one collection of 2.
		expect(text).toContain('Vendite al banco 20 pezzi');
		expect(text).toContain('Ritiri di prenotazioni 2 pezzi');
		const bcaa = await names(BCAA);
		const glutammina = await names(GLUTAMMINA);
		expect(text).toMatch(
			new RegExp(
				`I più venduti ${bcaa.productName} \\(Nordika Nutrition\\) : 14 pezzi ${glutammina.productName} \\(Nordika Nutrition\\) : 7 pezzi .* : 1 pezzo `,
			),
		);
		// BCAA: 14 sold of 10 + 20 = 47 %; available 15 − 1 held = 14 at 15 ÷ 30 = 0.5 a day: 28 days.
		expect(text).toContain(`${bcaa.productName} ${bcaa.variantLabel} 14 47 % 28 giorni`);
		// Glutammina: 7 of 4 + 6 = 70 %; 7 sold over 30 − 14 days out of stock = 0.4375 a day;
		// 3 ÷ 0.4375 = 6.86: 6 days.
		expect(text).toContain(`${glutammina.productName} ${glutammina.variantLabel} 7 70 % 6 giorni`);
		// Creatina: 1 of 50 = 2 %; 49 ÷ (1 ÷ 30) = 1,470 days: capped.
		expect(text).toMatch(/ 1 2 % 365\+ giorni/);
	});

	it('lists what to reorder by brand, and its CSV for the supplier', async () => {
		const { text } = await page(giulia, `negozio=torino&${RANGE}`);
		// BCAA: point 0.5 × 7 + 12 = 15.5 > 14; up to 0.5 × 21 + 12 = 22.5, less 14: 9.
		expect(text).toContain(
			'Disponibili 14 · scorta minima 12 · vende 0,5 al giorno · punto di riordino 15,5 Da ordinare: 9',
		);
		// Glutammina: point 0.4375 × 7 = 3.06 > 3; up to 0.4375 × 21 = 9.19, less 3: 7.
		expect(text).toContain(
			'Disponibili 3 · scorta minima 0 · vende 0,4 al giorno · punto di riordino 3,1 Da ordinare: 7',
		);
		expect(text).not.toContain('Da riordinare: Vettore Labs');

		const csv = await staffRequest(
			server.url,
			'/api/gestione/andamento/riordino?negozio=torino&marca=Nordika%20Nutrition',
			{ cookie: giulia.cookie, headers: { Accept: 'text/csv' } },
		);
		expect(csv.status).toBe(200);
		expectPrivate(csv);
		expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
		expect(csv.headers['content-disposition']).toMatch(
			/^attachment; filename="riordino-nordika-nutrition-\d{4}-\d{2}-\d{2}\.csv"$/,
		);
		const bcaa = await names(BCAA);
		const glutammina = await names(GLUTAMMINA);
		expect(csv.body).toBe(
			'\uFEFFmarca;prodotto;variante;disponibili;quantita_suggerita\r\n' +
				`Nordika Nutrition;${bcaa.productName};${bcaa.variantLabel};14;9\r\n` +
				`Nordika Nutrition;${glutammina.productName};${glutammina.variantLabel};3;7\r\n`,
		);
	});

	it('a brand’s lead time and days to cover, set on the page, change the list', async () => {
		const saved = await staffRequest(server.url, '/api/gestione/andamento/fornitore', {
			method: 'POST',
			cookie: giulia.cookie,
			body: { marca: 'Nordika Nutrition', consegna: 10, copertura: 20 },
		});
		expect(saved.status).toBe(200);
		expect(JSON.parse(saved.body)).toEqual({
			marca: 'Nordika Nutrition',
			consegna: 10,
			copertura: 20,
		});
		const { text } = await page(giulia, `negozio=torino&${RANGE}`);
		// BCAA: up to 0.5 × 30 + 12 = 27, less 14: 13. Glutammina: 0.4375 × 30 = 13.1, less 3: 11.
		expect(text).toContain('punto di riordino 17 Da ordinare: 13');
		expect(text).toContain('punto di riordino 4,4 Da ordinare: 11');

		// The page's own form, without script: urlencoded, back to the page with a note.
		const form = await rawRequest(`${server.url}/api/gestione/andamento/fornitore`, {
			headers: {
				Origin: server.url,
				Cookie: giulia.cookie,
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: 'marca=Nordika+Nutrition&consegna=7&copertura=14&negozio=torino&periodo=intervallo&da=2026-10-26&a=2026-11-22',
		});
		expect(form.status).toBe(303);
		expect(form.headers['location']).toBe(
			'/gestione/andamento?esito=fornitore&negozio=torino&periodo=intervallo&da=2026-10-26&a=2026-11-22#riordino',
		);
		const back = await page(giulia, `negozio=torino&${RANGE}&esito=fornitore`);
		expect(back.text).toContain('Impostazioni della marca salvate');
		expect(back.text).toContain('punto di riordino 15,5 Da ordinare: 9');
	});

	it('refuses bad settings in Italian, and another site’s form', async () => {
		const cases: [unknown, number, RegExp][] = [
			[{ marca: 'Nordika Nutrition', consegna: 7.5, copertura: 14 }, 422, /«consegna»/],
			[{ marca: 'Nordika Nutrition', consegna: 7, copertura: 400 }, 422, /«copertura»/],
			[{ marca: 'Sconosciuta', consegna: 7, copertura: 14 }, 422, /marca/],
		];
		for (const [body, status, error] of cases) {
			const answer = await staffRequest(server.url, '/api/gestione/andamento/fornitore', {
				method: 'POST',
				cookie: giulia.cookie,
				body,
			});
			expect(answer.status).toBe(status);
			expect((JSON.parse(answer.body) as { error: string }).error).toMatch(error);
		}
		const tooLarge = await staffRequest(server.url, '/api/gestione/andamento/fornitore', {
			method: 'POST',
			cookie: giulia.cookie,
			body: { marca: 'x'.repeat(10_000) },
		});
		expect(tooLarge.status).toBe(413);
		const crossSite = await staffRequest(server.url, '/api/gestione/andamento/fornitore', {
			method: 'POST',
			cookie: giulia.cookie,
			origin: 'https://evil.example',
			body: { marca: 'Nordika Nutrition', consegna: 1, copertura: 1 },
		});
		expect(crossSite.status).toBe(403);
	});
});

describe('who sees which shop', () => {
	it('another shop’s member sees nothing of this shop: 404, page and CSV', async () => {
		const other = await page(marco, `negozio=torino&${RANGE}`);
		expect(other.status).toBe(404);
		expect(other.text).not.toContain('Prenotazioni 6');
		const unknown = await page(marco, 'negozio=milano');
		expect(unknown.status).toBe(404);
		const csv = await staffRequest(
			server.url,
			'/api/gestione/andamento/riordino?negozio=torino&marca=Nordika%20Nutrition',
			{ cookie: marco.cookie },
		);
		expect(csv.status).toBe(404);
		expect(csv.body).not.toContain('Nordika Nutrition;');
		// Their own shop, without asking: Aosta's one reservation.
		const own = await page(marco, RANGE);
		expect(own.status).toBe(200);
		expect(own.text).toContain('Sede di Aosta, dal 26 ottobre');
		expect(own.text).toContain('Prenotazioni 1 ');
	});

	it('an owner of both sees each shop and the two together', async () => {
		const together = await page(owner, RANGE);
		expect(together.status).toBe(200);
		expect(together.text).toContain('Tutti i tuoi negozi (Sede di Torino e Sede di Aosta)');
		// 6 + 1 made; 3 + 1 collected, 1 not: 1 of 5 = 20 %.
		expect(together.text).toContain('Prenotazioni 7 ');
		expect(together.text).toContain('Non ritirate 1 · 20 %');
		const torino = await page(owner, `negozio=torino&${RANGE}`);
		expect(torino.text).toContain('Prenotazioni 6 ');
		const aosta = await page(owner, `negozio=aosta&${RANGE}`);
		expect(aosta.text).toContain('Prenotazioni 1 ');
	});

	it('the weeks of the charts, as a table too', async () => {
		const { text } = await page(giulia, 'negozio=torino');
		// This week (23 November): R7; the week of 16 November: R4, R5, R6.
		expect(text).toContain('16 novembre 2026 3 ');
		expect(text).toContain('23 novembre 2026 1 ');
		// The week of 9 November: R3 collected, R2 not collected on the 13th = 50 %.
		expect(text).toContain('9 novembre 2026 50 %');
	});

	it('a bad range is told in Italian, not a 500', async () => {
		const { status, text } = await page(giulia, 'negozio=torino&da=2026-11-30&a=2026-11-01');
		expect(status).toBe(200);
		expect(text).toContain('La data di inizio deve venire prima di quella di fine.');
	});
});
