/**
 * The contact form's messages as a kind of submission (src/server/core/kind.ts): their
 * two e-mails (the shop's notification, with Reply-To the visitor; the visitor's confirmation,
 * with Reply-To the shop), their table for retention, and their report for `npm run messages`.
 */
import { MESSAGE_ENDPOINT } from '../../lib/submissions/endpoints';
import type { SubmissionKind } from '../core/kind';
import { formatMessageReport } from './report';
import { countMessages, listMessages, MESSAGE_OWNER } from './store';

/** The contact form's messages, for the registry (src/server/services/index.ts). */
export const MESSAGES = {
	endpoint: MESSAGE_ENDPOINT,
	owner: MESSAGE_OWNER,
	retention: { table: 'messages', children: [] },
	report: {
		option: null,
		none: 'Nessun messaggio salvato',
		format: (db, limit) => formatMessageReport(listMessages(db, limit), countMessages(db)),
	},
} satisfies SubmissionKind;
