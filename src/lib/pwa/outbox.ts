/**
 * The POST requests the service worker keeps when the phone is offline and sends once it is
 * back online (docs/ARCHITECTURE.md, 'Offline'): contact messages and pickup reservations. One
 * list, read by src/sw.ts (a queue and a route each) and by the pages that send them (which ask
 * for a replay when they come back online and hear how it went).
 */
export interface Outbox {
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
export const CONTACT_OUTBOX: Outbox = {
	path: '/api/contact',
	queue: 'messaggi-contatto',
	sent: 'CONTACT_SENT',
	replay: 'REPLAY_CONTACT',
};

/** POST /api/prenotazioni: the pickup list's reservations (docs/offline.md). */
export const PICKUP_OUTBOX: Outbox = {
	path: '/api/prenotazioni',
	queue: 'prenotazioni-ritiro',
	sent: 'PICKUP_SENT',
	replay: 'REPLAY_PICKUP',
};

export const OUTBOXES: readonly Outbox[] = [CONTACT_OUTBOX, PICKUP_OUTBOX];

/** How long a queued request is kept for a later sending, in minutes (Workbox's unit). */
export const OUTBOX_RETENTION_MINUTES = 24 * 60;
