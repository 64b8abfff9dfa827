/**
 * What a submission's route answers about its e-mails without sending any: in simulation mode,
 * and for a submission sent again under a key stored earlier (where the stored one's e-mails
 * are, or a conflict when other contents came under the same key). Pure.
 */
import type { EmailStatus } from '../../lib/messages/outcome';
import type { EarlierSubmission, EmailKind } from './schema';

/** The submission key is stored already, with other contents. */
export interface KeyConflict {
	conflict: true;
}

export const SIMULATED: EmailStatus = Object.freeze({
	adminNotified: false,
	userConfirmationSent: false,
	simulationMode: true,
});

/**
 * The answer for a submission sent again: where the stored one's e-mails are. Spam gets the
 * answer spam always gets (`withMailer`: whether this server sends e-mail).
 */
export function earlierEmailStatus(earlier: EarlierSubmission, withMailer: boolean): EmailStatus {
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
export function isConflict(earlier: EarlierSubmission, fingerprint: string | undefined): boolean {
	return (
		earlier.fingerprint !== null && fingerprint !== undefined && earlier.fingerprint !== fingerprint
	);
}

export const CONFLICT: KeyConflict = Object.freeze({ conflict: true });
