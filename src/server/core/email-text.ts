/**
 * What every kind's e-mail texts share: a subject and a plain-text body, a visitor's text made
 * one short line, and the note telling the shop that the sender was sent no confirmation. Pure.
 */

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
