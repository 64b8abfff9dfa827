/**
 * What the customer's page (/prenotazione/<token>) says of a reservation's state, and when it
 * may be cancelled from there: while the shop holds it, before it is collected or its hold time
 * ends. Italian words for the customer, not the counter's. Pure.
 */
import { canChange, type ReservationStatus } from './status';

/** How the page shows a state: a short label and a sentence. */
export interface StatusWording {
	label: string;
	text: string;
}

/** The wording of a state, for the customer (every state decides its own: a new one must). */
export function statusWording(status: ReservationStatus): StatusWording {
	switch (status) {
		case 'held':
			return {
				label: 'Ricevuta',
				text: 'Il negozio ha ricevuto la prenotazione e prepara i prodotti: ti scriviamo quando sono pronti.',
			};
		case 'ready':
			return {
				label: 'Pronta per il ritiro',
				text: 'I prodotti ti aspettano in negozio: mostra il codice al banco e paghi al ritiro.',
			};
		case 'collected':
			return { label: 'Ritirata', text: 'Hai ritirato i prodotti. Grazie!' };
		case 'cancelled':
			return {
				label: 'Annullata',
				text: 'La prenotazione è annullata: i prodotti non sono più tenuti da parte.',
			};
		case 'not_collected':
			return {
				label: 'Non ritirata',
				text: 'Il periodo in cui tenevamo da parte i prodotti è finito. Per riceverli, fai una nuova prenotazione.',
			};
	}
}

/** Whether the customer may cancel a reservation in this state (status.ts's table says). */
export function canCancel(status: ReservationStatus): boolean {
	return canChange(status, 'cancelled', 'customer');
}

/** Why a reservation in a state the customer cannot cancel from cannot be cancelled, in Italian. */
export const CANCEL_REFUSALS: Readonly<Record<ReservationStatus, string>> = Object.freeze({
	held: '',
	ready: '',
	collected: 'La prenotazione risulta già ritirata: non si può più annullare.',
	cancelled: 'La prenotazione è già annullata: non c’è altro da fare.',
	not_collected:
		'Il periodo in cui tenevamo da parte i prodotti è già finito: la prenotazione non è più attiva.',
});

/** Said when the shop changed the reservation while the customer was deciding. */
export function changedMeanwhile(status: ReservationStatus): string {
	return `Nel frattempo il negozio ha aggiornato la prenotazione: ora è «${statusWording(status).label}». Controlla qui sotto e, se vuoi ancora annullarla, riprova.`;
}

/** Said once the customer has cancelled. */
export const CANCELLED_NOTICE =
	'Prenotazione annullata. Abbiamo avvisato il negozio: non devi fare altro.';

/** Said to a cancel sent from another site. */
export const CROSS_SITE_REFUSAL =
	'Richiesta non valida: annulla la prenotazione dalla sua pagina su questo sito.';

/** Said past the allowance of wrong links. */
export function tooManyAttempts(seconds: number): string {
	return `Troppi tentativi con link non validi: riprova tra ${seconds === 1 ? '1 secondo' : `${seconds} secondi`}.`;
}
