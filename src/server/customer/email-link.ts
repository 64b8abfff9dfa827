/**
 * The customer's link in a reservation's confirmation e-mail. The token is drawn just before
 * the e-mail is sent and only its hash is stored, with the e-mail: a retry draws a new one
 * (the attempt before it never reached anyone, or it would not be retried), and a copy of the
 * database holds no link that works.
 */
import { customerLinkPath } from '../../lib/pickup/customer-link';
import type { EmailJob } from '../contact/store-schema';
import { hashCustomerToken, newCustomerToken } from './token';

/** What the outbox passes in. */
interface LinkStore {
	setEmailToken(emailId: number, claimedBy: string, tokenHash: string): boolean;
}

/**
 * The job with its customer's link when it is a reservation's confirmation, else as it is.
 * When the token cannot be recorded the e-mail still goes, without the link (the code in it is
 * what the counter needs), and the error is logged.
 */
export function withCustomerLink(
	job: EmailJob,
	store: LinkStore,
	claimedBy: string,
	config: { linkOrigin?: string | undefined },
	log: Pick<Console, 'error'>,
): EmailJob {
	if (!job.reservation || job.kind !== 'confirmation') return job;
	const token = newCustomerToken();
	try {
		if (!store.setEmailToken(job.emailId, claimedBy, hashCustomerToken(token))) return job;
	} catch (error) {
		log.error(
			`Customer link: cannot record the token of e-mail ${job.emailId}:`,
			error instanceof Error ? error.message : String(error),
		);
		return job;
	}
	const origin = config.linkOrigin ?? 'https://www.vigorsport.it';
	return {
		...job,
		reservation: { ...job.reservation, customerLink: `${origin}${customerLinkPath(token)}` },
	};
}
