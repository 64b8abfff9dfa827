/**
 * What the visitor is told after sending the contact form (docs/messages.md): the success toast
 * chosen from the server's `emailStatus`, and the text of the failure toast. Pure.
 */
import { CONTACT_OUTBOX } from '../pwa/outbox';

/** What happened to the two e-mails of a message, as POST /api/contact answers it. */
export interface EmailStatus {
	/** The shop's notification was accepted by the mail server. */
	adminNotified: boolean;
	/** The visitor's confirmation was accepted by the mail server. */
	userConfirmationSent: boolean;
	/** No mail server is configured: the message is stored and no e-mail is sent. */
	simulationMode: boolean;
	/**
	 * Set when the answer came before the mail server had answered (a slow mail server): the
	 * e-mails are still being sent by the outbox, so `false` above means 'not known yet'.
	 */
	emailsPending?: true;
}

/** Title and text of a toast. */
export interface ToastText {
	title: string;
	description: string;
}

/** The e-mail status read from an untrusted answer: anything missing counts as false. */
export function readEmailStatus(value: unknown): EmailStatus {
	const status =
		typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
	return {
		adminNotified: status['adminNotified'] === true,
		userConfirmationSent: status['userConfirmationSent'] === true,
		simulationMode: status['simulationMode'] === true,
		...(status['emailsPending'] === true ? { emailsPending: true as const } : {}),
	};
}

/**
 * The four success toasts (docs/messages.md), first matching case wins, and a fifth for an answer
 * that came before the mail server did (`emailsPending`): the message is stored and the e-mails are
 * on their way, which is neither a success of both nor a failure.
 */
export function successToast(status: EmailStatus): ToastText {
	if (status.simulationMode) {
		return {
			title: 'Messaggio ricevuto in modalità simulazione',
			description: 'Il messaggio è stato salvato; in questa modalità non vengono inviate e-mail.',
		};
	}
	if (status.adminNotified && status.userConfirmationSent) {
		return {
			title: 'Messaggio inviato con successo!',
			description: "Ti abbiamo inviato un'e-mail di conferma: ti risponderemo al più presto.",
		};
	}
	if (status.emailsPending) {
		return {
			title: 'Messaggio ricevuto',
			description:
				"Il messaggio è stato salvato e lo stiamo inoltrando al negozio; l'e-mail di conferma arriverà a breve.",
		};
	}
	if (status.adminNotified) {
		return {
			title: 'Messaggio ricevuto',
			description:
				"Potrebbe esserci stato un problema nell'invio dell'e-mail di conferma, ma ti risponderemo al più presto.",
		};
	}
	return {
		title: 'Messaggio salvato',
		description:
			'Il sistema di notifica ha un problema, ma il messaggio è stato salvato e ti contatteremo comunque.',
	};
}

/** The failure toast's text (its title is 'Errore'). */
export function failureDescription(message: string): string {
	return `Si è verificato un errore: ${message}`;
}

/** Said when the server cannot be reached at all (no answer, network down, server stopped). */
export const NETWORK_ERROR =
	'impossibile raggiungere il server. Controlla la connessione e riprova.';

/**
 * The reason of a failed answer: the server's own Italian `error` when it sent one, otherwise
 * the status code, a colon and the body or the status text.
 */
export function failureReason(status: number, statusText: string, body: unknown): string {
	if (typeof body === 'object' && body !== null) {
		const error = (body as Record<string, unknown>)['error'];
		if (typeof error === 'string' && error.trim() !== '') return error;
	}
	const text = typeof body === 'string' && body.trim() !== '' ? body.trim() : statusText;
	return text ? `${status}: ${text}` : String(status);
}

/**
 * How long the form waits for the server's answer. The server answers as soon as the message
 * is stored (at most about 2 s later when it waits for the e-mails), so this only ends a request
 * to a server that has stopped answering.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

/** Said when the server took longer than REQUEST_TIMEOUT_MS to answer. */
export const TIMEOUT_ERROR = 'il server non ha risposto in tempo. Riprova tra poco.';

/** What to say when the request failed with `error` while the phone was online. */
export function requestFailure(error: unknown): string {
	const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
	return timedOut ? TIMEOUT_ERROR : NETWORK_ERROR;
}

/** Said when the message could not leave the phone and will be sent once it is online again. */
export const OFFLINE_TOAST: ToastText = {
	title: 'Sei offline',
	description: 'Il messaggio è salvato e verrà inviato appena torna la connessione.',
};

/** Whether an answer is the service worker's "queued for Background Sync" (202 with queued). */
export function isQueuedAnswer(status: number, body: unknown): boolean {
	return (
		status === 202 &&
		typeof body === 'object' &&
		body !== null &&
		(body as Record<string, unknown>)['queued'] === true
	);
}

/** The messages between the service worker and the contact form (its outbox's). */
export const CONTACT_SENT = CONTACT_OUTBOX.sent;
export const REPLAY_CONTACT = CONTACT_OUTBOX.replay;
