/**
 * GET /api/health, for uptime monitors: 200 when the database takes commits and e-mail is
 * flowing, 503 with the reasons when not. The answer carries counts and fixed reason codes only:
 * no personal data, no host names, no text of a mail server's error. Never cached.
 *
 * A check commits one write (an fsync), so checks closer together than `minIntervalMs` share
 * the last result: a flood of requests cannot turn into a flood of disk writes. The write waits
 * at most a quarter of a second for a lock another process holds (better-sqlite3 waits
 * synchronously), then counts as failed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContactHealth } from '../core/service';
import { METHOD_NOT_ALLOWED, sendError } from '../responses';

/** Why the site is not healthy. */
export type HealthReason =
	'database-unwritable' | 'emails-overdue' | 'smtp-auth-rejected' | 'proxy-secret-mismatch';

/** The body of the answer. */
export interface HealthAnswer {
	ok: boolean;
	reasons: HealthReason[];
	/** The reasons in Italian, for a person reading the monitor's alert. */
	message: string;
	emails: { waiting: number; overdue: number; simulationMode: boolean };
}

const REASON_TEXT: Record<HealthReason, string> = {
	'database-unwritable': 'il database non accetta scritture',
	'emails-overdue': 'ci sono e-mail in attesa da troppo tempo',
	'smtp-auth-rejected': 'il server di posta ha rifiutato le credenziali',
	'proxy-secret-mismatch':
		'arrivano richieste con un segreto del CDN sbagliato (PROXY_SECRET): i limiti per visitatore valgono per tutto il sito',
};

/**
 * The answer for the facts of the contact service and whether requests came lately with a wrong
 * CDN secret (client-address.ts, createSecretWatch). Pure.
 */
export function healthAnswer(facts: ContactHealth, proxySecretMismatch = false): HealthAnswer {
	const reasons: HealthReason[] = [];
	if (!facts.databaseWritable) reasons.push('database-unwritable');
	if (facts.emailsOverdue > 0) reasons.push('emails-overdue');
	if (facts.lastAttempt?.authFailure) reasons.push('smtp-auth-rejected');
	if (proxySecretMismatch) reasons.push('proxy-secret-mismatch');
	const message =
		reasons.length === 0
			? 'Tutto in ordine.'
			: `${reasons.map((reason) => REASON_TEXT[reason]).join('; ')}.`.replace(/^./, (c) =>
					c.toUpperCase(),
				);
	return {
		ok: reasons.length === 0,
		reasons,
		message,
		emails: {
			waiting: facts.emailsWaiting,
			overdue: facts.emailsOverdue,
			simulationMode: facts.simulationMode,
		},
	};
}

/** What the route needs. */
export interface HealthOptions {
	/** The contact service's facts (see ContactService.health). */
	facts: () => ContactHealth;
	/** Whether requests came lately with a wrong CDN secret. */
	proxySecretMismatch?: () => boolean;
	/** Checks closer together than this share a result. */
	minIntervalMs: number;
	now?: () => number;
}

/** The route handler of /api/health. */
export function createHealthRoute({
	facts,
	proxySecretMismatch = () => false,
	minIntervalMs,
	now = Date.now,
}: HealthOptions) {
	let last: { at: number; answer: HealthAnswer } | null = null;
	return function health(req: IncomingMessage, res: ServerResponse): void {
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			sendError(res, 405, METHOD_NOT_ALLOWED, 'GET, HEAD');
			return;
		}
		if (last === null || now() - last.at >= minIntervalMs) {
			last = { at: now(), answer: healthAnswer(facts(), proxySecretMismatch()) };
		}
		const body = JSON.stringify(last.answer);
		res.writeHead(last.answer.ok ? 200 : 503, {
			'Content-Type': 'application/json; charset=utf-8',
			'Cache-Control': 'no-store',
			'Content-Length': Buffer.byteLength(body),
		});
		res.end(req.method === 'HEAD' ? undefined : body);
	};
}
