/**
 * The two e-mails of a contact message, in Italian, as plain text: the shop's notification
 * (everything the visitor wrote, with Reply-To set to the visitor) and the visitor's
 * confirmation. The confirmation carries nothing the visitor typed, not even the name in a
 * greeting: anyone can type someone else's address into the form, and a confirmation that
 * echoed their text would let the form send words of their choosing to strangers from the
 * shop's own sender. Pure.
 */

import { formatDateTime } from '../../lib/format/date';

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

/** Subject and plain-text body of an e-mail. */
export interface EmailText {
	subject: string;
	text: string;
}

/** A visitor's text on one line, at most `max` characters: for subjects and greetings. */
export function oneLine(text: string, max: number): string {
	const line = text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
	const chars = [...line];
	return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/** The line telling the shop that the visitor was sent no confirmation, and why. */
export const CONFIRMATION_WITHHELD_NOTE =
	"Conferma NON inviata al mittente: questo indirizzo ha già ricevuto il numero massimo di conferme nelle ultime 24 ore (può essere l'indirizzo di qualcun altro). Se rispondi, tienine conto.";

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
