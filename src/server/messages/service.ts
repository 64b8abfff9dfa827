/**
 * The contact form's part of the service (App.Locals['contact'], put together in
 * src/server/services/index.ts): its rate limit, storing a message (store.ts) before any
 * e-mail is tried, and the answer to a message sent again under its submission key. The
 * e-mails, their retries and the rest are the core's (src/server/core/service.ts).
 */
import type { ContactMessage } from '../../lib/messages/message-schema';
import type { RateDecision } from '../core/rate-limit';
import type { KeyConflict, SubmissionDesk, SubmitOptions, SubmitResult } from '../core/service';
import { earlierMessage, insertMessage } from './store';

/** The contact form's service. */
export interface MessageService {
	/** Counts a message from `address` against the rate limit of messages. */
	takeRate(address: string): RateDecision;
	/**
	 * Stores the message (resolves only after the commit), then, unless it is spam or in
	 * simulation mode, starts both e-mails and reports what happened to them within the
	 * configured wait (`emailsPending` when they are still under way). Rejects only when the
	 * message could not be stored.
	 */
	submit(message: ContactMessage, options: SubmitOptions): Promise<SubmitResult | KeyConflict>;
	/**
	 * What the message stored under `submissionKey` was answered (a repeat), a conflict when it
	 * was stored with other contents, or null when none is.
	 */
	findMessage(submissionKey: string, fingerprint: string): SubmitResult | KeyConflict | null;
}

/** The contact form's service, on the core's desk. */
export function createMessageService(desk: SubmissionDesk): MessageService {
	const limiter = desk.rateLimiter();
	const { db } = desk.store;
	return {
		takeRate: (address) => limiter.take(address),

		findMessage(submissionKey, fingerprint) {
			const earlier = earlierMessage(db, submissionKey);
			if (!earlier) return null;
			const answer = desk.repeat(earlier, fingerprint);
			return 'conflict' in answer ? answer : { id: earlier.id, ...answer };
		},

		async submit(message, options) {
			const { shopEmail } = desk.config;
			const base = desk.base(options, () =>
				shopEmail
					? [
							{ kind: 'admin', recipient: shopEmail },
							{ kind: 'confirmation', recipient: message.email },
						]
					: [],
			);
			const stored = insertMessage(db, { ...message, ...base }, desk.instance);
			const answer = await desk.answer(base.delivery, stored, options.fingerprint);
			return 'conflict' in answer ? answer : { id: stored.id, ...answer };
		},
	};
}
