/**
 * What the staff's page of contact messages (/gestione/messaggi) renders: the newest messages
 * with what became of their e-mails (the wording of `npm run messages`) and their 'Gestito'
 * mark, the summary line, and the note of the mark just made (the `esito` of the address).
 */
import { formatDateTime } from '../../lib/format/date';
import { describeEmails } from '../core/report';
import { MESSAGE_EMAILS } from './email-text';
import { ownValue } from '../../lib/own-key';
import { handledText, MARK_NOTES } from './staff-http';
import type { StaffMessagesService } from './staff-service';

/** Messages shown at most: the newest. */
export const SHOWN_MESSAGES = 100;

/** One message as the page shows it. */
export interface MessageView {
	id: number;
	name: string;
	spam: boolean;
	createdAt: string;
	/** "26/11/2026, 10:32". */
	when: string;
	email: string;
	phone: string;
	message: string;
	/** One line per e-mail: its kind, recipient and state. */
	emailLines: string[];
	/** "Gestito da Giulia il …", or null while nobody has handled it. */
	handled: string | null;
}

/** The page's view. */
export interface MessagesPageView {
	summary: string;
	/** What the latest mark did, or null. */
	note: string | null;
	messages: MessageView[];
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The view of the page, from the service of the process (none: an empty list). */
export function messagesPageView(
	service: Pick<StaffMessagesService, 'staffMessages'> | undefined,
	url: URL,
): MessagesPageView {
	const { messages, total } = service?.staffMessages(SHOWN_MESSAGES) ?? { messages: [], total: 0 };
	const esito = url.searchParams.get('esito');
	const waiting = messages.filter((message) => !message.handled && !message.spam).length;
	return {
		summary:
			total === 0
				? 'Nessun messaggio salvato.'
				: `${count(waiting, 'messaggio da gestire', 'messaggi da gestire')} · ${count(total, 'messaggio', 'messaggi')} in tutto${total > messages.length ? `, qui i ${messages.length} più recenti` : ''}.`,
		note: ownValue(MARK_NOTES, esito) ?? null,
		messages: messages.map((message) => ({
			id: message.id,
			name: message.name,
			spam: message.spam,
			createdAt: message.createdAt,
			when: formatDateTime(new Date(message.createdAt)),
			email: message.email,
			phone: message.phone,
			message: message.message,
			emailLines: describeEmails(message, MESSAGE_EMAILS).map((line) => line.trim()),
			handled: message.handled ? handledText(message.handled) : null,
		})),
	};
}
