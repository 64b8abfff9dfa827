/**
 * The operations settings from the environment: the health check's threshold and the graces of
 * a clean stop. Pure; a bad value throws a ServerConfigError naming the variable.
 */
import { limitFromEnv, type Env } from './server-settings';

export interface OpsSettings {
	/** E-mails waiting longer than this make the health check fail (HEALTH_EMAIL_MAX_WAIT_S). */
	emailMaxWaitMs: number;
	/** Health checks closer together share a result. */
	healthMinIntervalMs: number;
	/** A stop waits this long for answers in flight (SERVER_STOP_REQUESTS_MS). */
	stopRequestsMs: number;
	/** Then this long for the e-mails being sent (SERVER_STOP_EMAILS_MS). */
	stopEmailsMs: number;
}

/** Default threshold: half an hour, past the first few retries of a short outage. */
export const DEFAULT_EMAIL_MAX_WAIT_S = 1800;

export function opsSettingsFromEnv(env: Env): OpsSettings {
	return {
		emailMaxWaitMs:
			limitFromEnv(env, 'HEALTH_EMAIL_MAX_WAIT_S', DEFAULT_EMAIL_MAX_WAIT_S, 1, 30 * 86_400) * 1000,
		healthMinIntervalMs: 1000,
		// Both within systemd's TimeoutStopSec of deploy/vigorsport.service (30 s).
		stopRequestsMs: limitFromEnv(env, 'SERVER_STOP_REQUESTS_MS', 10_000, 0, 120_000),
		stopEmailsMs: limitFromEnv(env, 'SERVER_STOP_EMAILS_MS', 15_000, 0, 600_000),
	};
}
