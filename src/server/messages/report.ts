/**
 * The text `npm run messages` prints for staff who do not receive the e-mails: every stored
 * message, newest first, with what happened to its two e-mails and the address it came from.
 * Everything that came from outside (what a visitor wrote, a mail server's error) goes through
 * `escapeForTerminal`, so it cannot drive the staff's terminal or forge lines. Pure.
 */
import { escapeForTerminal as safe } from '../../lib/format/terminal';
import { formatDateTime } from '../../lib/format/date';
import {
	describeClientAddress,
	describeEmails,
	formatReport,
	type ReportWords,
} from '../core/report';
import { MESSAGE_EMAILS } from './email-text';
import type { StoredMessage } from './store';

/** One message: a heading line, its e-mails, its sender's address, and the text indented. */
export function describeMessage(message: StoredMessage): string {
	const heading = [
		`#${message.id}`,
		formatDateTime(new Date(message.createdAt)),
		`${safe(message.name)} <${safe(message.email)}>`,
		`tel. ${safe(message.phone)}`,
	].join(' · ');
	const lines = [
		message.spam ? `${heading} · SPAM` : heading,
		...describeEmails(message, MESSAGE_EMAILS),
		...describeClientAddress(message),
	];
	const text = safe(message.message, { lines: true });
	lines.push('', ...text.split(/\r?\n/).map((line) => `  > ${line}`));
	return lines.join('\n');
}

const MESSAGE_WORDS: ReportWords = {
	none: 'Nessun messaggio salvato.',
	one: '1 messaggio salvato',
	many: 'messaggi salvati',
	latest: (shown) => (shown === 1 ? 'il più recente' : `i ${shown} più recenti`),
	order: 'dal più recente',
};

/** The whole report of messages. */
export function formatMessageReport(messages: readonly StoredMessage[], total: number): string {
	return formatReport(messages, total, MESSAGE_WORDS, describeMessage);
}
