/**
 * The POST requests the service worker keeps when the phone is offline and sends once it is
 * back online (docs/offline.md): one per kind of submission, from the list the
 * server's registry of kinds reads too (src/lib/submissions/endpoints.ts). Read by src/sw.ts (a queue and a route each) and by the pages that send them (which ask
 * for a replay when they come back online and hear how it went).
 */
import {
	MESSAGE_ENDPOINT,
	RESERVATION_ENDPOINT,
	SUBMISSION_ENDPOINTS,
	type SubmissionEndpoint,
} from '../submissions/endpoints';

/** A kind's endpoint, with its queue and the worker's messages. */
export type Outbox = SubmissionEndpoint;

/** POST /api/contact: the contact form's messages. */
export const CONTACT_OUTBOX: Outbox = MESSAGE_ENDPOINT;

/** POST /api/prenotazioni: the pickup list's reservations (docs/offline.md). */
export const PICKUP_OUTBOX: Outbox = RESERVATION_ENDPOINT;

/** One outbox per kind of submission (src/lib/submissions/endpoints.ts). */
export const OUTBOXES: readonly Outbox[] = SUBMISSION_ENDPOINTS;

/** How long a queued request is kept for a later sending, in minutes (Workbox's unit). */
export const OUTBOX_RETENTION_MINUTES = 24 * 60;
