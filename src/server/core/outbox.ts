/**
 * The e-mails' channel of the one outbox (channels.ts): how to send one e-mail of any kind
 * (kind.ts) through the mailer, and what the log and the health check are told of each attempt.
 * The claim, the backoff, the record of each outcome and the settling of a stopped process's
 * claims are the outbox's, as for every channel. The service (service.ts) hands it the e-mails
 * of a new submission, claimed when they were stored, and waits a little for them.
 */
import type { EmailStatus } from '../../lib/messages/outcome';
import type { CoreConfig } from './config';
import {
	describeError,
	type ChannelOutbox,
	type OutboxChannel,
	type RecordedOutcome,
} from './channels';
import { composeEmail, describeJob } from './emails';
import { isAuthFailure, UncertainDeliveryError, type Mailer } from './mailer';
import type { EmailJob } from './kind';
import type { EmailKind } from './schema';
import { EMAIL_QUEUE, type SubmissionStore } from './store';

/** Where the service logs: failed e-mails, retries, interrupted sends. */
export type ConsoleLog = Pick<Console, 'log' | 'warn' | 'error'>;

export { describeError };

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

/** What the e-mails' channel works with. */
export interface OutboxOptions {
	store: SubmissionStore;
	mailer: Mailer;
	config: CoreConfig;
	/** Who claims e-mails: this process, unlike any earlier or parallel one. */
	instance: string;
	now: () => number;
	log: ConsoleLog;
	/** The one outbox, which the channel joins. */
	channels: ChannelOutbox;
	/** Told of every attempt, once its outcome is recorded. */
	onAttempt?: ((attempt: EmailAttempt) => void) | undefined;
}

/** The e-mails' part of the outbox. */
export interface Outbox {
	/**
	 * Sends the e-mails just stored (claimed by this process) and reports what happened within
	 * the configured wait (`emailsPending` when some are still under way: they go on).
	 */
	sendNew(jobs: readonly EmailJob[]): Promise<EmailStatus>;
}

/** An e-mail as the outbox's item: its row's id is the e-mail's. */
type EmailItem = EmailJob & { id: number };

const OUTCOMES: Partial<Record<RecordedOutcome, EmailAttempt['outcome']>> = {
	sent: 'sent',
	retry: 'retry',
	failed: 'failed',
	uncertain: 'uncertain',
};

export function createOutbox({
	store,
	mailer,
	config,
	instance,
	now,
	log,
	channels,
	onAttempt,
}: OutboxOptions): Outbox {
	const channel: OutboxChannel<EmailItem> = {
		name: 'email',
		queue: EMAIL_QUEUE,
		retry: config.retry,
		leaseMs: config.sendLeaseMs,
		// One at a time, as before: the mail server's connections are few and shared.
		maxInFlight: 1,

		load: (_db, rows) => store.loadJobs(rows).map((job) => ({ ...job, id: job.emailId })),

		async send(job, started) {
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
				await mailer.send(composeEmail({ ...job, about }, config), { onDataStart: started });
				return { kind: 'sent' };
			} catch (error) {
				return error instanceof UncertainDeliveryError
					? { kind: 'uncertain', error: error.message, cause: error }
					: { kind: 'retry', error: describeError(error), cause: error };
			}
		},

		settled({ retried, uncertain }) {
			if (retried > 0) {
				log.warn(
					`Contact: ${retried} e-mail(s) interrupted before their DATA command; sent again.`,
				);
			}
			if (uncertain > 0) {
				log.warn(
					`Contact: ${uncertain} e-mail(s) interrupted during their DATA command: esito incerto, not sent again.`,
				);
			}
		},

		recorded(job, recorded, { error, cause, next, startedAt }) {
			const outcome = OUTCOMES[recorded];
			if (!outcome) return;
			const what = describeJob(job);
			if (outcome === 'uncertain') {
				log.warn(`Contact: ${what}: esito incerto (${error ?? ''}); not sent again.`);
			} else if (outcome !== 'sent') {
				log.warn(
					`Contact: ${what} not sent (attempt ${job.attempts + 1} of ${config.retry.maxAttempts}): ${error ?? ''}.` +
						(next == null ? ' Given up.' : ` Next attempt at ${new Date(next).toISOString()}.`),
				);
			}
			onAttempt?.({
				emailId: job.emailId,
				kind: job.kind,
				about: job.owner.name,
				attempt: job.attempts + 1,
				outcome,
				authFailure: cause !== undefined && isAuthFailure(cause),
				durationMs: Math.max(0, now() - startedAt),
			});
		},
	};
	const handle = channels.register(channel);

	return {
		async sendNew(jobs) {
			const outcomes: (boolean | undefined)[] = jobs.map(() => undefined);
			const deliveries = Promise.all(
				jobs.map((job, index) =>
					handle.deliver({ ...job, id: job.emailId }).then((outcome) => {
						outcomes[index] = outcome === 'sent';
					}),
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
	};
}
