/**
 * The e-mail a claimed job sends: the text its owner declares for its kind (kind.ts), to its
 * recipient, under a Message-ID of its own. Pure.
 */
import type { EmailJob, EmailSettings } from './kind';
import type { OutgoingEmail } from './mailer';

export type { EmailSettings } from './kind';

/** The e-mail a claimed job sends. */
export function composeEmail(job: EmailJob, settings: EmailSettings): OutgoingEmail {
	const declared = job.owner.emails[job.kind];
	if (!declared) throw new Error(`No ${job.kind} e-mail is declared for a ${job.owner.name}.`);
	const { subject, text, replyTo } = declared.compose(job.about, settings);
	// A stable Message-ID per stored e-mail (a mail client shows a duplicate once), in the shop's
	// own domain so it looks like its other e-mails.
	const domain = settings.shopEmail?.split('@')[1] ?? 'localhost';
	const { id, createdAt } = job.about;
	return {
		to: job.recipient,
		subject,
		text,
		replyTo,
		messageId: `<${job.owner.messageIdPrefix}-${id}-${job.kind}-${createdAt.getTime()}@${domain}>`,
	};
}

/** "admin e-mail of message 12", "confirmation e-mail of reservation 3": for the log. */
export function describeJob(job: EmailJob): string {
	return `${job.kind} e-mail of ${job.owner.name} ${job.about.id}`;
}
