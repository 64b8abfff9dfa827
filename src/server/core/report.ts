/**
 * What every kind's report for staff shares (`npm run messages`, `npm run prenotazioni`; each
 * kind's own lines are in its folder's report.ts): what happened to a submission's e-mails,
 * named as its owner declares them, and the heading and order of the whole list. Everything
 * that came from outside (a recipient, a mail server's error, the sender's address) goes
 * through `escapeForTerminal`, so it cannot drive the staff's terminal or forge lines. Pure.
 */
import { escapeForTerminal as safe } from '../../lib/format/terminal';
import { formatDateTime } from '../../lib/format/date';
import type { EmailDeclaration, EmailSubject } from './kind';
import type { Delivery, StoredEmail } from './schema';

/** An owner's e-mails, for their names ('Notifica al negozio'). */
type Labels = Readonly<Record<string, Pick<EmailDeclaration<EmailSubject>, 'label'>>>;

/** The name of an e-mail of this kind, as its owner declares it. */
function labelOf(kind: string, labels: Labels): string {
	return labels[kind]?.label ?? kind;
}

function attempts(count: number): string {
	return count === 1 ? '1 tentativo' : `${count} tentativi`;
}

function lastError(email: StoredEmail): string {
	return email.lastError ? ` (ultimo errore: ${safe(email.lastError)})` : '';
}

/** The state of one e-mail, in Italian. */
export function describeEmail(email: StoredEmail, labels: Labels): string {
	const label = `${labelOf(email.kind, labels)} (${safe(email.recipient)})`;
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

/** What a report shows of any stored submission. */
export interface StoredSubmission {
	delivery: Delivery;
	emails: readonly StoredEmail[];
	confirmationWithheld: boolean;
	clientAddress: string | null;
}

/** The e-mail lines of a stored submission, each indented. */
export function describeEmails(stored: StoredSubmission, labels: Labels): string[] {
	if (stored.delivery === 'simulation') return ['  E-mail: nessuna (modalità simulazione)'];
	if (stored.delivery === 'none') return ['  E-mail: nessuna (campo anti-spam compilato)'];
	const lines = stored.emails.map((email) => `  ${describeEmail(email, labels)}`);
	if (stored.confirmationWithheld) {
		lines.push(
			`  ${labelOf('confirmation', labels)}: non inviata (limite di conferme giornaliere per questo indirizzo)`,
		);
	}
	return lines;
}

/** The line of the sender's address, for abuse reports; none when it was not kept. */
export function describeClientAddress(stored: Pick<StoredSubmission, 'clientAddress'>): string[] {
	return stored.clientAddress ? [`  Inviato da: ${safe(stored.clientAddress)}`] : [];
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
