import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ROOT } from '../../../scripts/start-server.mjs';
import { pickupDays } from '../../../src/lib/reservations/days';
import type { PickupRequestBody, PickupSettings } from '../../../src/lib/reservations/types';
import type { ItemRow } from '../../../src/server/reservations/read-store';
import { parseImportCsv, problemText } from '../../../src/lib/stock/csv';
import { DEFAULT_STOCK_SEED } from '../../../src/server/stock';
import { countRows, rawRequest } from './contact';
import type { CrashRoute } from './crash';

/** The build the server serves: its /api/ritiro.json. */
export function builtSettings(): PickupSettings {
	const distDir = process.env['DIST_DIR'] ?? join(ROOT, 'dist');
	return JSON.parse(
		readFileSync(join(distDir, 'client/api/ritiro.json'), 'utf8'),
	) as PickupSettings;
}

/** A product of the sample catalogue, in stock at Torino (4) and Aosta (2) (seed/magazzino.csv). */
export const WHEY = Object.freeze({
	productId: 'whey-concentrate-80',
	variantId: 'cioccolato-2-kg',
	name: 'Whey 80 Concentrate – Cioccolato – 2 kg',
	priceCents: 5490,
	stock: { torino: 4, aosta: 2 },
});

/** One piece of one variant at one shop. */
export interface SinglePiece {
	shopId: string;
	item: { productId: string; variantId: string; quantity: 1 };
}

/**
 * `count` reservable single pieces of the sample shop, every piece on every shelf at most once
 * (WHEY's variant, which the tests reserve by name, left out): reservations of these never run
 * out of stock, since each holds a piece no other one asks for. The pieces are those of the
 * seed a new database loads (seed/magazzino.csv), as the test server's database is new.
 */
export function singlePieces(count: number): SinglePiece[] {
	const parsed = parseImportCsv(readFileSync(join(ROOT, DEFAULT_STOCK_SEED), 'utf8'));
	if ('problem' in parsed) throw new Error(problemText(parsed.problem));
	const pieces: SinglePiece[] = [];
	const rows = [...parsed.rows].sort(
		(a, b) =>
			a.productId.localeCompare(b.productId) ||
			a.variantId.localeCompare(b.variantId) ||
			a.shopId.localeCompare(b.shopId),
	);
	for (const row of rows) {
		if (row.productId === WHEY.productId && row.variantId === WHEY.variantId) continue;
		for (let piece = 0; piece < row.pieces; piece++) {
			pieces.push({
				shopId: row.shopId,
				item: { productId: row.productId, variantId: row.variantId, quantity: 1 },
			});
		}
	}
	if (pieces.length < count)
		throw new Error(`The sample shop has ${pieces.length} pieces, not ${count}.`);
	return pieces.slice(0, count);
}

/** A valid reservation of one single piece. */
export function pieceReservation(piece: SinglePiece, overrides: Partial<PickupRequestBody> = {}) {
	return validReservation({ shopId: piece.shopId, items: [piece.item], ...overrides });
}

/** The next day the shop opens, in Rome, as the list page offers it. */
export function nextPickupDay(shopId = 'torino'): string {
	const shop = builtSettings().shops.find((candidate) => candidate.id === shopId);
	const [day] = pickupDays(shop ?? { hours: {} }, new Date(), 1);
	if (!day) throw new Error(`${shopId} never opens in the next weeks.`);
	return day.date;
}

/** A valid reservation body, as the list page sends it. */
export function validReservation(overrides: Partial<PickupRequestBody> = {}): PickupRequestBody {
	return {
		shopId: 'torino',
		day: nextPickupDay(overrides.shopId),
		items: [{ productId: WHEY.productId, variantId: WHEY.variantId, quantity: 2 }],
		name: 'Mario Rossi',
		email: 'mario.rossi@example.it',
		phone: '+39 011 123 4567',
		privacy: true,
		...overrides,
	};
}

/** POSTs JSON to /api/prenotazioni like the list page does. */
export async function postReservation(
	baseUrl: string,
	body: unknown,
	headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
	const response = await rawRequest(`${baseUrl}/api/prenotazioni`, {
		headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
		body: JSON.stringify(body),
	});
	return { status: response.status, json: JSON.parse(response.body) as Record<string, unknown> };
}

/** A stored reservation row. */
export interface ReservationRow {
	id: number;
	code: string;
	shop_id: string;
	pickup_day: string;
	name: string;
	email: string;
	total_cents: number;
	spam: number;
	delivery: string;
	submission_key: string | null;
}

/** A reservation's e-mail row. */
export interface ReservationEmailRow {
	id: number;
	reservation_id: number;
	kind: 'admin' | 'confirmation';
	recipient: string;
	status: string;
	attempts: number;
}

/** Reads the reservations as the server wrote them (a second, read-only connection). */
export function readReservations(dbPath: string): {
	reservations: ReservationRow[];
	items: ItemRow[];
	emails: ReservationEmailRow[];
} {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return {
			reservations: db
				.prepare(
					`SELECT id, code, shop_id, pickup_day, name, email, total_cents, spam, delivery, submission_key
					 FROM reservations ORDER BY id`,
				)
				.all() as ReservationRow[],
			items: db
				.prepare('SELECT * FROM reservation_items ORDER BY reservation_id, position')
				.all() as ItemRow[],
			emails: db
				.prepare(
					`SELECT id, reservation_id, kind, recipient, status, attempts FROM emails
					 WHERE reservation_id IS NOT NULL ORDER BY id`,
				)
				.all() as ReservationEmailRow[],
		};
	} finally {
		db.close();
	}
}

/** How many reservations are stored (0 when the database does not exist yet). */
export const countReservations = (dbPath: string) => countRows(dbPath, 'reservations');

/**
 * The reservations under the kill -9 load (helpers/crash.ts): each holds a piece of its own, so
 * none is refused for stock; the store must keep each one's code and name.
 */
export function reservationCrashRoute(total: number): CrashRoute {
	const pieces = singlePieces(total);
	let sent = 0;
	return {
		async send(url, name) {
			const piece = pieces[sent++ % pieces.length];
			if (!piece) throw new Error('No piece to reserve.');
			const { status, json } = await postReservation(url, pieceReservation(piece, { name }));
			return { status, id: Number(json['id']), kept: [String(json['code']), name] };
		},
		read(dbPath) {
			const { reservations, emails } = readReservations(dbPath);
			return {
				kept: new Map(reservations.map((row) => [row.id, [row.code, row.name]])),
				emails: emails.map((email) => ({ ...email, owner: email.reservation_id })),
			};
		},
		messageIdPrefix: 'ritiro',
	};
}
