/**
 * What each e-mail of the outbox says and where answers go, for a contact message
 * (email-text.ts) or a pickup reservation (src/server/pickup/email-text.ts). Pure.
 */
import { customerConfirmation, shopNotification } from '../pickup/email-text';
import { adminNotification, visitorConfirmation } from './email-text';
import type { OutgoingEmail } from './mailer';
import type { EmailJob } from './store-schema';

/** What the e-mails need of the service's settings. */
export interface EmailSettings {
	companyName: string;
	/** The shop's address of SHOP_EMAIL: Reply-To of a message's confirmation. */
	shopEmail: string | null;
}

/** The e-mail a claimed job sends. */
export function composeEmail(job: EmailJob, settings: EmailSettings): OutgoingEmail {
	const admin = job.kind === 'admin';
	const { companyName } = settings;
	const { reservation, message } = job;
	const mail = reservation
		? {
				prefix: 'ritiro',
				about: reservation,
				text: admin
					? shopNotification(reservation)
					: customerConfirmation(reservation, companyName),
				replyTo: admin ? reservation.email : reservation.shopEmail,
			}
		: {
				prefix: 'contatto',
				about: message,
				text: admin ? adminNotification(message) : visitorConfirmation(message, companyName),
				replyTo: admin ? message.email : (settings.shopEmail ?? undefined),
			};
	// A stable Message-ID per stored e-mail (a mail client shows a duplicate once), in the shop's
	// own domain so it looks like its other e-mails.
	const domain = settings.shopEmail?.split('@')[1] ?? 'localhost';
	const { id, createdAt } = mail.about;
	return {
		to: job.recipient,
		...mail.text,
		replyTo: mail.replyTo,
		messageId: `<${mail.prefix}-${id}-${job.kind}-${createdAt.getTime()}@${domain}>`,
	};
}

/** "admin e-mail of message 12", "confirmation e-mail of reservation 3": for the log. */
export function describeJob(job: EmailJob): string {
	return job.reservation
		? `${job.kind} e-mail of reservation ${job.reservation.id}`
		: `${job.kind} e-mail of message ${job.message.id}`;
}
