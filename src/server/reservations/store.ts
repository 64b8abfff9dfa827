/**
 * Storing a pickup reservation in the submissions database (tables `reservations` and
 * `reservation_items`, src/server/core/schema.ts): the reservation, its lines and its e-mails in
 * one transaction, under a pickup code no other stored reservation has, only when the shop still
 * has its pieces available (on hand in the stock ledger, src/server/stock/, minus the pieces other
 * reservations hold there, hold-store.ts); and finding the one stored under a submission key.
 * Reading them back is read-store.ts's. Functions of the open database (SubmissionStore.db,
 * src/server/core/store.ts); the outbox, retention and the rest are the core's.
 */
import type Database from 'better-sqlite3';
import { pickupCode } from '../../lib/reservations/code';
import type { PickupReservation } from '../../lib/reservations/request';
import { pickupDayHours } from '../../lib/reservations/days';
import { heldThrough, NEW_RESERVATION_STATUS } from '../../lib/reservations/hold';
import { formatDayHours } from '../../lib/shops/hours';
import { emailStates, insertClaimedEmails, limitConfirmations } from '../core/email-rows';
import type { EmailJob } from '../core/kind';
import type { EarlierSubmission, SubmissionBase } from '../core/schema';
import type { ReservationForEmail } from './email-text';
import { onHandAt } from '../stock';
import { availablePieces } from '../../lib/stock/ledger';
import { heldPieces, variantKey } from './hold-store';
import { RESERVATION_COLUMN, RESERVATION_OWNER } from './read-store';

/** A checked reservation to store. */
export interface NewReservation extends SubmissionBase {
	reservation: PickupReservation;
	/** Days the shop holds the items (the settings' pickupHoldDays when it arrived). */
	holdDays: number;
	/** The SHA-256 of the customer's link token (src/server/reservations/customer-token.ts). */
	customerTokenHash?: string | undefined;
	/** Queues the new reservation's pushes to staff devices, inside its transaction. */
	queuePushes?:
		((db: Database.Database, reservation: { id: number; shopId: string }) => number) | undefined;
}

/** A line the shop cannot hold: fewer pieces available than asked. */
export interface HeldShortage {
	/** The line (after merging), as in `reservation.lines`. */
	line: number;
	/** Pieces still available at the shop: on hand minus those held. */
	free: number;
	/** Pieces other reservations hold there (0: the shop simply has no more). */
	held: number;
}

/** A reservation stored earlier under the same submission key. */
export interface EarlierReservation extends EarlierSubmission {
	code: string;
}

/** What insertReservation did: stored the reservation, or found it stored already. */
export type InsertReservationResult =
	| {
			id: number;
			code: string;
			jobs: EmailJob<ReservationForEmail>[];
			earlier?: undefined;
	  }
	| { id: number; code: string; jobs: []; earlier: EarlierReservation }
	| { shortages: HeldShortage[]; earlier?: undefined };

/** Draws after which a clash of codes is taken for a broken source of randomness. */
const MAX_CODE_DRAWS = 20;

/** A code no stored reservation has (inside the write transaction, so none can take it). */
function freshCode(db: Database.Database, draw: () => string): string {
	const taken = db.prepare('SELECT 1 FROM reservations WHERE code = ?');
	for (let attempt = 0; attempt < MAX_CODE_DRAWS; attempt++) {
		const code = draw();
		if (!taken.get(code)) return code;
	}
	throw new Error(`No free pickup code after ${MAX_CODE_DRAWS} draws.`);
}

/** The reservation stored under this submission key, if any. */
export function earlierReservation(
	db: Database.Database,
	submissionKey: string,
): EarlierReservation | null {
	const row = db
		.prepare(
			`SELECT id, code, delivery, submission_fingerprint AS fingerprint
			 FROM reservations WHERE submission_key = ?`,
		)
		.get(submissionKey) as Omit<EarlierReservation, 'emails'> | undefined;
	if (!row) return null;
	return { ...row, emails: emailStates(db, RESERVATION_COLUMN, row.id) };
}

/** The lines asking more than the shop has available (on hand in the ledger less what is held). */
function shortages(db: Database.Database, input: NewReservation): HeldShortage[] {
	const { reservation } = input;
	const shopId = reservation.shop.id;
	const held = heldPieces(db, shopId, input.createdAt);
	const onHand = onHandAt(db, shopId, [
		...new Set(reservation.lines.map((line) => line.productId)),
	]);
	return reservation.lines.flatMap((line, index): HeldShortage[] => {
		const key = variantKey(line.productId, line.variantId);
		const taken = held.get(key) ?? 0;
		const free = availablePieces(onHand.get(key) ?? 0, taken);
		return line.quantity > free ? [{ line: index, free, held: taken }] : [];
	});
}

/**
 * Stores a reservation, its lines and its e-mails (claimed by `claimedBy`) in one IMMEDIATE
 * transaction, under a fresh pickup code; or, for a submission key stored already, returns
 * the earlier reservation and stores nothing.
 */
export function insertReservation(
	db: Database.Database,
	input: NewReservation,
	claimedBy: string,
	draw: () => string = pickupCode,
): InsertReservationResult {
	const { reservation, createdAt } = input;
	const insert = db.transaction((): InsertReservationResult => {
		const earlier = input.submissionKey ? earlierReservation(db, input.submissionKey) : null;
		if (earlier) return { id: earlier.id, code: earlier.code, jobs: [], earlier };
		// Checked and stored under one write lock: two reservations for the last pieces cannot
		// both see them free.
		const short = input.spam ? [] : shortages(db, input);
		if (short.length > 0) return { shortages: short };
		const limited = limitConfirmations(db, input.emails, input.confirmationsPerDay, createdAt);
		const code = freshCode(db, draw);
		const { shop } = reservation;
		const dayHours = formatDayHours(pickupDayHours(shop, reservation.day));
		const id = Number(
			db
				.prepare(
					`INSERT INTO reservations (created_at, code, shop_id, shop_name, shop_address, shop_phone,
						shop_email, pickup_day, pickup_hours, hold_days, total_cents, name, email, phone,
						privacy_accepted, spam, delivery, submission_key, status, held_through,
						submission_fingerprint, confirmation_withheld, client_address, customer_token_hash)
					 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				)
				.run(
					createdAt.toISOString(),
					code,
					shop.id,
					shop.name,
					shop.address,
					shop.phone,
					shop.email,
					reservation.day,
					dayHours,
					input.holdDays,
					reservation.totalCents,
					reservation.name,
					reservation.email,
					reservation.phone,
					input.spam ? 1 : 0,
					input.delivery,
					input.submissionKey ?? null,
					NEW_RESERVATION_STATUS,
					heldThrough(reservation.day, input.holdDays),
					input.submissionFingerprint ?? null,
					limited.withheld ? 1 : 0,
					input.clientAddress ?? null,
					input.customerTokenHash ?? null,
				).lastInsertRowid,
		);
		const addLine = db.prepare(
			`INSERT INTO reservation_items (reservation_id, position, product_id, variant_id,
				product_name, variant_label, unit_price_cents, quantity)
			 VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		);
		reservation.lines.forEach((line, position) => {
			addLine.run(
				id,
				position,
				line.productId,
				line.variantId,
				line.productName,
				line.variantLabel,
				line.unitPriceCents,
				line.quantity,
			);
		});
		const forEmail: ReservationForEmail = {
			id,
			code,
			createdAt,
			shopName: shop.name,
			shopAddress: shop.address,
			shopPhone: shop.phone,
			shopEmail: shop.email,
			day: reservation.day,
			dayHours,
			holdDays: input.holdDays,
			name: reservation.name,
			email: reservation.email,
			phone: reservation.phone,
			lines: reservation.lines,
			totalCents: reservation.totalCents,
			confirmationWithheld: limited.withheld,
			heldThrough: heldThrough(reservation.day, input.holdDays),
			cancelReason: null,
		};
		const emails = insertClaimedEmails(
			db,
			RESERVATION_COLUMN,
			id,
			limited.emails,
			createdAt.getTime(),
			claimedBy,
		);
		const jobs = emails.map((email) => ({ ...email, owner: RESERVATION_OWNER, about: forEmail }));
		input.queuePushes?.(db, { id, shopId: shop.id });
		return { id, code, jobs };
	});
	// IMMEDIATE: the write lock is taken before the look-ups (submission key, held pieces, code).
	return insert.immediate();
}
