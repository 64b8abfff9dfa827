/**
 * What each e-mail of the outbox says and where answers go, for a contact message
 * (email-text.ts) or a pickup reservation (src/server/pickup/email-text.ts). Pure.
 */
import {
	customerConfirmation,
	shopNotification,
	type ReservationForEmail,
} from '../pickup/email-text';
import {
	customerCancelledEmail,
	readyEmail,
	shopCancelledEmail,
} from '../pickup/status-email-text';
import { adminNotification, visitorConfirmation } from './email-text';
import type { EmailText } from './email-text';
import type { OutgoingEmail } from './mailer';
import type { EmailJob, EmailKind } from './store-schema';

/** What the e-mails need of the service's settings. */
export interface EmailSettings {
	companyName: string;
	/** The shop's address of SHOP_EMAIL: Reply-To of a message's confirmation. */
	shopEmail: string | null;
}

/**
 * The text of a reservation's e-mail of this kind, and where its answers go: the shop's
 * e-mails answer to the customer, the customer's to the shop.
 */
function reservationEmail(
	kind: EmailKind,
	reservation: ReservationForEmail,
	companyName: string,
): { text: EmailText; replyTo: string } {
	switch (kind) {
		case 'admin':
			return { text: shopNotification(reservation), replyTo: reservation.email };
		case 'confirmation':
			return {
				text: customerConfirmation(reservation, companyName),
				replyTo: reservation.shopEmail,
			};
		case 'ready':
			return { text: readyEmail(reservation, companyName), replyTo: reservation.shopEmail };
		case 'cancelled':
			return {
				text: shopCancelledEmail(reservation, companyName),
				replyTo: reservation.shopEmail,
			};
		case 'customer_cancelled':
			return { text: customerCancelledEmail(reservation), replyTo: reservation.email };
	}
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
				...reservationEmail(job.kind, reservation, companyName),
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
