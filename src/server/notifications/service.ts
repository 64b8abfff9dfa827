/**
 * Web Push to staff devices as a service of the process (Astro.locals.services.notifications, put
 * together in src/server/services/index.ts): the server's public key for the desk's button, storing and
 * deleting a device's subscription, queueing a new reservation's pushes in its own transaction,
 * and the pushes' channel of the one outbox (src/server/core/channels.ts): how to send one push.
 * The outbox claims, retries with backoff, settles a stopped run's claims and records, as for
 * e-mails; pushes are sent side by side, each with its own timeout, so a push service that hangs
 * delays no other device. A reservation never waits for a push: it only stores rows; the sending
 * starts after its commit and is never awaited.
 */
import type Database from 'better-sqlite3';
import { reservationPath, type ReservationPing } from '../../lib/notifications/ping';
import { checkEndpoint } from '../../lib/notifications/push-endpoint';
import type { ChannelHandle, OutboxChannel, OutboxItem } from '../core/channels';
import type { QueueTable } from '../core/outbox-queue';
import { vapidKeys, type VapidKeys } from './keys';
import { sendPush } from './send';
import type { PushSettings } from './settings';
import { PUSH_TEXTS } from './texts';
import {
	deleteSubscription,
	dropSubscription,
	loadPushes,
	queueReservationPushes,
	saveSubscription,
	type ClaimedPush,
	type PingContents,
	type PushSubscriptionInput,
} from './store';

/** What the desk's routes get back. */
export type SubscribeResult =
	| { ok: true }
	/** `taken`: the device is another member's, and the keys posted are not its own (409). */
	| { ok: false; error: string; taken?: true };

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
	/** Sends every push due now, side by side; resolves when none is under way. */
	sendDuePushes(): Promise<void>;
}

/** What the service works with. */
export interface NotificationOptions {
	db: Database.Database;
	settings: PushSettings;
	/** Joins the one outbox (the core's desk.channel). */
	channel: <Item extends OutboxItem>(channel: OutboxChannel<Item>) => ChannelHandle<Item>;
	now: () => number;
	log: Pick<Console, 'warn' | 'error'>;
	/** The keys (tests may give their own); by default those beside the database. */
	keys?: VapidKeys;
	/** What a ping says of its reservation: the reservations' own read (their face). */
	pingContents: PingContents;
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

/** The pushes' table of the outbox: `started_at` marks the request about to go out. */
export const PUSH_QUEUE: QueueTable = Object.freeze({
	table: 'push_deliveries',
	startedColumn: 'started_at',
	sentAt: 'ms',
	interruptedText: 'interrotta: esito incerto',
});

/** Creates the notifications' service on the open database. */
export function createNotificationService({
	db,
	settings,
	channel,
	now,
	log,
	keys = vapidKeys(db.name),
	pingContents,
}: NotificationOptions): NotificationService {
	for (const warning of settings.warnings) log.warn(warning);
	const about = (push: ClaimedPush) =>
		`push ${push.id} of reservation ${push.reservation.id} to device ${push.subscriptionId}`;

	const pushes = channel<ClaimedPush>({
		name: 'push',
		queue: PUSH_QUEUE,
		retry: settings.retry,
		leaseMs: settings.leaseMs,
		maxInFlight: settings.maxInFlight,

		load: (database, rows) =>
			loadPushes(
				database,
				rows.map((row) => Number(row['id'])),
				pingContents,
			),

		async send(push, started) {
			const ping: ReservationPing = {
				code: push.reservation.code,
				day: push.reservation.day,
				pieces: push.reservation.pieces,
				url: reservationPath(push.reservation.id),
			};
			const outcome = await sendPush(push.subscription, ping, keys, settings, started);
			switch (outcome.kind) {
				case 'sent':
					return { kind: 'sent' };
				case 'gone':
					// The device goes, and its pushes with it (ON DELETE CASCADE).
					if (db.open) dropSubscription(db, push.subscriptionId);
					log.warn(
						outcome.status === 0
							? `Push: ${about(push)}: not an accepted push service (PUSH_SERVICE_HOSTS); device dropped.`
							: `Push: ${about(push)}: the push service answered ${outcome.status}; device dropped.`,
					);
					return { kind: 'gone' };
				case 'refused':
					return { kind: 'failed', error: outcome.error };
				case 'retry':
				case 'uncertain':
					return outcome;
			}
		},

		settled({ retried, uncertain }) {
			log.warn(
				`Push: ${retried} push(es) of a stopped run due again, ${uncertain} interrupted: esito incerto.`,
			);
		},

		recorded(push, outcome, { error, next }) {
			if (outcome === 'uncertain') {
				log.warn(`Push: ${about(push)}: ${error ?? ''}, esito incerto; not sent again.`);
			} else if (outcome === 'failed') {
				log.warn(`Push: ${about(push)}: not sent (${error ?? ''}); given up.`);
			} else if (outcome === 'retry' && typeof next === 'number') {
				log.warn(
					`Push: ${about(push)}: not taken (${error ?? ''}). Next attempt at ${new Date(next).toISOString()}.`,
				);
			}
		},
	});

	return {
		pushPublicKey: keys.publicKey,

		subscribe(member, body) {
			const subscription = readSubscription(body);
			if (!subscription) return { ok: false, error: PUSH_TEXTS.badSubscription };
			if (!checkEndpoint(subscription.endpoint, settings.rules).ok) {
				return { ok: false, error: PUSH_TEXTS.badEndpoint };
			}
			return saveSubscription(db, subscription, member, keys.publicKey, now()) === 'saved'
				? { ok: true }
				: { ok: false, error: PUSH_TEXTS.deviceTaken, taken: true };
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

		sendPushesSoon: () => pushes.sendSoon(),

		sendDuePushes: () => pushes.sendDue(),
	};
}
