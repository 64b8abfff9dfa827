/**
 * The clock of l'andamento: the real one, or, for the server tests only, the instant of
 * `REPORTS_NOW` (an ISO time), so a test can start the built server on a Tuesday, restart it
 * and start it again after a missed Monday without waiting for a week. Nothing else of the
 * server reads it: reservations and the ledger keep the real time.
 */

/** The clock `REPORTS_NOW` names, or undefined (the real one) when it is unset or not a time. */
export function reportClockFromEnv(
	env: Readonly<Record<string, string | undefined>>,
): (() => number) | undefined {
	const raw = env['REPORTS_NOW']?.trim();
	if (!raw) return undefined;
	const at = Date.parse(raw);
	return Number.isNaN(at) ? undefined : () => at;
}
