/**
 * The rows of Web Push (schema.ts) in the site's SQLite file: the devices staff turned
 * notifications on for, and the pushes queued in the one outbox (their claims, records and
 * settling are the outbox's: src/server/core/outbox-queue.ts). Functions of the open database.
 */
import { timingSafeEqual } from 'node:crypto';
import type Database from 'better-sqlite3';

/** A device's subscription as the browser's pushManager gives it. */
export interface PushSubscriptionInput {
	/** The push service's address for this device (https; see settings.ts for tests). */
	endpoint: string;
	/** The device's public key (P-256, base64url) and its authentication secret (base64url). */
	keys: { p256dh: string; auth: string };
}

/** A push claimed for sending, with what it goes to and what it is about. */
export interface ClaimedPush {
	id: number;
	attempts: number;
	subscriptionId: number;
	subscription: PushSubscriptionInput;
	reservation: { id: number; code: string; day: string; pieces: number };
}

/** Devices one member may have at once; turning on one more forgets their oldest. */
export const MAX_DEVICES_PER_MEMBER = 10;

/**
 * Stores a device's subscription for a signed-in member (their session's hash). A device
 * subscribed before moves to this member and session only when the same keys come with it:
 * they are made by the device's browser and known to it alone (and to the server), so a
 * colleague who knows a device's address cannot take its pings over ('taken': nothing changes).
 * A member keeps at most MAX_DEVICES_PER_MEMBER devices, the latest turned on.
 */
export function saveSubscription(
	db: Database.Database,
	input: PushSubscriptionInput,
	member: { staffId: number; sessionHash: string },
	vapidKey: string,
	now: number,
): 'saved' | 'taken' {
	return db
		.transaction((): 'saved' | 'taken' => {
			const earlier = db
				.prepare('SELECT staff_id, p256dh, auth FROM push_subscriptions WHERE endpoint = ?')
				.get(input.endpoint) as { staff_id: number; p256dh: string; auth: string } | undefined;
			if (
				earlier &&
				earlier.staff_id !== member.staffId &&
				!(sameText(earlier.p256dh, input.keys.p256dh) && sameText(earlier.auth, input.keys.auth))
			) {
				return 'taken';
			}
			upsertSubscription(db, input, member, vapidKey, now);
			db.prepare(
				`DELETE FROM push_subscriptions WHERE staff_id = ? AND id NOT IN (
				SELECT id FROM push_subscriptions WHERE staff_id = ?
				ORDER BY created_at DESC, id DESC LIMIT ?)`,
			).run(member.staffId, member.staffId, MAX_DEVICES_PER_MEMBER);
			return 'saved';
		})
		.immediate();
}

/** Compares two keys in constant time (the auth secret is one). */
function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a);
	const right = Buffer.from(b);
	return left.length === right.length && timingSafeEqual(left, right);
}

function upsertSubscription(
	db: Database.Database,
	input: PushSubscriptionInput,
	member: { staffId: number; sessionHash: string },
	vapidKey: string,
	now: number,
): number {
	const row = db
		.prepare(
			`INSERT INTO push_subscriptions
				(endpoint, p256dh, auth, vapid_key, staff_id, session_hash, created_at)
			 VALUES (?, ?, ?, ?, ?, ?, ?)
			 ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
				vapid_key = excluded.vapid_key, staff_id = excluded.staff_id,
				session_hash = excluded.session_hash, created_at = excluded.created_at
			 RETURNING id`,
		)
		.get(
			input.endpoint,
			input.keys.p256dh,
			input.keys.auth,
			vapidKey,
			member.staffId,
			member.sessionHash,
			now,
		) as { id: number };
	return row.id;
}

/** Deletes a member's subscription of one device; true when there was one. */
export function deleteSubscription(
	db: Database.Database,
	endpoint: string,
	staffId: number,
): boolean {
	return (
		db
			.prepare('DELETE FROM push_subscriptions WHERE endpoint = ? AND staff_id = ?')
			.run(endpoint, staffId).changes > 0
	);
}

/** Whether this device is subscribed for this member, under the server's current key. */
export function hasSubscription(
	db: Database.Database,
	endpoint: string,
	staffId: number,
	vapidKey: string,
): boolean {
	return (
		db
			.prepare(
				'SELECT 1 FROM push_subscriptions WHERE endpoint = ? AND staff_id = ? AND vapid_key = ?',
			)
			.get(endpoint, staffId, vapidKey) !== undefined
	);
}

/**
 * Queues one push of a new reservation to each device of an enabled member of its shop
 * subscribed under the server's current key; inside the reservation's transaction. Returns how
 * many were queued.
 */
export function queueReservationPushes(
	db: Database.Database,
	reservation: { id: number; shopId: string },
	vapidKey: string,
	now: number,
): number {
	return db
		.prepare(
			`INSERT INTO push_deliveries (subscription_id, reservation_id, status, attempts,
				next_attempt_at, created_at)
			 SELECT subscription.id, ?, 'pending', 0, ?, ?
			 FROM push_subscriptions AS subscription JOIN staff ON staff.id = subscription.staff_id
			 WHERE staff.disabled_at IS NULL AND subscription.vapid_key = ?
				AND EXISTS (SELECT 1 FROM json_each(staff.shops) WHERE json_each.value = ?)`,
		)
		.run(reservation.id, now, now, vapidKey, reservation.shopId).changes;
}

interface PushRow {
	id: number;
	attempts: number;
	subscription_id: number;
	endpoint: string;
	p256dh: string;
	auth: string;
	reservation_id: number;
}

/** What a ping says of its reservation, read through the reservations' face (by the facade). */
export type PingContents = (
	db: Database.Database,
	reservationIds: readonly number[],
) => ReadonlyMap<number, { code: string; day: string; pieces: number }>;

/**
 * What the pushes of rows the outbox just claimed need (src/server/core/channels.ts claims
 * them): the device's keys and, from `contents`, the reservation's code, day and pieces. In the
 * claim's transaction. A push whose reservation is gone is left out.
 */
export function loadPushes(
	db: Database.Database,
	ids: readonly number[],
	contents: PingContents,
): ClaimedPush[] {
	if (ids.length === 0) return [];
	const rows = db
		.prepare(
			`SELECT delivery.id, delivery.attempts, delivery.subscription_id, subscription.endpoint,
				subscription.p256dh, subscription.auth, delivery.reservation_id
			 FROM push_deliveries AS delivery
			 JOIN push_subscriptions AS subscription ON subscription.id = delivery.subscription_id
			 WHERE delivery.id IN (SELECT value FROM json_each(?))
			 ORDER BY delivery.next_attempt_at, delivery.id`,
		)
		.all(JSON.stringify(ids)) as PushRow[];
	const reservations = contents(
		db,
		rows.map((row) => row.reservation_id),
	);
	return rows.flatMap((row) => {
		const reservation = reservations.get(row.reservation_id);
		if (!reservation) return [];
		return [
			{
				id: row.id,
				attempts: row.attempts,
				subscriptionId: row.subscription_id,
				subscription: { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
				reservation: { id: row.reservation_id, ...reservation },
			},
		];
	});
}

/** Deletes a device the push service no longer knows (404, 410); its pushes go with it. */
export function dropSubscription(db: Database.Database, subscriptionId: number): void {
	db.prepare('DELETE FROM push_subscriptions WHERE id = ?').run(subscriptionId);
}
