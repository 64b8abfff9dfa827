/**
 * The outbox: sends the e-mails of messages and reservations, each row of the `emails` table at
 * most once (store.ts explains the claims), records each outcome, and retries failed ones with
 * backoff (backoff.ts). The service (service.ts) hands it the e-mails of a new submission and
 * runs its `retryDue` from the background loop.
 */
import type { EmailStatus } from '../../lib/contact/outcome';
import { nextAttemptAt } from './backoff';
import type { ContactConfig } from './config';
import { composeEmail, describeJob } from './emails';
import { UncertainDeliveryError, type Mailer } from './mailer';
import type { ContactStore, EmailJob, EmailKind } from './store';

/** Where the service logs: failed e-mails, retries, interrupted sends. */
export type ContactLog = Pick<Console, 'log' | 'warn' | 'error'>;

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

/** What the outbox works with. */
export interface OutboxOptions {
	store: ContactStore;
	mailer: Mailer;
	config: ContactConfig;
	/** Who claims e-mails: this process, unlike any earlier or parallel one. */
	instance: string;
	now: () => number;
	log: ContactLog;
	/** Keeps a promise until it settles, so closing waits for it. */
	track: <T>(promise: Promise<T>) => Promise<T>;
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
}

export function createOutbox({
	store,
	mailer,
	config,
	instance,
	now,
	log,
	track,
}: OutboxOptions): Outbox {
	/** Records what happened to a failed send; never throws. */
	function recordFailure(job: EmailJob, error: unknown): void {
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
			return;
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
	}

	/** Sends one claimed e-mail and records the outcome; true when the mail server took it. */
	async function deliver(job: EmailJob): Promise<boolean> {
		try {
			await mailer.send(composeEmail(job, config));
		} catch (error) {
			recordFailure(job, error);
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
			const interrupted = store.markInterrupted(now() - config.sendLeaseMs);
			if (interrupted > 0) {
				log.warn(`Contact: ${interrupted} e-mail(s) interrupted while sending; not sent again.`);
			}
			// One claim at a time, so stopping never leaves a claimed e-mail unsent.
			while (!isClosed()) {
				const [job] = store.claimDue(now(), instance, 1);
				if (!job) break;
				await deliver(job);
			}
		},
	};
}
