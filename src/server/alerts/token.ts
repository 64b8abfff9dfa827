/**
 * The link of a request's e-mails (confirm, 'Non mi interessa più'): a token drawn from the
 * operating system's randomness just before each attempt, of which the request keeps only the
 * SHA-256. A retry draws a new one (the attempt before it reached nobody, or it would not be
 * retried), a later e-mail of the same request replaces it, and a copy of the database opens no
 * request. The token travels in the query (`/avviso?token=…`), which the log never writes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { alertLinkPath } from '../../lib/alerts/rules';
import { SITE_ORIGIN } from '../../lib/site-origin';
import type { EmailAttemptContext } from '../core/kind';
import type { AlertForEmail } from './email-text';

/** What the database keeps of a token: its SHA-256, in hex. */
export function hashAlertToken(token: string): string {
	return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True for a string shaped like a token (32 base64url characters). */
export function isAlertToken(value: string): boolean {
	return /^[A-Za-z0-9_-]{32}$/.test(value);
}

/**
 * The request with its link, the token's hash stored on the request, while the e-mail is
 * claimed by this process; as it is otherwise (nothing is sent then).
 */
export function withAlertLink(
	alert: AlertForEmail,
	{ db, emailId, claimedBy, settings }: EmailAttemptContext,
): AlertForEmail {
	const token = randomBytes(24).toString('base64url');
	const { changes } = db
		.prepare(
			`UPDATE alerts SET token_hash = ? WHERE id = ? AND EXISTS (
				SELECT 1 FROM emails WHERE id = ? AND alert_id = alerts.id AND status = 'sending'
					AND claimed_by = ?)`,
		)
		.run(hashAlertToken(token), alert.id, emailId, claimedBy);
	if (changes !== 1) return alert;
	return { ...alert, link: `${settings.linkOrigin ?? SITE_ORIGIN}${alertLinkPath(token)}` };
}
