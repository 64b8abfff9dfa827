/**
 * The kinds of submission a visitor sends, by their endpoint: one list, safe for the browser,
 * read by the service worker's outbox (src/lib/pwa/outbox.ts: a queue and a route each, so an
 * offline phone keeps what it could not send), by the routes the Node server answers
 * (src/lib/http/server-routes.ts) and by the server's registry of kinds
 * (src/server/services/index.ts). A new kind with a route adds its entry here. Pure.
 */

/** The endpoint of a kind, and how the browser's outbox names its queue and its messages. */
export interface SubmissionEndpoint {
	/** The kind, as the server's registry names its owner of e-mails. */
	kind: string;
	/** The endpoint the page posts to. */
	path: string;
	/** The Background Sync queue (IndexedDB) of its requests. */
	queue: string;
	/** The message the worker posts to open pages when one has been sent: `{ type, ok, body }`. */
	sent: string;
	/** The message a page posts to the worker to send what waits, once it is online again. */
	replay: string;
}

/** POST /api/contact: the contact form's messages. */
export const MESSAGE_ENDPOINT: SubmissionEndpoint = Object.freeze({
	kind: 'message',
	path: '/api/contact',
	queue: 'messaggi-contatto',
	sent: 'CONTACT_SENT',
	replay: 'REPLAY_CONTACT',
});

/** POST /api/prenotazioni: the pickup list's reservations (docs/offline.md). */
export const RESERVATION_ENDPOINT: SubmissionEndpoint = Object.freeze({
	kind: 'reservation',
	path: '/api/prenotazioni',
	queue: 'prenotazioni-ritiro',
	sent: 'PICKUP_SENT',
	replay: 'REPLAY_PICKUP',
});

/** Every kind a visitor sends. */
export const SUBMISSION_ENDPOINTS: readonly SubmissionEndpoint[] = Object.freeze([
	MESSAGE_ENDPOINT,
	RESERVATION_ENDPOINT,
]);
