/**
 * The outbox: sends the e-mails of every kind (kind.ts), each row of the `emails` table at
 * most once (store.ts explains the claims), records each outcome, and retries failed ones with
 * backoff (backoff.ts). The service (service.ts) hands it the e-mails of a new submission and
 * runs its `retryDue` from the background loop.
 */
import type { EmailStatus } from '../../lib/messages/outcome';
import { nextAttemptAt } from './backoff';
import type { CoreConfig } from './config';
import { composeEmail, describeJob } from './emails';
import { isAuthFailure, UncertainDeliveryError, type Mailer } from './mailer';
import type { EmailJob } from './kind';
import type { EmailKind } from './schema';
import type { SubmissionStore } from './store';

/** Where the service logs: failed e-mails, retries, interrupted sends. */
export type ConsoleLog = Pick<Console, 'log' | 'warn' | 'error'>;

/** A short description of an error for the database and the log (no stack trace). */
export function describeError(error: unknown): string {
	if (error instanceof Error) {
		const code = (error as { code?: unknown }).code;
		return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
	}
	return String(error);
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

/** One attempt at sending an e-mail, for the log and the health check: no address, no text. */
export interface EmailAttempt {
	emailId: number;
	kind: EmailKind;
	/** What the e-mail is about: its owner's name ('message', 'reservation'). */
	about: string;
	/** 1 for the first attempt. */
	attempt: number;
	/** Sent; due again; given up; or transmitted without an answer (never sent again). */
	outcome: 'sent' | 'retry' | 'failed' | 'uncertain';
	/** The mail server refused the credentials. */
	authFailure: boolean;
	durationMs: number;
}

/**
 * Whether the process that claimed e-mails as `claimedBy` (`<pid>-<uuid>`) has stopped: another
 * instance in this very process is an earlier run under a reused pid (a container's pid 1), and
 * a pid that no longer exists on this machine has stopped. Anything else counts as running, and
 * its claims wait for the lease.
 */
export function claimerIsGone(
	claimedBy: string,
	instance: string,
	isRunning: (pid: number) => boolean = processIsRunning,
): boolean {
	if (claimedBy === instance) return false;
	const pid = Number(/^(\d+)-/.exec(claimedBy)?.[1] ?? NaN);
	if (!Number.isSafeInteger(pid) || pid <= 0) return false;
	return pid === Number(/^(\d+)-/.exec(instance)?.[1]) || !isRunning(pid);
}

function processIsRunning(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: it runs, as another user.
		return (error as NodeJS.ErrnoException).code !== 'ESRCH';
	}
}

/** What the outbox works with. */
export interface OutboxOptions {
	store: SubmissionStore;
	mailer: Mailer;
	config: CoreConfig;
	/** Who claims e-mails: this process, unlike any earlier or parallel one. */
	instance: string;
	now: () => number;
	log: ConsoleLog;
	/** Keeps a promise until it settles, so closing waits for it. */
	track: <T>(promise: Promise<T>) => Promise<T>;
	/** Told of every attempt, once its outcome is recorded. */
	onAttempt?: ((attempt: EmailAttempt) => void) | undefined;
}

/** The outbox of one process. */
export interface Outbox {
	/**
	 * Sends the e-mails just stored (claimed by this process) and reports what happened within
	 * the configured wait (`emailsPending` when some are still under way: they go on).
	 */
	sendNew(jobs: readonly EmailJob[]): Promise<EmailStatus>;
	/** One pass of the retry loop: settles dead claims, then sends due e-mails one by one. */
	retryDue(isClosed: () => boolean): Promise<void>;
	/**
	 * Settles the e-mails left 'sending' by processes that have stopped (start-up): retried
	 * when their DATA never went out, 'esito incerto' otherwise.
	 */
	settleAbandoned(): void;
}

export function createOutbox({
	store,
	mailer,
	config,
	instance,
	now,
	log,
	track,
	onAttempt,
}: OutboxOptions): Outbox {
	/** Tells `onAttempt`; a failing listener never stops the outbox. */
	function report(
		job: EmailJob,
		startedAt: number,
		outcome: EmailAttempt['outcome'],
		error?: unknown,
	): void {
		try {
			onAttempt?.({
				emailId: job.emailId,
				kind: job.kind,
				about: job.owner.name,
				attempt: job.attempts + 1,
				outcome,
				authFailure: error !== undefined && isAuthFailure(error),
				durationMs: Math.max(0, now() - startedAt),
			});
		} catch (listenerError) {
			log.error('Contact: e-mail attempt listener failed:', describeError(listenerError));
		}
	}

	/** Logs settled claims of stopped processes. */
	function logSettled({ retried, uncertain }: { retried: number; uncertain: number }): void {
		if (retried > 0) {
			log.warn(`Contact: ${retried} e-mail(s) interrupted before their DATA command; sent again.`);
		}
		if (uncertain > 0) {
			log.warn(
				`Contact: ${uncertain} e-mail(s) interrupted during their DATA command: esito incerto, not sent again.`,
			);
		}
	}

	/** Records what happened to a failed send; never throws. Returns the outcome. */
	function recordFailure(job: EmailJob, error: unknown): EmailAttempt['outcome'] {
		const what = describeJob(job);
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
			log.warn(`Contact: ${what}: esito incerto (${error.message}); not sent again.`);
			return 'uncertain';
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
			`Contact: ${what} not sent (attempt ${failures} of ${config.retry.maxAttempts}): ${describeError(error)}.` +
				(next === null ? ' Given up.' : ` Next attempt at ${new Date(next).toISOString()}.`),
		);
		return next === null ? 'failed' : 'retry';
	}

	/** Sends one claimed e-mail and records the outcome; true when the mail server took it. */
	async function deliver(job: EmailJob): Promise<boolean> {
		const startedAt = now();
		const onDataStart = () => {
			try {
				store.markDataStarted(job.emailId, instance, now());
			} catch (error) {
				// Unrecorded, a stop before the outcome is known would send it again.
				log.error(
					`Contact: cannot record the start of e-mail ${job.emailId}:`,
					describeError(error),
				);
			}
		};
		try {
			// What the text shows may be drawn now, by its owner, for this attempt only.
			const declared = job.owner.emails[job.kind];
			const about = declared?.prepare
				? declared.prepare(job.about, {
						db: store.db,
						emailId: job.emailId,
						claimedBy: instance,
						settings: config,
					})
				: job.about;
			await mailer.send(composeEmail({ ...job, about }, config), { onDataStart });
		} catch (error) {
			report(job, startedAt, recordFailure(job, error), error);
			return false;
		}
		try {
			store.markSent(job.emailId, instance, new Date(now()));
		} catch (error) {
			// Sent but not recorded: the row stays claimed and becomes 'interrupted', never resent.
			log.error(`Contact: e-mail ${job.emailId} sent but not recorded:`, describeError(error));
		}
		report(job, startedAt, 'sent');
		return true;
	}

	return {
		async sendNew(jobs) {
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
			const sent = (kind: EmailKind) =>
				jobs.some((job, index) => job.kind === kind && outcomes[index] === true);
			return {
				adminNotified: sent('admin'),
				userConfirmationSent: sent('confirmation'),
				simulationMode: false,
				...(outcomes.includes(undefined) ? { emailsPending: true } : {}),
			};
		},

		async retryDue(isClosed) {
			logSettled(store.markInterrupted(now() - config.sendLeaseMs, now()));
			// One claim at a time, so stopping never leaves a claimed e-mail unsent.
			while (!isClosed()) {
				const [job] = store.claimDue(now(), instance, 1);
				if (!job) break;
				await deliver(job);
			}
		},

		settleAbandoned() {
			logSettled(store.settleClaims((claimedBy) => claimerIsGone(claimedBy, instance), now()));
		},
	};
}
