/**
 * The requests 'Avvisami' as an owner of e-mails (src/server/core/kind.ts): their confirmation
 * and their notice go through the one outbox. They keep their own periods (docs/alerts.md:
 * 48 hours unconfirmed, 90 days waiting, the address 7 days after closing), applied by their
 * service's pass, so the core's retention of submissions does not read them; and their form
 * is not queued offline by the browser (it says it is offline and keeps nothing), so they
 * have no endpoint of the browser's outbox.
 */
import type { SubmissionKind } from '../core/kind';
import { ALERT_OWNER } from './store';

/** The requests, for the registry (src/server/services/registry.ts). */
export const ALERTS = {
	endpoint: null,
	owner: ALERT_OWNER,
	retention: null,
	report: null,
} satisfies SubmissionKind;
