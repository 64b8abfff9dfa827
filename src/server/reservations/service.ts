/**
 * The pickup list's part of the service (App.Locals['contact'], put together in
 * src/server/services/index.ts): the build's shops and products, its rate limit, storing
 * a checked reservation (store.ts) under a new pickup code when its shop has the pieces free,
 * the answer to a reservation sent again under its submission key, and the pieces free per shop.
 * The e-mails, their retries and the rest are the core's (src/server/core/service.ts).
 */
import type { PickupReservation } from '../../lib/reservations/request';
import { RateLimiter, type RateDecision } from '../core/rate-limit';
import type { KeyConflict, SubmissionDesk, SubmitOptions, SubmitResult } from '../core/service';
import { customerLinkPath } from '../../lib/reservations/customer-link';
import { hashCustomerToken, newCustomerToken } from './customer-token';
import { availablePieces } from '../../lib/stock/ledger';
import { onHandAt } from '../stock';
import type { NotificationService } from '../notifications';
import type { PickupCatalogue } from './catalogue';
import { heldPieces, variantKey } from './hold-store';
import { earlierReservation, insertReservation, type HeldShortage } from './store';

/** What POST /api/prenotazioni gets back for a stored reservation. */
export interface ReserveResult extends SubmitResult {
	/** The pickup code (the earlier reservation's, for a duplicate). */
	code: string;
	/**
	 * The customer's link (`/prenotazione/<token>`) of a reservation stored now; absent for a
	 * duplicate, whose token was never stored and cannot be read back.
	 */
	link?: string | undefined;
}

/** A reservation asking more pieces than its shop has free; nothing was stored. */
export interface ReserveShortage {
	shortages: HeldShortage[];
}

/** Pieces free per variant id, for each product asked about (null: not in the build). */
export type Availability = Record<string, Record<string, number> | null>;

/** The pickup list's service. */
export interface PickupService {
	/** The shops, hold days and products reservations are checked against. */
	readonly pickup: PickupCatalogue;
	/** Counts a reservation from `address` against the rate limit of reservations. */
	takeReservationRate(address: string): RateDecision;
	/** Counts a read of the availability from `address` against its own, generous limit. */
	takeAvailabilityRate(address: string): RateDecision;
	/**
	 * Stores a checked reservation under a new pickup code, when its shop has the pieces free,
	 * then starts its e-mails as a message's (the shop chosen is told, at its own address).
	 */
	reserve(
		reservation: PickupReservation,
		options: SubmitOptions,
	): Promise<ReserveResult | KeyConflict | ReserveShortage>;
	/**
	 * What the reservation stored under `submissionKey` was answered (a repeat), a conflict
	 * when it was stored with other contents, or null when none is.
	 */
	findReservation(submissionKey: string, fingerprint: string): ReserveResult | KeyConflict | null;
	/**
	 * Pieces available at `shopId` now (on hand in the stock ledger less the pieces reservations
	 * hold, never below 0; 0 for a variant never counted), per variant of each product id.
	 */
	availability(shopId: string, productIds: readonly string[]): Promise<Availability>;
}

/** The pickup list's service, on the core's desk, checked against the build's `pickup`. */
export function createPickupService(
	desk: SubmissionDesk,
	pickup: PickupCatalogue,
	notifications?: Pick<NotificationService, 'queueReservationPushes' | 'sendPushesSoon'>,
): PickupService {
	const limiter = desk.rateLimiter();
	const availabilityLimiter = new RateLimiter(desk.config.availabilityRatePerMinute, desk.now);
	const { db } = desk.store;
	return {
		pickup,

		takeReservationRate: (address) => limiter.take(address),
		takeAvailabilityRate: (address) => availabilityLimiter.take(address),

		findReservation(submissionKey, fingerprint) {
			const earlier = earlierReservation(db, submissionKey);
			if (!earlier) return null;
			const answer = desk.repeat(earlier, fingerprint);
			return 'conflict' in answer ? answer : { id: earlier.id, code: earlier.code, ...answer };
		},

		async availability(shopId, productIds) {
			const products = await Promise.all(productIds.map((id) => pickup.product(id)));
			// On hand and the holds read in one transaction: one moment of the ledger.
			const { held, onHand } = db
				.transaction(() => ({
					held: heldPieces(db, shopId, new Date(desk.now())),
					onHand: onHandAt(db, shopId, productIds),
				}))
				.deferred();
			return Object.fromEntries(
				productIds.map((id, index) => {
					const product = products[index];
					if (!product) return [id, null];
					const free = product.variants.map((variant) => {
						const key = variantKey(product.id, variant.id);
						return [variant.id, availablePieces(onHand.get(key) ?? 0, held.get(key) ?? 0)];
					});
					return [id, Object.fromEntries(free) as Record<string, number>];
				}),
			);
		},

		async reserve(reservation, options) {
			// The notification goes to the shop chosen, at its own address (its content file).
			const base = desk.base(options, () => [
				{ kind: 'admin', recipient: reservation.shop.email },
				{ kind: 'confirmation', recipient: reservation.email },
			]);
			// The customer's link: the token goes back in the answer, only its hash is stored.
			const token = newCustomerToken();
			const stored = insertReservation(
				db,
				{
					reservation,
					holdDays: pickup.settings.holdDays,
					...base,
					customerTokenHash: hashCustomerToken(token),
					// A ping to the shop's staff devices, queued with the reservation (never for spam).
					...(notifications && !options.spam
						? { queuePushes: notifications.queueReservationPushes }
						: {}),
				},
				desk.instance,
			);
			if ('shortages' in stored) return { shortages: stored.shortages };
			// Committed: the pushes go now, and the answer never waits for them.
			if (!stored.earlier) notifications?.sendPushesSoon();
			const answer = await desk.answer(base.delivery, stored, options.fingerprint);
			if ('conflict' in answer) return answer;
			const link = stored.earlier ? {} : { link: customerLinkPath(token) };
			return { id: stored.id, code: stored.code, ...answer, ...link };
		},
	};
}
