/**
 * The text `npm run messages` prints for staff who do not receive the e-mails: every stored
 * message, newest first, with what happened to its two e-mails. Everything that came from
 * outside (what a visitor wrote, a mail server's error) goes through `escapeForTerminal`, so
 * it cannot drive the staff's terminal or forge lines. Pure.
 */
import { escapeForTerminal as safe } from '../../lib/format/terminal';
import { formatDateTime } from '../../lib/format/date';
import type { StoredEmail, StoredMessage } from './store';

const KIND_LABEL: Record<StoredEmail['kind'], string> = {
	admin: 'Notifica al negozio',
	confirmation: 'Conferma al visitatore',
	ready: 'Avviso «pronta» al cliente',
	cancelled: 'Avviso di annullamento al cliente',
	customer_cancelled: 'Annullamento del cliente al negozio',
};

function attempts(count: number): string {
	return count === 1 ? '1 tentativo' : `${count} tentativi`;
}

function lastError(email: StoredEmail): string {
	return email.lastError ? ` (ultimo errore: ${safe(email.lastError)})` : '';
}

/** The state of one e-mail, in Italian. */
export function describeEmail(email: StoredEmail): string {
	const label = `${KIND_LABEL[email.kind]} (${safe(email.recipient)})`;
	switch (email.status) {
		case 'sent':
			return `${label}: inviata il ${email.sentAt ? formatDateTime(new Date(email.sentAt)) : '?'}`;
		case 'pending': {
			const next =
				email.nextAttemptAt === null
					? ''
					: `, nuovo tentativo il ${formatDateTime(new Date(email.nextAttemptAt))}`;
			return `${label}: in attesa dopo ${attempts(email.attempts)}${next}${lastError(email)}`;
		}
		case 'sending':
			return `${label}: invio in corso`;
		case 'failed':
			return `${label}: NON INVIATA dopo ${attempts(email.attempts)}${lastError(email)}`;
		case 'interrupted':
			return `${label}: esito incerto, invio interrotto e non ripetuto per non inviarla due volte`;
	}
}

/** The e-mail lines of a stored message or reservation, each indented. */
export function describeEmails(
	stored: Pick<StoredMessage, 'delivery' | 'emails' | 'confirmationWithheld'>,
): string[] {
	if (stored.delivery === 'simulation') return ['  E-mail: nessuna (modalità simulazione)'];
	if (stored.delivery === 'none') return ['  E-mail: nessuna (campo anti-spam compilato)'];
	const lines = stored.emails.map((email) => `  ${describeEmail(email)}`);
	if (stored.confirmationWithheld) {
		lines.push(
			`  ${KIND_LABEL.confirmation}: non inviata (limite di conferme giornaliere per questo indirizzo)`,
		);
	}
	return lines;
}

/** One message: a heading line, its e-mails, and the text indented. */
export function describeMessage(message: StoredMessage): string {
	const heading = [
		`#${message.id}`,
		formatDateTime(new Date(message.createdAt)),
		`${safe(message.name)} <${safe(message.email)}>`,
		`tel. ${safe(message.phone)}`,
	].join(' · ');
	const lines = [message.spam ? `${heading} · SPAM` : heading, ...describeEmails(message)];
	const text = safe(message.message, { lines: true });
	lines.push('', ...text.split(/\r?\n/).map((line) => `  > ${line}`));
	return lines.join('\n');
}

/** How a report names what it lists, in Italian (gender and number differ). */
export interface ReportWords {
	/** "Nessun messaggio salvato." */
	none: string;
	/** "1 messaggio salvato" */
	one: string;
	/** "messaggi salvati" (after the count) */
	many: string;
	/** "il più recente", "i N più recenti" */
	latest: (shown: number) => string;
	/** "dal più recente" */
	order: string;
}

/** A report: its heading line, then each entry, newest first, a blank line apart. */
export function formatReport<T>(
	entries: readonly T[],
	total: number,
	words: ReportWords,
	describe: (entry: T) => string,
): string {
	if (total === 0) return words.none;
	const shown =
		entries.length < total
			? `${total} ${words.many}; ${words.latest(entries.length)}:`
			: total === 1
				? `${words.one}:`
				: `${total} ${words.many}, ${words.order}:`;
	return [shown, '', entries.map(describe).join('\n\n')].join('\n');
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
