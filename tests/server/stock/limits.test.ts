import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/start-server.mjs';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../../src/lib/stock/csv';
import { createStaffSession, type StaffSession } from '../../helpers/staff';
import { rawRequest, useSimulationServer } from '../helpers/contact';
import { WHEY } from '../helpers/pickup';
import { staffRequest } from '../helpers/staff';

/**
 * The stock's limits on the real built server with a real SQLite file: a stocktake counts each
 * variant once and at most MAX_IMPORT_ROWS rows, refused whole otherwise; a CSV count confirmed
 * after a sale never undoes it (the confirmation names the ledger its preview read); and
 * `npm run magazzino -- importa` stops reading a file as soon as it passes the row or byte limit.
 */
const server = useSimulationServer();
let giulia: StaffSession;
let dir: string;

beforeAll(() => {
	giulia = createStaffSession(server.dbPath, { name: 'Giulia', shops: ['torino'] }, server.url);
	dir = mkdtempSync(join(tmpdir(), 'vigorsport-stock-limits-'));
});

afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const json = (response: { body: string }) => JSON.parse(response.body) as Json;

/** The ledger's movements of a variant at Torino, read from the database file. */
function movements(productId: string, variantId: string): number {
	const db = new Database(server.dbPath, { readonly: true });
	try {
		return db
			.prepare(
				`SELECT COUNT(*) FROM stock_movements
				 WHERE shop_id = 'torino' AND product_id = ? AND variant_id = ?`,
			)
			.pluck()
			.get(productId, variantId) as number;
	} finally {
		db.close();
	}
}

/** The stock page's row of a variant at Torino. */
async function row(productId: string, variantId: string) {
	const response = await staffRequest(
		server.url,
		`/api/gestione/magazzino/storico?negozio=torino&prodotto=${productId}&variante=${variantId}`,
		{ cookie: giulia.cookie },
	);
	expect(response.status).toBe(200);
	return json(response)['riga'] as { onHand: number; version: number };
}

/** Torino's first rows of the stock list (variants the build has). */
async function torinoRows(count: number) {
	const list = await staffRequest(server.url, '/api/gestione/magazzino?negozio=torino', {
		cookie: giulia.cookie,
	});
	const rows = (json(list)['righe'] as { productId: string; variantId: string; version: number }[])
		.filter((r) => !(r.productId === WHEY.productId && r.variantId === WHEY.variantId))
		.slice(0, count);
	expect(rows).toHaveLength(count);
	return rows;
}

function post(path: string, body: unknown) {
	return staffRequest(server.url, `/api/gestione/magazzino${path}`, {
		method: 'POST',
		cookie: giulia.cookie,
		body,
	});
}

function sell(productId: string, variantId: string, pieces: number) {
	return post('/movimento', {
		negozio: 'torino',
		prodotto: productId,
		variante: variantId,
		motivo: 'counter_sale',
		pezzi: pieces,
	});
}

const count = (productId: string, variantId: string, pieces: number, versione?: number) => ({
	negozio: 'torino',
	prodotto: productId,
	variante: variantId,
	pezzi: pieces,
	...(versione === undefined ? {} : { versione }),
});

describe('a stocktake through the API', () => {
	it('refuses the same variant counted twice, naming the rows, and writes nothing', async () => {
		const [a, b] = await torinoRows(2);
		if (!a || !b) throw new Error('two rows expected');
		const before = movements(a.productId, a.variantId);
		const answer = await post('/conteggio', {
			conteggi: [
				count(a.productId, a.variantId, 5),
				count(b.productId, b.variantId, 6),
				count(a.productId, a.variantId, 7),
			],
		});
		expect(answer.status).toBe(422);
		expect(json(answer)).toMatchObject({ riga: 0, righe: [0, 2] });
		expect(json(answer)['error']).toMatch(/più di una volta \(righe 1 e 3 del conteggio\)/);
		expect(movements(a.productId, a.variantId)).toBe(before);
	});

	it('refuses the probe’s 5,000 rows of one variant without versione at once, writing nothing', async () => {
		const before = movements(WHEY.productId, WHEY.variantId);
		const answer = await post('/conteggio', {
			conteggi: Array.from({ length: 5000 }, (_, n) =>
				count(WHEY.productId, WHEY.variantId, n % 50),
			),
		});
		expect(answer.status).toBe(422);
		expect((json(answer)['righe'] as number[]).slice(0, 3)).toEqual([0, 1, 2]);
		expect(json(answer)['error']).toMatch(/righe 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 e altre 4990/);
		expect(movements(WHEY.productId, WHEY.variantId)).toBe(before);
	}, 60_000);

	it(`refuses more than ${MAX_IMPORT_ROWS} rows, saying the limit`, async () => {
		const answer = await post('/conteggio', {
			conteggi: Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, n) => ({
				negozio: 'torino',
				prodotto: 'p',
				variante: `v${n}`,
				pezzi: 1,
			})),
		});
		expect(answer.status).toBe(422);
		expect(json(answer)['error']).toMatch(/al massimo 5000 righe/);
	});

	it('names every row that moved since its version, and applies none of them', async () => {
		const rows = await torinoRows(4);
		const [, second, third] = rows;
		if (!second || !third) throw new Error('rows expected');
		// The page was drawn; meanwhile two of its rows change at the counter.
		await post('/movimento', {
			...count(second.productId, second.variantId, 3),
			motivo: 'arrival',
		});
		await post('/movimento', { ...count(third.productId, third.variantId, 2), motivo: 'arrival' });
		const before = rows.map((r) => movements(r.productId, r.variantId));
		const answer = await post('/conteggio', {
			conteggi: rows.map((r) => count(r.productId, r.variantId, 9, r.version)),
		});
		expect(answer.status).toBe(409);
		expect(json(answer)).toMatchObject({ riga: 1, righe: [1, 2] });
		expect(json(answer)['error']).toMatch(/Arrivo merce.*un’altra riga del conteggio/);
		expect(rows.map((r) => movements(r.productId, r.variantId))).toEqual(before);
	});
});

describe('a CSV count confirmed after a sale', () => {
	const upload = (query: string, text: string) =>
		rawRequest(`${server.url}/api/gestione/magazzino/importa${query}`, {
			method: 'POST',
			headers: { Origin: server.url, Cookie: giulia.cookie, 'Content-Type': 'text/csv' },
			body: text,
		});

	it('is refused whole, naming the rows that moved, and the sale stays', async () => {
		const [other] = await torinoRows(1);
		if (!other) throw new Error('a row expected');
		const whey = await row(WHEY.productId, WHEY.variantId);
		const set = await post('/movimento', {
			...count(WHEY.productId, WHEY.variantId, 10, whey.version),
			motivo: 'count',
		});
		expect(set.status).toBe(200);
		const otherNow = (await row(other.productId, other.variantId)).onHand;
		// Line 2 changes WHEY (10 → 8); line 3 says what the other variant has (no difference).
		const file =
			`negozio;prodotto;variante;pezzi\n` +
			`torino;${WHEY.productId};${WHEY.variantId};8\n` +
			`torino;${other.productId};${other.variantId};${otherNow}\n`;
		const preview = await upload('?motivo=conteggio', file);
		expect(preview.status).toBe(200);
		expect(json(preview)).toMatchObject({ differenze: [{ before: 10, after: 8, line: 2 }] });
		const version = json(preview)['versione'];
		expect(typeof version).toBe('number');

		expect((await sell(WHEY.productId, WHEY.variantId, 3)).status).toBe(200);
		const stale = await upload(`?motivo=conteggio&conferma=1&versione=${String(version)}`, file);
		expect(stale.status).toBe(409);
		expect(json(stale)).toMatchObject({ righe: [2] });
		expect(json(stale)['error']).toMatch(/cambiate le righe 2 del file.*nessun pezzo/);
		expect((await row(WHEY.productId, WHEY.variantId)).onHand).toBe(7);

		// A row the preview showed unchanged counts as much: its sale is not undone either.
		const again = await upload('?motivo=conteggio', file);
		const fresh = json(again)['versione'];
		expect(otherNow).toBeGreaterThan(0);
		expect((await sell(other.productId, other.variantId, 1)).status).toBe(200);
		const staleOther = await upload(`?motivo=conteggio&conferma=1&versione=${String(fresh)}`, file);
		expect(staleOther.status).toBe(409);
		expect(json(staleOther)).toMatchObject({ righe: [3] });
		expect((await row(other.productId, other.variantId)).onHand).toBe(otherNow - 1);

		// Previewed again with what is there now, the count applies.
		const third = await upload('?motivo=conteggio', file);
		const applied = await upload(
			`?motivo=conteggio&conferma=1&versione=${String(json(third)['versione'])}`,
			file,
		);
		expect(applied.status).toBe(200);
		expect(json(applied)).toMatchObject({ applicato: true });
		expect((await row(WHEY.productId, WHEY.variantId)).onHand).toBe(8);
		expect((await row(other.productId, other.variantId)).onHand).toBe(otherNow);
	});
});

/** Runs `npm run magazzino -- importa <file> …` on the test database. */
function magazzino(args: string[]) {
	const child = spawn('node', ['scripts/magazzino.mjs', 'importa', ...args], {
		cwd: ROOT,
		env: { ...process.env, CONTACT_DB_PATH: server.dbPath },
	});
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk: Buffer) => (stdout += String(chunk)));
	child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
	const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
		child.on('close', (code) => resolve({ code, stdout, stderr })),
	);
	return { child, done };
}

/**
 * Writes `chunk` again and again into a named pipe the command reads, up to `total` bytes or
 * until the command stops reading (EPIPE): how much it took before it stopped.
 */
async function feed(fifo: string, first: string, chunk: string, total: number) {
	const handle = await open(fifo, 'w');
	let written = 0;
	let cut = false;
	try {
		for (let text = first; written < total; text = chunk) {
			await handle.write(text);
			written += Buffer.byteLength(text);
		}
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EPIPE') throw error;
		cut = true;
	} finally {
		await handle.close().catch(() => undefined);
	}
	return { written, cut };
}

describe('npm run magazzino -- importa with a file too large', () => {
	const TOTAL = 24 * 1024 * 1024;

	it('stops at the row limit at once, without reading the rest of the file', async () => {
		const fifo = join(dir, 'righe.csv');
		execFileSync('mkfifo', [fifo]);
		const run = magazzino([fifo]);
		const line = `torino;${WHEY.productId};${WHEY.variantId};1\n`;
		const fed = await feed(fifo, 'negozio;prodotto;variante;pezzi\n', line.repeat(1000), TOTAL);
		const result = await run.done;
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/Riga 1: il file ha più di 5000 righe: dividilo in più file\./);
		expect(result.stderr).toMatch(/Nessun pezzo è cambiato/);
		// The command stopped reading long before the end: the writer was cut off.
		expect(fed.cut).toBe(true);
		expect(fed.written).toBeLessThan(4 * 1024 * 1024);
	}, 120_000);

	it('stops past the byte limit at once, however long a line', async () => {
		const fifo = join(dir, 'byte.csv');
		execFileSync('mkfifo', [fifo]);
		const run = magazzino([fifo]);
		const fed = await feed(
			fifo,
			'negozio;prodotto;variante;pezzi\ntorino;',
			'x'.repeat(65536),
			TOTAL,
		);
		const result = await run.done;
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(
			new RegExp(`il file è più grande di ${MAX_IMPORT_BYTES / 1024 / 1024} MB`),
		);
		expect(fed.cut).toBe(true);
		expect(fed.written).toBeLessThan(MAX_IMPORT_BYTES + 2 * 1024 * 1024);
	}, 120_000);

	it('confirms a count only if no row moved since the preview it names', async () => {
		const file = join(dir, 'conteggio.csv');
		writeFileSync(
			file,
			`negozio;prodotto;variante;pezzi\ntorino;${WHEY.productId};${WHEY.variantId};20\n`,
		);
		const preview = await magazzino([file]).done;
		expect(preview.code).toBe(0);
		const version = /--conferma --versione (\d+)/.exec(preview.stdout)?.[1];
		expect(version).toBeDefined();
		expect((await sell(WHEY.productId, WHEY.variantId, 1)).status).toBe(200);
		const onHand = (await row(WHEY.productId, WHEY.variantId)).onHand;
		const stale = await magazzino([file, '--conferma', '--versione', String(version)]).done;
		expect(stale.code).toBe(1);
		expect(stale.stderr).toMatch(/cambiate le righe 2 del file/);
		expect((await row(WHEY.productId, WHEY.variantId)).onHand).toBe(onHand);
	}, 60_000);
});
