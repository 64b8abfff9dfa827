/**
 * `npm run avvisi -- elenca <email>` / `cancella <email>` (docs/alerts.md, "Access and
 * erasure"): what the shop answers a person who asks what is kept about them, or asks for it to
 * be deleted. On the open database; the words are Italian, as the shop reads them.
 */
import type Database from 'better-sqlite3';
import { isValidEmail } from '../../lib/messages/message-schema';
import { formatDateTime } from '../../lib/format/date';
import { alertsOfAddress, eraseAddress } from './reads';
import type { AlertView } from './store';

export const ALERTS_HELP = `Avvisami: le richieste di avviso di una persona, per le richieste di accesso e di cancellazione.

  npm run avvisi -- elenca persona@example.it
      mostra le sue richieste (prodotto, negozio, stato, date)
  npm run avvisi -- cancella persona@example.it
      cancella tutte le sue richieste e il suo indirizzo`;

/** A refusal of the command: its Italian message and exit code. */
export class AlertsCliError extends Error {
	constructor(
		message: string,
		readonly exitCode = 2,
	) {
		super(message);
	}
}

const STATES: Readonly<Record<AlertView['status'], string>> = Object.freeze({
	unconfirmed: 'da confermare',
	waiting: 'in attesa',
	told: 'avvisata',
	stopped: 'annullata',
	expired: 'scaduta',
});

function line(alert: AlertView): string {
	const shop = alert.shopName ?? 'qualsiasi negozio';
	const expires = alert.expiresAt ? `, scade ${formatDateTime(alert.expiresAt)}` : '';
	return `- ${alert.productName} – ${alert.variantLabel} · ${shop} · ${STATES[alert.status]} (chiesta ${formatDateTime(alert.askedAt)}${expires})`;
}

/** Runs one command; returns what to print. */
export function runAlertsCommand(db: Database.Database, args: readonly string[]): string {
	const [command, email = '', ...rest] = args;
	if (command !== 'elenca' && command !== 'cancella') throw new AlertsCliError(ALERTS_HELP);
	if (rest.length > 0 || !isValidEmail(email)) {
		throw new AlertsCliError('Indica un solo indirizzo email valido.');
	}
	if (command === 'elenca') {
		const alerts = alertsOfAddress(db, email);
		return alerts.length === 0
			? `Nessuna richiesta di avviso per ${email}.`
			: [`Richieste di avviso di ${email}:`, ...alerts.map(line)].join('\n');
	}
	const erased = eraseAddress(db, email);
	return erased === 0
		? `Nessuna richiesta di avviso per ${email}.`
		: `Cancellate ${erased === 1 ? '1 richiesta' : `${erased} richieste`} di ${email}.`;
}
