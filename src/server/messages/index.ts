/**
 * The contact messages, as the rest of the server sees them: the form's POST (http.ts), their
 * rows and e-mails (store.ts, email-text.ts), the report of `npm run messages` (report.ts), the
 * staff's list with the 'Gestito' mark (staff-store.ts, staff-http.ts) and the view of its page
 * (view.ts), and their tables (migrations.ts). Every other folder asks through this face.
 */
import type { SubmissionDesk } from '../core/service';
import { createMessageService, type MessageService } from './service';
import { createStaffMessagesService, type StaffMessagesService } from './staff-service';

export { MESSAGES } from './kind';
export {
	MESSAGES_HANDLED,
	MESSAGES_SENDER_INDEX,
	MESSAGES_SUBMISSION_KEY,
	MESSAGES_TABLE,
} from './migrations';
export { CONTACT_PAGE, handleContactPost } from './http';
export { markFromRequest } from './staff-http';
export { messagesPageView, type MessagesPageView } from './view';

/** The messages' service, as pages and routes reach it (`Astro.locals.services.messages`). */
export interface MessagesService extends MessageService, StaffMessagesService {
	/** The company name of the build served: it signs the answers' pages. */
	readonly companyName: string;
}

/** The messages' service, on the core's desk. */
export function createMessagesService(desk: SubmissionDesk): MessagesService {
	return {
		companyName: desk.config.companyName,
		...createMessageService(desk),
		...createStaffMessagesService(desk),
	};
}
