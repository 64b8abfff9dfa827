/**
 * The contact service: stores each contact message and each pickup reservation (store.ts)
 * before any e-mail is tried, sends the shop's notification and the sender's confirmation
 * through the outbox (outbox.ts: mailer, texts, retries with backoff), and runs the loop that,
 * from start-up, retries failed e-mails (so e-mails left over by a previous run go out too) and
 * deletes, once an hour, the messages and reservations of people silent for longer than the
 * retention the privacy policy promises. One instance per process: the server
 * (src/server/main.ts) creates it at start-up and hands it to Astro's handler as
 * `locals.contact`; under `astro dev`, src/integrations/dev-contact.ts does.
 *
 * Plain TypeScript without `astro:*` imports, bundled by scripts/compile-server.mjs only (the
 * API routes import its type, never this module).
 */
import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '../../lib/contact/contact-schema';
import type { EmailStatus } from '../../lib/contact/outcome';
import type { PickupReservation } from '../../lib/pickup/request';
import type { PickupCatalogue } from '../pickup/catalogue';
import { variantKey, type HeldShortage } from '../pickup/store';
import type { StaffReservation, StaffReservationSummary } from '../reservations/staff-store';
import type { StatusChange, StatusChangeResult } from '../reservations/status-store';
import { contactConfigFromEnv, type ContactConfig, type Env } from './config';
import { createSmtpMailer, type Mailer } from './mailer';
import { createOutbox, describeError, type ContactLog, type EmailAttempt } from './outbox';
import { RateLimiter, type RateDecision } from './rate-limit';
import { createCustomerLinks, type CustomerLinks } from '../customer/links';
import type { MarkingStaff, MarkResult, StaffMessage } from '../staff-messages/store';
import { hashCustomerToken, newCustomerToken } from '../customer/token';
import { customerLinkPath } from '../../lib/pickup/customer-link';
import {
	ContactStore,
	type Delivery,
	type EarlierMessage,
	type EmailJob,
	type EmailKind,
} from './store';

export type { ContactLog, EmailAttempt } from './outbox';

/** A change of a reservation's state, as a route asks for it (the service adds the time). */
export type ReservationChange = Omit<StatusChange, 'now' | 'claimedBy'>;

/** What the health check learns of the service: counts and states, nothing personal. */
export interface ContactHealth {
	simulationMode: boolean;
	/** False when a write could not be committed. */
	databaseWritable: boolean;
	/** E-mails not yet sent, and those of them older than the threshold (-1: unknown). */
	emailsWaiting: number;
	emailsOverdue: number;
	/** The outcome of this process's latest attempt, if any. */
	lastAttempt: { outcome: EmailAttempt['outcome']; authFailure: boolean } | null;
}

/** What POST /api/contact gets back for a stored message. */
export interface SubmitResult {
	id: number;
	emailStatus: EmailStatus;
	/** True when the message was stored earlier, under the same submission key. */
	duplicate: boolean;
}

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

/** How a submission is stored: spam or not, its once-only key and its contents' fingerprint. */
export interface SubmitOptions {
	spam: boolean;
	submissionKey?: string | undefined;
	/** The sender's address, stored with the submission. */
	clientAddress?: string | undefined;
	/** submissionFingerprint() of the fields sent, compared with a stored one of the same key. */
	fingerprint?: string | undefined;
}

/** The submission key is stored already, with other contents. */
export interface KeyConflict {
	conflict: true;
}

/** A reservation asking more pieces than its shop has free; nothing was stored. */
export interface ReserveShortage {
	shortages: HeldShortage[];
}

/** Pieces free per variant id, for each product asked about (null: not in the build). */
export type Availability = Record<string, Record<string, number> | null>;

/** The contact service as the routes use it (App.Locals['contact']). */
export interface ContactService {
	/** True without SMTP: messages and reservations are stored, no e-mail is sent. */
	readonly simulationMode: boolean;
	/** The SQLite file. */
	readonly dbPath: string;
	/** The company name of the settings of the build served. */
	readonly companyName: string;
	/** The shops, hold days and products reservations are checked against. */
	readonly pickup: PickupCatalogue;
	/** Counts a message from `address` against the rate limit of messages. */
	takeRate(address: string): RateDecision;
	/** Counts a reservation from `address` against the rate limit of reservations. */
	takeReservationRate(address: string): RateDecision;
	/**
	 * Stores the message (resolves only after the commit), then, unless it is spam or in
	 * simulation mode, starts both e-mails and reports what happened to them within the
	 * configured wait (`emailsPending` when they are still under way). Rejects only when the
	 * message could not be stored.
	 */
	submit(message: ContactMessage, options: SubmitOptions): Promise<SubmitResult | KeyConflict>;
	/**
	 * Stores a checked reservation under a new pickup code, when its shop has the pieces free,
	 * then e-mails as `submit` does.
	 */
	reserve(
		reservation: PickupReservation,
		options: SubmitOptions,
	): Promise<ReserveResult | KeyConflict | ReserveShortage>;
	/**
	 * What the message stored under `submissionKey` was answered (a repeat), a conflict when it
	 * was stored with another fingerprint, or null when none is.
	 */
	findMessage(submissionKey: string, fingerprint: string): SubmitResult | KeyConflict | null;
	/** The same for a reservation. */
	findReservation(submissionKey: string, fingerprint: string): ReserveResult | KeyConflict | null;
	/**
	 * Pieces free at `shopId` now (the build's shelf stock less the pieces reservations hold),
	 * per variant of each product id.
	 */
	availability(shopId: string, productIds: readonly string[]): Promise<Availability>;
	/** The newest `limit` contact messages for staff, with e-mails and marks, and the total. */
	staffMessages(limit: number): { messages: StaffMessage[]; total: number };
	/** Marks a contact message 'Gestito' by a member of staff, unless someone did first. */
	markMessageHandled(messageId: number, staff: MarkingStaff): MarkResult;
	/** The customer's link: the reservation a token opens, and its cancelling. */
	readonly customer: CustomerLinks;
	/**
	 * Changes a reservation's state (src/server/reservations/status-store.ts): the change, its
	 * event and its e-mails are stored in one transaction, then the e-mails go out through the
	 * outbox in the background (none in simulation mode).
	 */
	changeReservation(change: ReservationChange): StatusChangeResult;
	/** The reservations of these shops from today (Rome) on, and earlier ones still held. */
	staffReservations(shopIds: readonly string[]): StaffReservationSummary[];
	/** One reservation of these shops in full, with its history; null for any other. */
	staffReservation(id: number, shopIds: readonly string[]): StaffReservation | null;
	/** The id of the reservation of these shops with this pickup code, or null. */
	staffReservationIdByCode(code: string, shopIds: readonly string[]): number | null;
	/**
	 * Starts the background loop: retries, retention, and 'Non ritirata' for the reservations
	 * whose hold has ended (idempotent).
	 */
	start(): void;
	/**
	 * The facts of the health check: commits a write (waiting at most `busyTimeoutMs` for the
	 * lock) and counts e-mails waiting longer than `overdueAfterMs`.
	 */
	health(overdueAfterMs: number, busyTimeoutMs: number): ContactHealth;
	/**
	 * Stops the retry loop, waits at most `graceMs` (default: as long as they take) for the
	 * e-mails being sent, and closes the database. An e-mail still being sent after the grace
	 * stays 'sending': the next start-up retries it, or marks it 'esito incerto' when its DATA
	 * command went out.
	 */
	close(graceMs?: number): Promise<void>;
}

/** Dependencies that the defaults fill in. */
export interface ContactServiceOptions {
	now?: () => number;
	log?: ContactLog;
	/** Told of every e-mail attempt (the JSON log). */
	onEmailAttempt?: (attempt: EmailAttempt) => void;
}

const SIMULATED: EmailStatus = Object.freeze({
	adminNotified: false,
	userConfirmationSent: false,
	simulationMode: true,
});

/**
 * The answer for a submission sent again: where the stored one's e-mails are. Spam gets the
 * answer spam always gets (`withMailer`: whether this server sends e-mail).
 */
function earlierEmailStatus(earlier: EarlierMessage, withMailer: boolean): EmailStatus {
	if (earlier.delivery === 'simulation' || (earlier.delivery === 'none' && !withMailer)) {
		return SIMULATED;
	}
	const sent = (kind: EmailKind) =>
		earlier.delivery === 'none' ||
		earlier.emails.some((email) => email.kind === kind && email.status === 'sent');
	return {
		adminNotified: sent('admin'),
		userConfirmationSent: sent('confirmation'),
		simulationMode: false,
	};
}

/** True when a submission key was stored with other contents than those sent now. */
function isConflict(earlier: EarlierMessage, fingerprint: string | undefined): boolean {
	return (
		earlier.fingerprint !== null && fingerprint !== undefined && earlier.fingerprint !== fingerprint
	);
}

const CONFLICT: KeyConflict = Object.freeze({ conflict: true });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Creates the service; the retry loop starts with start(). */
export function createContactService(
	config: ContactConfig,
	pickup: PickupCatalogue,
	{ now = Date.now, log = console, onEmailAttempt }: ContactServiceOptions = {},
): ContactService {
	const store = ContactStore.open(config.dbPath);
	const mailer: Mailer | null = config.smtp ? createSmtpMailer(config.smtp, config.from) : null;
	// One bucket per route and address: a visitor's messages never use up their reservations.
	const messageLimiter = new RateLimiter(config.rateLimitPerMinute, now);
	const reservationLimiter = new RateLimiter(config.rateLimitPerMinute, now);
	const instance = `${process.pid}-${randomUUID()}`;
	const inFlight = new Set<Promise<unknown>>();
	let timer: ReturnType<typeof setTimeout> | null = null;
	let started = false;
	let closed = false;
	let purgedAt = -Infinity;
	let lastAttempt: ContactHealth['lastAttempt'] = null;

	function track<T>(promise: Promise<T>): Promise<T> {
		inFlight.add(promise);
		void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
		return promise;
	}

	const onAttempt = (attempt: EmailAttempt) => {
		lastAttempt = { outcome: attempt.outcome, authFailure: attempt.authFailure };
		onEmailAttempt?.(attempt);
	};
	const outbox = mailer
		? createOutbox({ store, mailer, config, instance, now, log, track, onAttempt })
		: null;

	/** How a new submission's e-mails are handled: sent, simulated, or none (spam). */
	function deliveryOf(spam: boolean): Delivery {
		return spam ? 'none' : mailer ? 'smtp' : 'simulation';
	}

	/** The e-mail status of a stored submission: sends its e-mails now when it has any. */
	async function emailStatusOf(
		delivery: Delivery,
		stored: { jobs: readonly EmailJob[]; earlier?: EarlierMessage | undefined },
	): Promise<EmailStatus> {
		// Sent again (same submission key): the answer says where the stored one's e-mails are.
		if (stored.earlier) return earlierEmailStatus(stored.earlier, mailer !== null);
		if (delivery === 'simulation') return SIMULATED;
		// Spam is answered as if all went well, so the sender learns nothing.
		if (delivery === 'none' || !outbox) {
			const sent = mailer !== null;
			return { adminNotified: sent, userConfirmationSent: sent, simulationMode: !sent };
		}
		// Stored: the e-mails go on in the background (the outbox), and the answer waits for them
		// at most `replyWaitMs`, then says what is known.
		return outbox.sendNew(stored.jobs);
	}

	/** Deletes old messages and reservations, at most once an hour (privacy policy). */
	function purgeOld(): void {
		if (config.retentionDays <= 0 || now() - purgedAt < HOUR) return;
		purgedAt = now();
		const deleted = store.purgeSendersInactiveSince(new Date(now() - config.retentionDays * DAY));
		if (deleted > 0) {
			log.log(
				`Contact: ${deleted} message(s) and reservation(s) past the ${config.retentionDays}-day retention deleted.`,
			);
		}
	}

	/** Stores 'Non ritirata' for the reservations whose hold has ended (reads apply it anyway). */
	function expireHolds(): void {
		const expired = store.expireReservations(new Date(now()));
		if (expired > 0) log.log(`Contact: ${expired} reservation(s) not collected in time.`);
	}

	/** One pass of the loop. */
	async function tick(): Promise<void> {
		purgeOld();
		expireHolds();
		if (outbox) await outbox.retryDue(() => closed);
	}

	function schedule(delay: number): void {
		if (closed) return;
		timer = setTimeout(() => {
			timer = null;
			void track(
				tick().catch((error: unknown) => {
					log.error('Contact: background loop failed:', describeError(error));
				}),
			).finally(() => schedule(mailer ? config.retryPollMs : MINUTE));
		}, delay);
		timer.unref();
	}

	/** What every stored submission carries besides its own fields and e-mails. */
	const rowOf = ({ spam, submissionKey, fingerprint, clientAddress }: SubmitOptions) => ({
		createdAt: new Date(now()),
		spam,
		delivery: deliveryOf(spam),
		submissionKey,
		clientAddress,
		submissionFingerprint: fingerprint,
		confirmationsPerDay: config.confirmationsPerDay,
	});
	function changeReservation(change: ReservationChange): StatusChangeResult {
		const result = store.changeReservationStatus({
			...change,
			now: new Date(now()),
			claimedBy: outbox ? instance : undefined,
		});
		// Stored: the e-mails go on in the background, retried by the loop when they fail.
		if (result.outcome === 'changed' && outbox && result.jobs.length > 0) {
			void outbox.sendNew(result.jobs);
		}
		return result;
	}

	return {
		simulationMode: mailer === null,
		dbPath: config.dbPath,
		companyName: config.companyName,
		pickup,
		customer: createCustomerLinks(
			{
				find: (tokenHash) => store.customerReservation(tokenHash, new Date(now())),
				cancel: (reservationId, fromVersion, reason) =>
					changeReservation({
						reservationId,
						to: 'cancelled',
						actor: 'customer',
						fromVersion: fromVersion ?? undefined,
						reason,
					}),
			},
			{ now },
		),

		takeRate(address) {
			return messageLimiter.take(address);
		},

		takeReservationRate(address) {
			return reservationLimiter.take(address);
		},

		findMessage(submissionKey, fingerprint) {
			const earlier = store.findMessage(submissionKey);
			if (!earlier) return null;
			if (isConflict(earlier, fingerprint)) return CONFLICT;
			const emailStatus = earlierEmailStatus(earlier, mailer !== null);
			return { id: earlier.id, emailStatus, duplicate: true };
		},

		findReservation(submissionKey, fingerprint) {
			const earlier = store.findReservation(submissionKey);
			if (!earlier) return null;
			if (isConflict(earlier, fingerprint)) return CONFLICT;
			const emailStatus = earlierEmailStatus(earlier, mailer !== null);
			return { id: earlier.id, code: earlier.code, emailStatus, duplicate: true };
		},

		async availability(shopId, productIds) {
			const products = await Promise.all(productIds.map((id) => pickup.product(id)));
			const held = store.heldPieces(shopId, new Date(now()));
			return Object.fromEntries(
				productIds.map((id, index) => {
					const product = products[index];
					if (!product) return [id, null];
					const free = product.variants.map((variant) => {
						const shelf = variant.stock[shopId] ?? 0;
						const taken = held.get(variantKey(product.id, variant.id)) ?? 0;
						return [variant.id, Math.max(0, shelf - taken)];
					});
					return [id, Object.fromEntries(free) as Record<string, number>];
				}),
			);
		},

		async submit(message, { spam, submissionKey, fingerprint, clientAddress }) {
			const delivery = deliveryOf(spam);
			const emails =
				delivery === 'smtp' && config.shopEmail
					? [
							{ kind: 'admin' as const, recipient: config.shopEmail },
							{ kind: 'confirmation' as const, recipient: message.email },
						]
					: [];
			const stored = store.insertMessage(
				{ ...message, ...rowOf({ spam, submissionKey, fingerprint, clientAddress }), emails },
				instance,
			);
			if (stored.earlier && isConflict(stored.earlier, fingerprint)) return CONFLICT;
			const emailStatus = await emailStatusOf(delivery, stored);
			return { id: stored.id, emailStatus, duplicate: stored.earlier !== undefined };
		},

		async reserve(reservation, { spam, submissionKey, fingerprint, clientAddress }) {
			const delivery = deliveryOf(spam);
			// The notification goes to the shop chosen, at its own address (its content file).
			const emails =
				delivery === 'smtp'
					? [
							{ kind: 'admin' as const, recipient: reservation.shop.email },
							{ kind: 'confirmation' as const, recipient: reservation.email },
						]
					: [];
			// The customer's link: the token goes back in the answer, only its hash is stored.
			const token = newCustomerToken();
			const stored = store.insertReservation(
				{
					reservation,
					holdDays: pickup.settings.holdDays,
					...rowOf({ spam, submissionKey, fingerprint, clientAddress }),
					emails,
					customerTokenHash: hashCustomerToken(token),
				},
				instance,
			);
			if ('shortages' in stored) return { shortages: stored.shortages };
			if (stored.earlier && isConflict(stored.earlier, fingerprint)) return CONFLICT;
			const emailStatus = await emailStatusOf(delivery, stored);
			return {
				id: stored.id,
				code: stored.code,
				emailStatus,
				duplicate: stored.earlier !== undefined,
				...(stored.earlier ? {} : { link: customerLinkPath(token) }),
			};
		},

		changeReservation,

		staffMessages(limit) {
			return store.staffMessages(limit);
		},

		markMessageHandled(messageId, staff) {
			return store.markMessageHandled(messageId, staff, new Date(now()));
		},

		staffReservations(shopIds) {
			return store.staffReservations(shopIds, new Date(now()));
		},

		staffReservation(id, shopIds) {
			return store.staffReservation(id, shopIds, new Date(now()));
		},

		staffReservationIdByCode(code, shopIds) {
			return store.staffReservationIdByCode(code, shopIds);
		},

		start() {
			if (started || closed) return;
			started = true;
			try {
				outbox?.settleAbandoned();
			} catch (error) {
				log.error('Contact: cannot settle e-mails of a stopped run:', describeError(error));
			}
			schedule(0);
		},

		health(overdueAfterMs, busyTimeoutMs) {
			let databaseWritable = true;
			try {
				store.probeWrite(now(), busyTimeoutMs);
			} catch {
				databaseWritable = false;
			}
			let backlog = { waiting: -1, overdue: -1 };
			try {
				backlog = store.emailBacklog(new Date(now() - overdueAfterMs));
			} catch {
				// Unreadable: the database check already says so.
			}
			return {
				simulationMode: mailer === null,
				databaseWritable,
				emailsWaiting: backlog.waiting,
				emailsOverdue: backlog.overdue,
				lastAttempt,
			};
		},

		async close(graceMs = Infinity) {
			if (closed) return;
			closed = true;
			if (timer) clearTimeout(timer);
			const deadline = Date.now() + graceMs;
			while (inFlight.size > 0 && Date.now() < deadline) {
				let timeout: ReturnType<typeof setTimeout> | undefined;
				await Promise.race([
					Promise.allSettled([...inFlight]),
					new Promise((resolve) => {
						timeout = setTimeout(resolve, Math.min(deadline - Date.now(), 2_147_483_647));
					}),
				]);
				clearTimeout(timeout);
			}
			mailer?.close();
			store.close();
		},
	};
}

/**
 * Creates the service from environment variables (relative paths resolve against `root`) and
 * the build's pickup catalogue, whose company name signs the e-mails.
 */
export function createContactServiceFromEnv(
	env: Env,
	root: string,
	pickup: PickupCatalogue,
	options?: ContactServiceOptions,
): ContactService {
	return createContactService(
		contactConfigFromEnv(env, root, pickup.settings.companyName),
		pickup,
		options,
	);
}
