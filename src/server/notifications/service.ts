/**
 * Web Push to staff devices as a service of the process (Astro.locals.services.notifications, put
 * together in src/server/services/index.ts): the server's public key for the desk's button, storing and
 * deleting a device's subscription, queueing a new reservation's pushes in its own transaction,
 * and the outbox of pushes, sent one by one (each with its timeout) after each new reservation
 * and by the background loop, retried with backoff when the push service did not take them,
 * at most once. A reservation never waits for a push: it only stores rows; the sending starts
 * after its commit and is never awaited.
 */
import type Database from 'better-sqlite3';
import { reservationPath, type ReservationPing } from '../../lib/notifications/ping';
import { nextAttemptAt } from '../core/backoff';
import { claimerIsGone, describeError, type ConsoleLog } from '../core/outbox';
import { vapidKeys, type VapidKeys } from './keys';
import { sendPush, type PushOutcome } from './send';
import { isAllowedEndpoint, type PushSettings } from './settings';
import { PUSH_TEXTS } from './texts';
import {
	claimDuePush,
	deleteSubscription,
	dropSubscription,
	markPushFailed,
	markPushSent,
	queueReservationPushes,
	saveSubscription,
	settlePushClaims,
	type ClaimedPush,
	type PushSubscriptionInput,
} from './store';

/** What the desk's routes get back. */
export type SubscribeResult = { ok: true } | { ok: false; error: string };

/** The notifications' part of the service. */
export interface NotificationService {
	/** The server's VAPID public key (base64url), for pushManager.subscribe. */
	readonly pushPublicKey: string;
	/** Stores this device's subscription for a signed-in member (the session's token hash). */
	subscribe(
		member: { staffId: number; sessionHash: string },
		body: Record<string, unknown>,
	): SubscribeResult;
	/** Deletes a member's subscription of one device (turning notifications off there). */
	unsubscribe(staffId: number, body: Record<string, unknown>): SubscribeResult;
	/**
	 * Queues a new reservation's pushes to the devices of its shop; inside the reservation's
	 * transaction (it only stores rows).
	 */
	queueReservationPushes(
		db: Database.Database,
		reservation: { id: number; shopId: string },
	): number;
	/** Starts sending the pushes due, after a commit; returns at once. */
	sendPushesSoon(): void;
	/** Sends every push due now, one by one; resolves when none is left (tests, the loop). */
	sendDuePushes(): Promise<void>;
	/** Stops sending, waiting at most `graceMs` for the push under way. */
	closePushes(graceMs?: number): Promise<void>;
}

/** What the service works with. */
export interface NotificationOptions {
	db: Database.Database;
	settings: PushSettings;
	/** Who claims pushes: this process (the outbox's instance). */
	instance: string;
	now: () => number;
	log: ConsoleLog;
	/** The keys (tests may give their own); by default those beside the database. */
	keys?: VapidKeys;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** A subscription as the browser posts it (PushSubscription.toJSON()), checked; else null. */
export function readSubscription(body: Record<string, unknown>): PushSubscriptionInput | null {
	const { endpoint, keys } = body;
	if (typeof endpoint !== 'string' || endpoint.length > 2048) return null;
	if (typeof keys !== 'object' || keys === null) return null;
	const { p256dh, auth } = keys as Record<string, unknown>;
	// p256dh: an uncompressed P-256 point (65 bytes, 87 characters); auth: 16 bytes (22).
	if (typeof p256dh !== 'string' || p256dh.length !== 87 || !BASE64URL.test(p256dh)) return null;
	if (typeof auth !== 'string' || auth.length !== 22 || !BASE64URL.test(auth)) return null;
	return { endpoint, keys: { p256dh, auth } };
}

/** Creates the notifications' service on the open database. */
export function createNotificationService({
	db,
	settings,
	instance,
	now,
	log,
	keys = vapidKeys(db.name),
}: NotificationOptions): NotificationService {
	let closed = false;
	let running: Promise<void> | null = null;
	let again = false;

	/** Records what became of a claimed push. */
	function record(push: ClaimedPush, outcome: PushOutcome): void {
		const about = `push ${push.id} of reservation ${push.reservation.id} to device ${push.subscriptionId}`;
		switch (outcome.kind) {
			case 'sent':
				markPushSent(db, push.id, instance, now());
				return;
			case 'gone':
				dropSubscription(db, push.subscriptionId);
				log.warn(`Push: ${about}: the push service answered ${outcome.status}; device dropped.`);
				return;
			case 'uncertain':
				markPushFailed(db, push.id, instance, outcome.error, 'uncertain');
				log.warn(`Push: ${about}: ${outcome.error}, esito incerto; not sent again.`);
				return;
			case 'refused':
				markPushFailed(db, push.id, instance, outcome.error, null);
				log.warn(`Push: ${about}: refused (${outcome.error}); given up.`);
				return;
			case 'retry': {
				const next = nextAttemptAt(push.attempts + 1, now(), settings.retry);
				markPushFailed(db, push.id, instance, outcome.error, next);
				log.warn(
					`Push: ${about}: not taken (${outcome.error}).` +
						(next === null ? ' Given up.' : ` Next attempt at ${new Date(next).toISOString()}.`),
				);
			}
		}
	}

	async function drain(): Promise<void> {
		do {
			again = false;
			while (!closed) {
				const push = claimDuePush(db, now(), instance);
				if (!push) break;
				const ping: ReservationPing = {
					code: push.reservation.code,
					day: push.reservation.day,
					pieces: push.reservation.pieces,
					url: reservationPath(push.reservation.id),
				};
				const outcome = await sendPush(push.subscription, ping, keys, settings);
				if (closed && !db.open) return;
				record(push, outcome);
			}
		} while (again && !closed);
	}

	function sendDuePushes(): Promise<void> {
		if (running) {
			again = true;
			return running;
		}
		running = drain()
			.catch((error: unknown) => log.error('Push: sending failed:', describeError(error)))
			.finally(() => {
				running = null;
			});
		return running;
	}

	try {
		const settled = settlePushClaims(
			db,
			(claimedBy) => claimerIsGone(claimedBy, instance),
			now() - settings.leaseMs,
		);
		if (settled > 0) log.warn(`Push: ${settled} push(es) interrupted by a stop: esito incerto.`);
	} catch (error) {
		log.error('Push: cannot settle the pushes of a stopped run:', describeError(error));
	}

	return {
		pushPublicKey: keys.publicKey,

		subscribe(member, body) {
			const subscription = readSubscription(body);
			if (!subscription) return { ok: false, error: PUSH_TEXTS.badSubscription };
			if (!isAllowedEndpoint(subscription.endpoint, settings.allowLoopbackHttp)) {
				return { ok: false, error: PUSH_TEXTS.badEndpoint };
			}
			saveSubscription(db, subscription, member, keys.publicKey, now());
			return { ok: true };
		},

		unsubscribe(staffId, body) {
			const { endpoint } = body;
			if (typeof endpoint !== 'string' || endpoint.length > 2048) {
				return { ok: false, error: PUSH_TEXTS.badSubscription };
			}
			deleteSubscription(db, endpoint, staffId);
			return { ok: true };
		},

		queueReservationPushes(database, reservation) {
			return queueReservationPushes(database, reservation, keys.publicKey, now());
		},

		sendPushesSoon() {
			if (closed) return;
			setImmediate(() => void sendDuePushes());
		},

		sendDuePushes,

		async closePushes(graceMs = Infinity) {
			closed = true;
			if (!running) return;
			let timer: ReturnType<typeof setTimeout> | undefined;
			await Promise.race([
				running,
				new Promise((resolve) => {
					timer = setTimeout(resolve, Math.min(graceMs, 2_147_483_647));
				}),
			]);
			clearTimeout(timer);
		},
	};
}
