/**
 * The pickup list's reservations as a kind of submission (src/server/core/kind.ts):
 * their e-mails (read-store.ts: RESERVATION_OWNER), their tables for retention (a reservation's
 * lines and history go with it), and their report for `npm run prenotazioni`.
 */
import { RESERVATION_ENDPOINT } from '../../lib/submissions/endpoints';
import type { SubmissionKind } from '../core/kind';
import { formatReservationReport } from './report';
import { countReservations, listReservations, RESERVATION_OWNER } from './read-store';

/** The pickup reservations, for the registry (src/server/services/index.ts). */
export const RESERVATIONS = {
	endpoint: RESERVATION_ENDPOINT,
	owner: RESERVATION_OWNER,
	retention: {
		table: 'reservations',
		children: [
			{ table: 'reservation_items', column: 'reservation_id' },
			{ table: 'reservation_events', column: 'reservation_id' },
		],
	},
	report: {
		option: '--prenotazioni',
		none: 'Nessuna prenotazione salvata',
		format: (db, limit) =>
			formatReservationReport(listReservations(db, limit), countReservations(db)),
	},
} satisfies SubmissionKind;
