/**
 * The stock API of the staff area, under /api/gestione/magazzino (src/pages/api/gestione/
 * magazzino/[...azione].ts calls `stockAnswer` after the session guard; the middleware has
 * checked the Origin of every POST). JSON in and out, Italian errors:
 *
 *   GET  /api/gestione/magazzino[?negozio=&cerca=&filtro=esauriti|sotto-scorta|prenotati]
 *        → 200 { negozi, righe: StockRow[], sottoScorta: { <shop>: n } }
 *   GET  /api/gestione/magazzino/storico?negozio=&prodotto=&variante=
 *        → 200 { riga, movimenti }
 *   POST /api/gestione/magazzino/movimento
 *        { negozio, prodotto, variante, motivo, pezzi, nota?, versione? } → 200 { riga, movimento }
 *   POST /api/gestione/magazzino/conteggio
 *        { conteggi: [{ negozio, prodotto, variante, pezzi, versione? }], nota? } → 200 { righe }
 *        (at most MAX_IMPORT_ROWS, each variant and shop once: 422 naming the rows repeated;
 *        409 { riga, righe } naming the rows that moved since their `versione`)
 *   POST /api/gestione/magazzino/scorta-minima { negozio, prodotto, variante, scorta } → 200 { riga }
 *   GET  /api/gestione/magazzino/esporta[?negozio=] → text/csv (the member's shops)
 *   GET  /api/gestione/magazzino/pezzi-mancanti[?negozio=]
 *        → 200 { prenotazioni: [{ id, righe: [{ productId, variantId, held, missing }] }] }
 *        (the open reservations on hand can no longer serve in full: 'Pezzi mancanti')
 *   POST /api/gestione/magazzino/importa?motivo=conteggio|arrivo[&conferma=1&versione=N],
 *        body text/csv → 200 { applicato, righe, differenze, versione? } | 422 { error, riga,
 *        colonna } | 409 { error, righe } (a count confirmed with its preview's `versione`, when
 *        rows of the file moved since: their lines, and nothing applied)
 *
 * 400 for a body that is not JSON, 404 for an unknown variant, 403 for another shop's, 409 for
 * a count made from a stale row (the body carries the row as it is now), 413 for a body too
 * large, 422 for a bad number or reason. Every body is read through the one bounded reader.
 */
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../lib/stock/csv';
import { isStaffReason, parsePieces } from '../../lib/stock/ledger';
import { PRIVATE_HEADERS, staffJson, type StaffMember } from '../staff';
import { readBodyAtMost } from '../core/submission';
import { exportStock, IMPORT_MODES, importStock, type ImportMode } from './csv';
import { textStream } from './csv-read';
import {
	STOCK_FILTERS,
	STOCK_TEXTS,
	type StockActorContext,
	type StockFilter,
	type StockRefusal,
	type StockService,
} from './service';
import type { StockRef } from './store';

/** Most bytes of a JSON body (a stocktake of a few thousand rows) and of a CSV upload. */
export const MAX_JSON_BYTES = 512 * 1024;
export const MAX_CSV_BYTES = MAX_IMPORT_BYTES;

export const STOCK_HTTP_TEXTS = Object.freeze({
	unavailable: 'Magazzino non disponibile in questo momento: riprova tra qualche minuto.',
	notJson: 'Richiesta non valida: invia i dati come JSON.',
	notCsv: 'Invia il file come CSV (text/csv), separato da punto e virgola.',
	tooLarge: (limit: number) =>
		`Richiesta troppo grande: al massimo ${Math.round(limit / 1024).toLocaleString('it-IT')} kB.`,
	shop: 'Indica uno dei tuoi negozi con «negozio».',
	variant: 'Indica il prodotto e la variante con «prodotto» e «variante».',
	pieces: 'Indica un numero intero di pezzi con «pezzi», senza decimali (per esempio 12).',
	version: '«versione» deve essere il numero di versione della riga che vedevi.',
	counts: 'Indica i conteggi come elenco «conteggi», almeno uno.',
	importVersion:
		'«versione» deve essere il numero che l’anteprima del file ha dato: carica di nuovo il file.',
	filter: `Filtro sconosciuto: usa ${STOCK_FILTERS.join(', ')}.`,
	mode: `«motivo» deve essere ${IMPORT_MODES.join(' o ')}.`,
	unknownAction: 'Indirizzo sconosciuto nel magazzino.',
	method: (allow: string) => `Metodo non consentito: questo indirizzo accetta solo ${allow}.`,
});

type Fields = Record<string, unknown>;

/** The status of a refusal of the service. */
function refusalAnswer(refusal: StockRefusal, extra: Fields = {}): Response {
	switch (refusal.outcome) {
		case 'not-found':
			return staffJson(404, { error: refusal.error, ...extra });
		case 'other-shop':
			return staffJson(403, { error: refusal.error, ...extra });
		case 'invalid':
			return staffJson(422, { error: refusal.error, ...extra });
		case 'conflict':
			return staffJson(409, {
				error: refusal.error,
				riga: refusal.row,
				ultimo: refusal.last,
				...extra,
			});
	}
}

/** The body's bytes, through the one bounded reader, or the answer to give (413, 400). */
async function bodyOf(request: Request, limit: number): Promise<Uint8Array | Response> {
	const read = await readBodyAtMost(request, limit);
	if (read.ok) return read.bytes;
	return read.why === 'too-large'
		? staffJson(413, { error: STOCK_HTTP_TEXTS.tooLarge(limit) })
		: staffJson(400, { error: STOCK_HTTP_TEXTS.notJson });
}

/** The JSON object of the body, or the answer to give. */
async function jsonOf(request: Request): Promise<Fields | Response> {
	const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
	if (type !== 'application/json') return staffJson(415, { error: STOCK_HTTP_TEXTS.notJson });
	const bytes = await bodyOf(request, MAX_JSON_BYTES);
	if (bytes instanceof Response) return bytes;
	try {
		const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
		if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
			return parsed as Fields;
		}
	} catch {
		// Answered below.
	}
	return staffJson(400, { error: STOCK_HTTP_TEXTS.notJson });
}

/** A refusal of a request's fields: its status and Italian words. */
interface FieldRefusal {
	status: number;
	error: string;
}

/** The variant a body or a query names, or why it cannot be used. */
function refOf(
	fields: Fields,
	service: StockService,
	member: StaffMember,
): StockRef | FieldRefusal {
	const shopId = fields['negozio'];
	const productId = fields['prodotto'];
	const variantId = fields['variante'];
	if (typeof shopId !== 'string' || !shopId) return { status: 422, error: STOCK_HTTP_TEXTS.shop };
	if (typeof productId !== 'string' || typeof variantId !== 'string' || !productId || !variantId) {
		return { status: 422, error: STOCK_HTTP_TEXTS.variant };
	}
	if (!service.shops.some((shop) => shop.id === shopId)) {
		return { status: 404, error: STOCK_TEXTS.notFound };
	}
	if (!member.shops.includes(shopId)) return { status: 403, error: STOCK_TEXTS.otherShop };
	return { shopId, productId: productId.slice(0, 200), variantId: variantId.slice(0, 200) };
}

/** Whether refOf refused. */
function refused(ref: StockRef | FieldRefusal): ref is FieldRefusal {
	return 'status' in ref;
}

/** An optional version: undefined when absent, null when malformed. */
function versionOf(value: unknown): number | undefined | null {
	if (value === undefined || value === null || value === '') return undefined;
	const version = parsePieces(value);
	return version === null || version < 0 ? null : version;
}

function actorOf(member: StaffMember): StockActorContext {
	return { staff: { id: member.id, name: member.name }, shopIds: member.shops };
}

/** The shops a query asks for: one of the member's, or all of them. */
function shopsOf(url: URL, member: StaffMember): string[] | Response {
	const asked = url.searchParams.get('negozio');
	if (asked === null || asked === '') return [...member.shops];
	if (!member.shops.includes(asked)) return staffJson(403, { error: STOCK_TEXTS.otherShop });
	return [asked];
}

async function list(url: URL, service: StockService, member: StaffMember): Promise<Response> {
	const shopIds = shopsOf(url, member);
	if (shopIds instanceof Response) return shopIds;
	const filter = url.searchParams.get('filtro');
	if (filter && !STOCK_FILTERS.includes(filter as StockFilter)) {
		return staffJson(400, { error: STOCK_HTTP_TEXTS.filter });
	}
	const rows = await service.stockList({
		shopIds,
		search: (url.searchParams.get('cerca') ?? '').slice(0, 200),
		filter: (filter || null) as StockFilter | null,
	});
	return staffJson(200, {
		negozi: service.shops.filter((shop) => shopIds.includes(shop.id)),
		righe: rows,
		sottoScorta: await service.belowMinimumCounts(shopIds),
	});
}

async function history(url: URL, service: StockService, member: StaffMember): Promise<Response> {
	const ref = refOf(Object.fromEntries(url.searchParams), service, member);
	if (refused(ref)) return staffJson(ref.status, { error: ref.error });
	const row = await service.stockRow(ref);
	if (!row) return staffJson(404, { error: STOCK_TEXTS.notFound });
	return staffJson(200, { riga: row, movimenti: service.stockHistory(ref, 100) });
}

async function movement(request: Request, service: StockService, member: StaffMember) {
	const fields = await jsonOf(request);
	if (fields instanceof Response) return fields;
	const ref = refOf(fields, service, member);
	if (refused(ref)) return staffJson(ref.status, { error: ref.error });
	const reason = fields['motivo'];
	if (!isStaffReason(reason)) return staffJson(422, { error: STOCK_TEXTS.reason });
	const pieces = parsePieces(fields['pezzi']);
	if (pieces === null) return staffJson(422, { error: STOCK_HTTP_TEXTS.pieces });
	const fromVersion = versionOf(fields['versione']);
	if (fromVersion === null) return staffJson(422, { error: STOCK_HTTP_TEXTS.version });
	const note = fields['nota'];
	if (note !== undefined && note !== null && typeof note !== 'string') {
		return staffJson(422, { error: STOCK_TEXTS.note });
	}
	const result = await service.adjustStock(
		{ ...ref, reason, pieces, note: note ?? null, fromVersion },
		actorOf(member),
	);
	if (result.outcome !== 'recorded') return refusalAnswer(result);
	return staffJson(200, { riga: result.row, movimento: result.movement });
}

async function stocktake(request: Request, service: StockService, member: StaffMember) {
	const fields = await jsonOf(request);
	if (fields instanceof Response) return fields;
	const counts = fields['conteggi'];
	if (!Array.isArray(counts) || counts.length === 0) {
		return staffJson(422, { error: STOCK_HTTP_TEXTS.counts });
	}
	if (counts.length > MAX_IMPORT_ROWS) {
		return staffJson(422, { error: STOCK_TEXTS.tooManyCounts, riga: MAX_IMPORT_ROWS });
	}
	const checked = [];
	for (const [index, count] of counts.entries()) {
		const at = { riga: index };
		if (typeof count !== 'object' || count === null) {
			return staffJson(422, { error: STOCK_HTTP_TEXTS.counts, ...at });
		}
		const ref = refOf(count as Fields, service, member);
		if (refused(ref)) return staffJson(ref.status, { error: ref.error, ...at });
		const counted = parsePieces((count as Fields)['pezzi']);
		if (counted === null || counted < 0) {
			return staffJson(422, { error: STOCK_HTTP_TEXTS.pieces, ...at });
		}
		const fromVersion = versionOf((count as Fields)['versione']);
		if (fromVersion === null) return staffJson(422, { error: STOCK_HTTP_TEXTS.version, ...at });
		checked.push({ ...ref, counted, fromVersion });
	}
	const note = typeof fields['nota'] === 'string' ? fields['nota'] : null;
	const result = await service.stocktake(checked, note, actorOf(member));
	if (result.outcome !== 'recorded') {
		return refusalAnswer(result, { riga: result.index, righe: result.indexes ?? [result.index] });
	}
	return staffJson(200, { righe: result.rows });
}

async function minimum(request: Request, service: StockService, member: StaffMember) {
	const fields = await jsonOf(request);
	if (fields instanceof Response) return fields;
	const ref = refOf(fields, service, member);
	if (refused(ref)) return staffJson(ref.status, { error: ref.error });
	const value = parsePieces(fields['scorta']);
	if (value === null) return staffJson(422, { error: STOCK_TEXTS.minimum });
	const result = await service.setStockMinimum(ref, value, actorOf(member));
	if (result.outcome !== 'recorded') return refusalAnswer(result);
	return staffJson(200, { riga: result.row });
}

function missing(url: URL, service: StockService, member: StaffMember): Response {
	const shopIds = shopsOf(url, member);
	if (shopIds instanceof Response) return shopIds;
	const found = service.reservationsMissingPieces(shopIds);
	return staffJson(200, {
		prenotazioni: [...found].map(([id, righe]) => ({ id, righe })),
	});
}

async function download(url: URL, service: StockService, member: StaffMember) {
	const shopIds = shopsOf(url, member);
	if (shopIds instanceof Response) return shopIds;
	const text = await exportStock(service, shopIds);
	const day = service.now().toISOString().slice(0, 10);
	return new Response(text, {
		status: 200,
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="magazzino-${day}.csv"`,
			...PRIVATE_HEADERS,
		},
	});
}

async function upload(request: Request, url: URL, service: StockService, member: StaffMember) {
	const mode = url.searchParams.get('motivo') ?? 'conteggio';
	if (!IMPORT_MODES.includes(mode as ImportMode)) {
		return staffJson(400, { error: STOCK_HTTP_TEXTS.mode });
	}
	const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
	if (type !== 'text/csv' && type !== 'text/plain') {
		return staffJson(415, { error: STOCK_HTTP_TEXTS.notCsv });
	}
	const bytes = await bodyOf(request, MAX_CSV_BYTES);
	if (bytes instanceof Response) return bytes;
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		return staffJson(422, {
			error: 'Il file non è in UTF-8: salvalo come «CSV UTF-8 (delimitato da punto e virgola)».',
		});
	}
	const apply = url.searchParams.get('conferma') === '1';
	const movedAfter = versionOf(url.searchParams.get('versione') ?? undefined);
	if (movedAfter === null) return staffJson(422, { error: STOCK_HTTP_TEXTS.importVersion });
	const result = await importStock(
		service,
		textStream(text),
		mode as ImportMode,
		apply,
		actorOf(member),
		movedAfter,
	);
	if (!result.ok) {
		if (result.stale !== undefined) {
			return staffJson(409, { error: result.message, righe: result.stale });
		}
		return staffJson(422, {
			error: result.message,
			riga: result.problem.line,
			colonna: result.problem.column,
		});
	}
	return staffJson(200, {
		applicato: result.applied,
		righe: result.rows,
		differenze: result.differences,
		...(result.version === undefined ? {} : { versione: result.version }),
	});
}

/** The routes: action (the address after /api/gestione/magazzino) × method. */
export async function stockAnswer(
	request: Request,
	url: URL,
	action: string,
	service: StockService | undefined,
	member: StaffMember,
): Promise<Response> {
	if (!service) return staffJson(503, { error: STOCK_HTTP_TEXTS.unavailable });
	const method = request.method === 'HEAD' ? 'GET' : request.method;
	const only = (allowed: 'GET' | 'POST', run: () => Promise<Response>) =>
		method === allowed
			? run()
			: Promise.resolve(
					staffJson(
						405,
						{ error: STOCK_HTTP_TEXTS.method(allowed) },
						{ Allow: allowed === 'GET' ? 'GET, HEAD' : 'POST' },
					),
				);
	switch (action) {
		case '':
			return only('GET', () => list(url, service, member));
		case 'storico':
			return only('GET', () => history(url, service, member));
		case 'esporta':
			return only('GET', () => download(url, service, member));
		case 'pezzi-mancanti':
			return only('GET', () => Promise.resolve(missing(url, service, member)));
		case 'movimento':
			return only('POST', () => movement(request, service, member));
		case 'conteggio':
			return only('POST', () => stocktake(request, service, member));
		case 'scorta-minima':
			return only('POST', () => minimum(request, service, member));
		case 'importa':
			return only('POST', () => upload(request, url, service, member));
		default:
			return staffJson(404, { error: STOCK_HTTP_TEXTS.unknownAction });
	}
}
