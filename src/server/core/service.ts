/**
 * The submissions core as a service: the one outbox of every channel (channels.ts; the e-mails'
 * channel is outbox.ts: mailer, texts; other things add theirs through `desk.channel`) and the
 * loop that, from start-up, sends what is due in every channel (so items left over by a previous
 * run go out too) and deletes, once an hour, the submissions of people silent
 * for longer than the retention the privacy policy promises; the health check's facts; and, for
 * each kind's own service (src/server/messages/service.ts, src/server/reservations/service.ts), the
 * desk: the store, a rate limit, the fields every submission stores and the e-mail status of a
 * stored one. src/server/services/index.ts puts the kinds' services on top of it; one instance per process.
 *
 * Plain TypeScript without `astro:*` imports, bundled by scripts/compile-server.mjs only (the
 * API routes import its type, never this module).
 */
import { randomUUID } from 'node:crypto';
import type { EmailStatus } from '../../lib/messages/outcome';
import type { CoreConfig } from './config';
import type { EmailJob } from './kind';
import { createSmtpMailer, type Mailer } from './mailer';
import {
	createChannelOutbox,
	type ChannelHandle,
	type OutboxChannel,
	type OutboxItem,
} from './channels';
import {
	claimerIsGone,
	createOutbox,
	describeError,
	type ConsoleLog,
	type EmailAttempt,
} from './outbox';
import { RateLimiter } from './rate-limit';
import type { Delivery, EarlierSubmission, NewEmail, Registry, SubmissionBase } from './schema';
import { CONFLICT, earlierEmailStatus, isConflict, SIMULATED, type KeyConflict } from './earlier';
import { SubmissionStore } from './store';

export type { ConsoleLog, EmailAttempt } from './outbox';

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

/** What a submission route gets back for a stored submission. */
export interface SubmitResult {
	id: number;
	emailStatus: EmailStatus;
	/** True when the submission was stored earlier, under the same submission key. */
	duplicate: boolean;
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

/** What a route answers for a stored submission, besides its id. */
export type Answer = Omit<SubmitResult, 'id'>;

export type { KeyConflict } from './earlier';

/** The part of the service every kind shares, as the routes and the server use it. */
export interface SubmissionsCore {
	/** True without SMTP: submissions are stored, no e-mail is sent. */
	readonly simulationMode: boolean;
	/** The SQLite file. */
	readonly dbPath: string;
	/** The company name of the settings of the build served. */
	readonly companyName: string;
	/** Starts the background loop: retries and retention (idempotent). */
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

/** What a kind's service works with (src/server/messages/service.ts, pickup/service.ts). */
export interface SubmissionDesk {
	readonly store: SubmissionStore;
	readonly config: CoreConfig;
	/** Who claims e-mails: this process, unlike any earlier or parallel one. */
	readonly instance: string;
	readonly now: () => number;
	/** True when this server sends e-mail; in simulation mode nothing stores e-mails to send. */
	readonly sendsEmail: boolean;
	/** A rate limit of the kind's own: a visitor's messages never use up their reservations. */
	rateLimiter(): RateLimiter;
	/**
	 * The fields every submission stores besides its own, with its e-mails: none for spam or in
	 * simulation mode, else those `emails` names (the shop's notification, the confirmation).
	 */
	base(options: SubmitOptions, emails: () => readonly NewEmail[]): SubmissionBase;
	/**
	 * The answer for a submission just handed to the store: for a new one, its e-mails are sent
	 * now and the status says what happened to them within the configured wait
	 * (`emailsPending` when still under way); for one stored earlier under the same key, see
	 * `repeat`.
	 */
	answer(
		delivery: Delivery,
		stored: { jobs: readonly EmailJob[]; earlier?: EarlierSubmission | undefined },
		fingerprint: string | undefined,
	): Promise<Answer | KeyConflict>;
	/**
	 * The answer to a submission key stored already: where the stored one's e-mails are, or a
	 * conflict when it was stored with other contents than `fingerprint`.
	 */
	repeat(earlier: EarlierSubmission, fingerprint: string | undefined): Answer | KeyConflict;
	/**
	 * Sends e-mails an owner stored just now outside a submission (a reservation marked ready,
	 * say), claimed by this process (`insertClaimedEmails` with `instance`), as a submission's
	 * are: the outbox goes on with them, and the status says what happened within the wait.
	 */
	send(jobs: readonly EmailJob[]): Promise<EmailStatus>;
	/** Adds a task to every pass of the background loop (at least once a minute). */
	everyPass(task: () => void | Promise<void>): void;
	/**
	 * Adds a channel to the one outbox (pushes to staff devices, say): its items are claimed,
	 * retried, settled after a stop and recorded as e-mails are; the channel only sends one.
	 */
	channel<Item extends OutboxItem>(channel: OutboxChannel<Item>): ChannelHandle<Item>;
	/**
	 * Sends the e-mails due by `at` (ms) as soon as that time comes, rather than at the loop's
	 * next pass: an e-mail stored to leave later (the 'pronta' one, after its undo window) goes
	 * out on time. Claims are atomic, so this and the loop never send one twice.
	 */
	sendWhenDue(at: number): void;
}

/** Dependencies that the defaults fill in. */
export interface CoreServiceOptions {
	now?: () => number;
	log?: ConsoleLog;
	/** Told of every e-mail attempt (the JSON log). */
	onEmailAttempt?: (attempt: EmailAttempt) => void;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Creates the core of the service and its desk; the retry loop starts with start(). */
export function createSubmissions(
	config: CoreConfig,
	registry: Registry,
	{ now = Date.now, log = console, onEmailAttempt }: CoreServiceOptions = {},
): { core: SubmissionsCore; desk: SubmissionDesk } {
	const store = SubmissionStore.open(config.dbPath, registry);
	const mailer: Mailer | null = config.smtp ? createSmtpMailer(config.smtp, config.from) : null;
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
	/** The one outbox of every channel; e-mails are one when there is a mail server. */
	const channels = createChannelOutbox({ db: store.db, instance, now, log, track });
	const outbox = mailer
		? createOutbox({ store, mailer, config, instance, now, log, channels, onAttempt })
		: null;

	/** How a new submission's e-mails are handled: sent, simulated, or none (spam). */
	function deliveryOf(spam: boolean): Delivery {
		return spam ? 'none' : mailer ? 'smtp' : 'simulation';
	}

	/** Deletes old submissions, at most once an hour (privacy policy). */
	function purgeOld(): void {
		if (config.retentionDays <= 0 || now() - purgedAt < HOUR) return;
		purgedAt = now();
		const deleted = store.purgeSendersInactiveSince(new Date(now() - config.retentionDays * DAY));
		if (deleted > 0) {
			log.log(
				`Contact: ${deleted} submission(s) past the ${config.retentionDays}-day retention deleted.`,
			);
		}
	}

	/** Timers of e-mails stored to leave later (desk.sendWhenDue), cleared on close. */
	const wakeups = new Set<ReturnType<typeof setTimeout>>();

	/** The kinds' own tasks of each pass (desk.everyPass). */
	const tasks: (() => void | Promise<void>)[] = [];

	/** One pass of the loop. */
	async function tick(): Promise<void> {
		purgeOld();
		for (const task of tasks) {
			try {
				await task();
			} catch (error) {
				log.error('Contact: background task failed:', describeError(error));
			}
		}
		if (!closed) await channels.retryDue();
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

	const desk: SubmissionDesk = {
		store,
		config,
		instance,
		now,

		sendsEmail: mailer !== null,

		rateLimiter: () => new RateLimiter(config.rateLimitPerMinute, now),

		async send(jobs) {
			return outbox ? outbox.sendNew(jobs) : SIMULATED;
		},

		base({ spam, submissionKey, fingerprint, clientAddress }, emails) {
			const delivery = deliveryOf(spam);
			return {
				createdAt: new Date(now()),
				spam,
				delivery,
				emails: delivery === 'smtp' ? emails() : [],
				submissionKey,
				clientAddress,
				submissionFingerprint: fingerprint,
				confirmationsPerDay: config.confirmationsPerDay,
			};
		},

		everyPass(task) {
			tasks.push(task);
		},

		channel(channel) {
			return channels.register(channel);
		},

		sendWhenDue(at) {
			if (!outbox || closed) return;
			const wakeup = setTimeout(
				() => {
					wakeups.delete(wakeup);
					if (closed) return;
					void track(
						channels.retryDue().catch((error: unknown) => {
							log.error('Contact: sending e-mails due failed:', describeError(error));
						}),
					);
				},
				Math.max(0, at - now()),
			);
			wakeup.unref();
			wakeups.add(wakeup);
		},

		repeat(earlier, fingerprint) {
			if (isConflict(earlier, fingerprint)) return CONFLICT;
			return { emailStatus: earlierEmailStatus(earlier, mailer !== null), duplicate: true };
		},

		async answer(delivery, stored, fingerprint) {
			// Sent again (same submission key): the answer says where the stored one's e-mails are.
			if (stored.earlier) return desk.repeat(stored.earlier, fingerprint);
			if (delivery === 'simulation') return { emailStatus: SIMULATED, duplicate: false };
			// Spam is answered as if all went well, so the sender learns nothing.
			if (delivery === 'none' || !outbox) {
				const sent = mailer !== null;
				const emailStatus = {
					adminNotified: sent,
					userConfirmationSent: sent,
					simulationMode: !sent,
				};
				return { emailStatus, duplicate: false };
			}
			// Stored: the e-mails go on in the background (the outbox), and the answer waits for
			// them at most `replyWaitMs`, then says what is known.
			return { emailStatus: await outbox.sendNew(stored.jobs), duplicate: false };
		},
	};

	const core: SubmissionsCore = {
		simulationMode: mailer === null,
		dbPath: config.dbPath,
		companyName: config.companyName,

		start() {
			if (started || closed) return;
			started = true;
			channels.settleAbandoned((claimedBy) => claimerIsGone(claimedBy, instance));
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
			channels.stop();
			if (timer) clearTimeout(timer);
			for (const wakeup of wakeups) clearTimeout(wakeup);
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
	return { core, desk };
}
