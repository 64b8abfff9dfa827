/**
 * The contact service: stores each message (store.ts) before any e-mail is tried, sends the
 * shop's notification and the visitor's confirmation (mailer.ts, texts in email-text.ts), and
 * retries failed e-mails with backoff (backoff.ts) from a loop that runs from start-up, so
 * e-mails left over by a previous run go out too. The same loop deletes, once an hour, the
 * messages of senders silent for longer than the retention the privacy policy promises. One
 * instance per process: the server (src/server/main.ts) creates it at start-up and hands it to
 * Astro's handler as `locals.contact`; under `astro dev`, src/integrations/dev-contact.ts does.
 *
 * Plain TypeScript without `astro:*` imports, bundled by scripts/compile-server.mjs only (the
 * API route imports its type, never this module).
 */
import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '../../lib/contact/contact-schema';
import type { EmailStatus } from '../../lib/contact/outcome';
import { nextAttemptAt } from './backoff';
import { contactConfigFromEnv, type ContactConfig, type Env } from './config';
import { adminNotification, visitorConfirmation } from './email-text';
import { createSmtpMailer, UncertainDeliveryError, type Mailer } from './mailer';
import { RateLimiter, type RateDecision } from './rate-limit';
import { ContactStore, type EarlierMessage, type EmailJob, type EmailKind } from './store';

/** What POST /api/contact gets back for a stored message. */
export interface SubmitResult {
	id: number;
	emailStatus: EmailStatus;
	/** True when the message was stored earlier, under the same submission key. */
	duplicate: boolean;
}

/** The contact service as the route uses it (App.Locals['contact']). */
export interface ContactService {
	/** True without SMTP: messages are stored, no e-mail is sent. */
	readonly simulationMode: boolean;
	/** The SQLite file. */
	readonly dbPath: string;
	/** Counts a message from `address` against the rate limit. */
	takeRate(address: string): RateDecision;
	/**
	 * Stores the message (resolves only after the commit), then, unless it is spam or in
	 * simulation mode, starts both e-mails and reports what happened to them within the
	 * configured wait (`emailsPending` when they are still under way). Rejects only when the
	 * message could not be stored.
	 */
	submit(
		message: ContactMessage,
		options: { spam: boolean; submissionKey?: string | undefined },
	): Promise<SubmitResult>;
	/** Starts the background loop: retries and retention (idempotent). */
	start(): void;
	/** Stops the retry loop, waits for e-mails being sent, closes the database. */
	close(): Promise<void>;
}

/** Where the service logs: failed e-mails, retries, interrupted sends. */
export type ContactLog = Pick<Console, 'log' | 'warn' | 'error'>;

/** Dependencies that the defaults fill in. */
export interface ContactServiceOptions {
	now?: () => number;
	log?: ContactLog;
}

/** A short description of an error for the database and the log (no stack trace). */
function describeError(error: unknown): string {
	if (error instanceof Error) {
		const code = (error as { code?: unknown }).code;
		return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
	}
	return String(error);
}

/**
 * The answer for a message sent again: where the stored message's e-mails are now. Spam gets
 * the answer spam always gets (`withMailer`: whether this server sends e-mail).
 */
function earlierEmailStatus(earlier: EarlierMessage, withMailer: boolean): EmailStatus {
	if (earlier.delivery === 'simulation' || (earlier.delivery === 'none' && !withMailer)) {
		return { adminNotified: false, userConfirmationSent: false, simulationMode: true };
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

/** Resolves when `promise` settles or after `ms`, whichever comes first; never rejects. */
async function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const elapsed = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, ms);
	});
	try {
		await Promise.race([
			promise.then(
				() => undefined,
				() => undefined,
			),
			elapsed,
		]);
	} finally {
		clearTimeout(timer);
	}
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The domain of the Message-IDs: the shop's own, so they look like its other e-mails. */
function messageIdDomain(config: ContactConfig): string {
	return config.shopEmail?.split('@')[1] ?? 'localhost';
}

/** Creates the service; the retry loop starts with start(). */
export function createContactService(
	config: ContactConfig,
	{ now = Date.now, log = console }: ContactServiceOptions = {},
): ContactService {
	const store = ContactStore.open(config.dbPath);
	const mailer: Mailer | null = config.smtp ? createSmtpMailer(config.smtp, config.from) : null;
	const limiter = new RateLimiter(config.rateLimitPerMinute, now);
	/** Who claims e-mails: this process, unlike any earlier or parallel one. */
	const instance = `${process.pid}-${randomUUID()}`;
	const inFlight = new Set<Promise<unknown>>();
	let timer: ReturnType<typeof setTimeout> | null = null;
	let started = false;
	let closed = false;
	let purgedAt = -Infinity;

	function track<T>(promise: Promise<T>): Promise<T> {
		inFlight.add(promise);
		void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
		return promise;
	}

	/** Sends one claimed e-mail and records the outcome; true when the mail server took it. */
	async function deliver(job: EmailJob): Promise<boolean> {
		if (!mailer) return false;
		const text =
			job.kind === 'admin' ? adminNotification(job.message) : visitorConfirmation(job.message);
		const replyTo = job.kind === 'admin' ? job.message.email : (config.shopEmail ?? undefined);
		const stamp = job.message.createdAt.getTime();
		try {
			await mailer.send({
				to: job.recipient,
				subject: text.subject,
				text: text.text,
				replyTo,
				messageId: `<contatto-${job.message.id}-${job.kind}-${stamp}@${messageIdDomain(config)}>`,
			});
		} catch (error) {
			if (error instanceof UncertainDeliveryError) {
				try {
					store.markUncertain(job.emailId, instance, error.message);
				} catch (storeError) {
					// Left claimed: after the lease it becomes 'interrupted' all the same.
					log.error(
						`Contact: cannot record the uncertain e-mail ${job.emailId}:`,
						describeError(storeError),
					);
				}
				log.warn(
					`Contact: ${job.kind} e-mail of message ${job.message.id}: esito incerto (${error.message}); not sent again.`,
				);
				return false;
			}
			const failures = job.attempts + 1;
			const next = nextAttemptAt(failures, now(), config.retry);
			try {
				store.markFailed(job.emailId, instance, describeError(error), next);
			} catch (storeError) {
				log.error(
					`Contact: cannot record the failure of e-mail ${job.emailId}:`,
					describeError(storeError),
				);
			}
			log.warn(
				`Contact: ${job.kind} e-mail of message ${job.message.id} not sent (attempt ${failures} of ${config.retry.maxAttempts}): ${describeError(error)}.` +
					(next === null ? ' Given up.' : ` Next attempt at ${new Date(next).toISOString()}.`),
			);
			return false;
		}
		try {
			store.markSent(job.emailId, instance, new Date(now()));
		} catch (error) {
			// Sent but not recorded: the row stays claimed and becomes 'interrupted', never resent.
			log.error(`Contact: e-mail ${job.emailId} sent but not recorded:`, describeError(error));
		}
		return true;
	}

	/** One pass of the retry loop: settles dead claims, then sends due e-mails one by one. */
	async function retryDue(): Promise<void> {
		const interrupted = store.markInterrupted(now() - config.sendLeaseMs);
		if (interrupted > 0) {
			log.warn(`Contact: ${interrupted} e-mail(s) interrupted while sending; not sent again.`);
		}
		// One claim at a time, so stopping never leaves a claimed e-mail unsent.
		while (!closed) {
			const [job] = store.claimDue(now(), instance, 1);
			if (!job) break;
			await deliver(job);
		}
	}

	/** Deletes old messages, at most once an hour (privacy policy). */
	function purgeOld(): void {
		if (config.retentionDays <= 0 || now() - purgedAt < HOUR) return;
		purgedAt = now();
		const deleted = store.purgeSendersInactiveSince(new Date(now() - config.retentionDays * DAY));
		if (deleted > 0) {
			log.log(
				`Contact: ${deleted} message(s) past the ${config.retentionDays}-day retention deleted.`,
			);
		}
	}

	/** One pass of the loop. */
	async function tick(): Promise<void> {
		purgeOld();
		if (mailer) await retryDue();
	}

	function schedule(delay: number): void {
		if (closed) return;
		timer = setTimeout(() => {
			timer = null;
			void track(
				tick().catch((error: unknown) => {
					log.error('Contact: background loop failed:', describeError(error));
				}),
			).finally(() => schedule(mailer ? config.retryPollMs : HOUR));
		}, delay);
		timer.unref();
	}

	return {
		simulationMode: mailer === null,
		dbPath: config.dbPath,

		takeRate(address) {
			return limiter.take(address);
		},

		async submit(message, { spam, submissionKey }) {
			const delivery = spam ? 'none' : mailer ? 'smtp' : 'simulation';
			const emails =
				delivery === 'smtp' && config.shopEmail
					? [
							{ kind: 'admin' as const, recipient: config.shopEmail },
							{ kind: 'confirmation' as const, recipient: message.email },
						]
					: [];
			const { id, jobs, earlier } = store.insertMessage(
				{ ...message, createdAt: new Date(now()), spam, delivery, emails, submissionKey },
				instance,
			);
			// Sent again (same submission key): the answer says where the stored one's e-mails are.
			if (earlier) {
				return { id, emailStatus: earlierEmailStatus(earlier, mailer !== null), duplicate: true };
			}
			if (delivery === 'simulation') {
				return {
					id,
					emailStatus: { adminNotified: false, userConfirmationSent: false, simulationMode: true },
					duplicate: false,
				};
			}
			if (delivery === 'none') {
				// Spam is answered as if all went well, so the sender learns nothing.
				const sent = mailer !== null;
				return {
					id,
					emailStatus: { adminNotified: sent, userConfirmationSent: sent, simulationMode: !sent },
					duplicate: false,
				};
			}
			// The message is stored: the e-mails go on in the background (the outbox), and the
			// answer waits for them at most `replyWaitMs`, then says what is known.
			const outcomes: (boolean | undefined)[] = jobs.map(() => undefined);
			const deliveries = track(
				Promise.all(
					jobs.map((job, index) =>
						deliver(job).then((sent) => {
							outcomes[index] = sent;
						}),
					),
				),
			);
			await waitAtMost(deliveries, config.replyWaitMs);
			const sent = (kind: EmailJob['kind']) =>
				jobs.some((job, index) => job.kind === kind && outcomes[index] === true);
			return {
				id,
				emailStatus: {
					adminNotified: sent('admin'),
					userConfirmationSent: sent('confirmation'),
					simulationMode: false,
					...(outcomes.includes(undefined) ? { emailsPending: true } : {}),
				},
				duplicate: false,
			};
		},

		start() {
			if (started || closed) return;
			started = true;
			schedule(0);
		},

		async close() {
			if (closed) return;
			closed = true;
			if (timer) clearTimeout(timer);
			while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
			mailer?.close();
			store.close();
		},
	};
}

/** Creates the service from environment variables; relative paths resolve against `root`. */
export function createContactServiceFromEnv(
	env: Env,
	root: string,
	options?: ContactServiceOptions,
): ContactService {
	return createContactService(contactConfigFromEnv(env, root), options);
}
