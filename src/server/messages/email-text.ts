/**
 * The two e-mails of a contact message, in Italian, as plain text: the shop's notification
 * (everything the visitor wrote, with Reply-To set to the visitor) and the visitor's
 * confirmation. The confirmation carries nothing the visitor typed, not even the name in a
 * greeting: anyone can type someone else's address into the form, and a confirmation that
 * echoed their text would let the form send words of their choosing to strangers from the
 * shop's own sender. Pure.
 */
import { formatDateTime } from '../../lib/format/date';
import { CONFIRMATION_WITHHELD_NOTE, oneLine, type EmailText } from '../core/email-text';
import type { EmailDeclaration, EmailSettings } from '../core/kind';

/** A stored message, as the e-mails show it. */
export interface MessageForEmail {
	id: number;
	name: string;
	email: string;
	phone: string;
	message: string;
	createdAt: Date;
	/** True when the visitor's confirmation was not sent: the address had its day's share. */
	confirmationWithheld: boolean;
}

/** The shop's notification of a new message. */
export function adminNotification(message: MessageForEmail): EmailText {
	return {
		subject: `Nuovo messaggio dal sito: ${oneLine(message.name, 60)}`,
		text: [
			`Nuovo messaggio dal modulo Contatti del sito (n. ${message.id}, ricevuto il ${formatDateTime(message.createdAt)}).`,
			'',
			`Nome: ${oneLine(message.name, 200)}`,
			`E-mail: ${message.email}`,
			`Telefono: ${oneLine(message.phone, 100)}`,
			'',
			'Messaggio:',
			message.message,
			'',
			'--',
			...(message.confirmationWithheld ? [CONFIRMATION_WITHHELD_NOTE] : []),
			`Per rispondere usa «Rispondi»: la risposta arriva direttamente a ${message.email}.`,
		].join('\n'),
	};
}

/**
 * The visitor's confirmation that the message arrived, signed with the company name of the
 * settings (/api/ritiro.json of the build the server serves).
 */
export function visitorConfirmation(message: MessageForEmail, companyName: string): EmailText {
	return {
		subject: `Abbiamo ricevuto il tuo messaggio – ${companyName}`,
		text: [
			'Ciao,',
			'',
			`grazie per averci scritto. Abbiamo ricevuto il tuo messaggio del ${formatDateTime(message.createdAt)} e ti risponderemo al più presto, di solito entro un giorno lavorativo.`,
			'',
			'Per tutelare i tuoi dati non riportiamo qui il testo del messaggio. Se vuoi aggiungere qualcosa, rispondi pure a questa e-mail.',
			'',
			'Se non ci hai scritto tu, ignora questa e-mail: non riceverai altro da noi.',
			'',
			'A presto,',
			`lo staff di ${companyName}`,
		].join('\n'),
	};
}

/**
 * A message's e-mails as the outbox and the reports know them (src/server/core/kind.ts):
 * the shop's notification answers to the visitor, the visitor's confirmation to the shop.
 */
export const MESSAGE_EMAILS = {
	admin: {
		label: 'Notifica al negozio',
		compose: (message: MessageForEmail) => ({
			...adminNotification(message),
			replyTo: message.email,
		}),
	},
	confirmation: {
		label: 'Conferma al visitatore',
		compose: (message: MessageForEmail, { companyName, shopEmail }: EmailSettings) => ({
			...visitorConfirmation(message, companyName),
			replyTo: shopEmail ?? undefined,
		}),
	},
} satisfies Record<string, EmailDeclaration<MessageForEmail>>;
