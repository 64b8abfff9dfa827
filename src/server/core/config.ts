/**
 * The settings of the core (the database, the mailer, the outbox, the submissions' limits),
 * read from environment variables (documented in docs/operations.md, 'Settings'). The CONTACT_*
 * names are the ones operators have set since the first release and stay as they are.
 * Without SMTP_HOST the service runs in simulation mode: messages are stored, no e-mail is
 * sent. A malformed value stops the server at start-up with the variable's name, rather than
 * misbehaving later. Pure apart from resolving the database path.
 */
import { isAbsolute, resolve } from 'node:path';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff';
import { isValidEmail } from '../../lib/messages/message-schema';
import { customerLinkOrigin } from './origin';
import { DEFAULT_UNDO_SECONDS, MAX_UNDO_SECONDS } from '../../lib/reservations/undo';

/** How to reach the mail server. */
export interface SmtpConfig {
	host: string;
	port: number;
	/** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
	secure: boolean;
	user: string | null;
	password: string | null;
	/** Limit for connecting and for the server's greeting, in ms (nothing is sent yet). */
	timeoutMs: number;
	/**
	 * Limit for each silence of the server once the session is open, in ms: RFC 5321 §4.5.3.2
	 * allows the server 10 minutes to answer the end of the message.
	 */
	dataTimeoutMs: number;
	/** SMTP connections open at once, at most: further e-mails wait for one to close. */
	maxConnections: number;
}

/** Everything the core needs: the database, the mailer, the outbox, the submissions' limits. */
export interface CoreConfig {
	/** Absolute path of the SQLite file; its folder is created on first use. */
	dbPath: string;
	/** Null in simulation mode. */
	smtp: SmtpConfig | null;
	/**
	 * The company name of the settings (/api/ritiro.json of the build the server serves): the
	 * e-mails are signed with it, and it names the sender unless SMTP_FROM says otherwise.
	 */
	companyName: string;
	/** Sender of every e-mail: SMTP_FROM, else `"<companyName>" <SHOP_EMAIL>`. */
	from: string;
	/** Where the shop's notifications go (null in simulation mode). */
	shopEmail: string | null;
	/**
	 * How long POST /api/contact waits for the e-mails before answering with what is known, in
	 * ms; the outbox goes on sending afterwards.
	 */
	replyWaitMs: number;
	/** Messages per minute from one address; 0 turns the limit off. */
	rateLimitPerMinute: number;
	/**
	 * Reads of the live availability (GET /api/disponibilita) per minute from one address: far
	 * above what browsing makes, so only a flood meets it; 0 turns the limit off.
	 */
	availabilityRatePerMinute: number;
	/**
	 * Most confirmations (of messages and reservations together) one e-mail address is sent in
	 * 24 hours; further submissions are stored and the shop is told, with no confirmation.
	 */
	confirmationsPerDay: number;
	/**
	 * Days a sender's messages are kept after their latest one (privacy policy: 12 months);
	 * 0 keeps them for ever.
	 */
	retentionDays: number;
	retry: RetryPolicy;
	/** How often the server looks for e-mails due for another attempt, in ms. */
	retryPollMs: number;
	/**
	 * How long staff can undo 'Pronta per il ritiro' (STAFF_UNDO_SECONDS, 10 s), in ms: the
	 * customer's e-mail waits in the outbox until then (src/lib/reservations/undo.ts).
	 */
	readyUndoMs: number;
	/**
	 * After this long, an e-mail still marked as being sent belongs to a process that died while
	 * sending it: it is marked 'interrupted' and never sent again (at most once).
	 */
	sendLeaseMs: number;
	/** The origin of the customer's link in a confirmation e-mail (src/server/core/origin.ts). */
	linkOrigin?: string | undefined;
}

/** A malformed environment variable. */
export class CoreConfigError extends Error {
	override name = 'CoreConfigError';
}

/** Environment variables, as process.env holds them. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Default database file, relative to the project folder. */
export const DEFAULT_DB_PATH = 'data/messages.sqlite';
/** Default messages per minute from one address. */
export const DEFAULT_RATE_LIMIT = 5;
/**
 * Default reads of the live availability per minute from one address. A page reads it once
 * (again when the phone is back online or the list changes): a visitor opening a page every two
 * seconds makes 30 a minute, and an address is often shared (a shop's Wi-Fi, a carrier's NAT).
 * Ten times that still stops a script asking for 100 products as fast as it can.
 */
export const DEFAULT_AVAILABILITY_RATE_LIMIT = 300;
/** Default confirmations one address is sent in 24 hours. */
export const DEFAULT_CONFIRMATIONS_PER_DAY = 3;
/** Default days of retention after a sender's latest message: the privacy policy's 12 months. */
export const DEFAULT_RETENTION_DAYS = 365;
const DEFAULT_POLL_MS = 15_000;
const DEFAULT_SMTP_TIMEOUT_MS = 15_000;
/** RFC 5321 §4.5.3.2.6: the reply to the end of the message may take 10 minutes. */
const DEFAULT_SMTP_DATA_TIMEOUT_MS = 600_000;
const DEFAULT_REPLY_WAIT_MS = 2_000;
/** A few connections: enough for a busy Saturday, few enough for any mail provider's limits. */
const DEFAULT_SMTP_CONNECTIONS = 3;
const MIN_LEASE_MS = 10 * 60_000;

function value(env: Env, name: string): string | null {
	const raw = env[name]?.trim();
	return raw ? raw : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
	const raw = value(env, name);
	if (raw === null) return fallback;
	const parsed = /^\d+$/.test(raw) ? Number(raw) : NaN;
	if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
		throw new CoreConfigError(
			`${name} must be a whole number from ${min} to ${max} (got "${raw}").`,
		);
	}
	return parsed;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
	const raw = value(env, name)?.toLowerCase() ?? null;
	if (raw === null) return fallback;
	if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
	if (['0', 'false', 'no', 'off'].includes(raw)) return false;
	throw new CoreConfigError(`${name} must be true or false (got "${raw}").`);
}

function email(env: Env, name: string): string {
	const raw = value(env, name);
	if (raw === null) {
		throw new CoreConfigError(`${name} is required when SMTP_HOST is set: the shop's address.`);
	}
	if (!isValidEmail(raw)) throw new CoreConfigError(`${name} is not an e-mail address ("${raw}").`);
	return raw;
}

/** The database file: CONTACT_DB_PATH or the default, resolved against `root`. */
export function databasePath(env: Env, root: string): string {
	const dbPath = value(env, 'CONTACT_DB_PATH') ?? DEFAULT_DB_PATH;
	return isAbsolute(dbPath) ? dbPath : resolve(root, dbPath);
}

/** A display name and an address as one header value: `"Vigor Sport" <negozio@…>`. */
function mailbox(name: string, address: string): string {
	return `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
}

/**
 * The service's settings from the environment; relative paths resolve against `root`, and the
 * e-mails name `companyName` (the settings' company name).
 */
export function coreConfigFromEnv(env: Env, root: string, companyName: string): CoreConfig {
	const host = value(env, 'SMTP_HOST');
	const timeoutMs = integer(env, 'CONTACT_SMTP_TIMEOUT_MS', DEFAULT_SMTP_TIMEOUT_MS, 100, 600_000);
	const dataTimeoutMs = integer(
		env,
		'CONTACT_SMTP_DATA_TIMEOUT_MS',
		DEFAULT_SMTP_DATA_TIMEOUT_MS,
		100,
		3_600_000,
	);
	let smtp: SmtpConfig | null = null;
	let shopEmail: string | null = null;
	let from = mailbox(companyName, 'noreply@localhost');
	if (host !== null) {
		const explicitPort = value(env, 'SMTP_PORT') !== null;
		const port = integer(env, 'SMTP_PORT', 587, 1, 65_535);
		const secure = flag(env, 'SMTP_SECURE', explicitPort && port === 465);
		shopEmail = email(env, 'SHOP_EMAIL');
		from = value(env, 'SMTP_FROM') ?? mailbox(companyName, shopEmail);
		smtp = {
			host,
			port: explicitPort ? port : secure ? 465 : 587,
			secure,
			user: value(env, 'SMTP_USER'),
			password: env['SMTP_PASSWORD'] || null,
			timeoutMs,
			dataTimeoutMs,
			maxConnections: integer(env, 'SMTP_MAX_CONNECTIONS', DEFAULT_SMTP_CONNECTIONS, 1, 50),
		};
	}
	const baseDelayMs = integer(
		env,
		'CONTACT_RETRY_BASE_MS',
		DEFAULT_RETRY_POLICY.baseDelayMs,
		10,
		86_400_000,
	);
	const maxDelayMs = integer(
		env,
		'CONTACT_RETRY_MAX_DELAY_MS',
		Math.max(DEFAULT_RETRY_POLICY.maxDelayMs, baseDelayMs),
		baseDelayMs,
		7 * 86_400_000,
	);
	return {
		dbPath: databasePath(env, root),
		linkOrigin: customerLinkOrigin(env),
		smtp,
		companyName,
		from,
		shopEmail,
		replyWaitMs: integer(env, 'CONTACT_REPLY_WAIT_MS', DEFAULT_REPLY_WAIT_MS, 0, 60_000),
		rateLimitPerMinute: integer(env, 'CONTACT_RATE_LIMIT', DEFAULT_RATE_LIMIT, 0, 1_000_000_000),
		availabilityRatePerMinute: integer(
			env,
			'AVAILABILITY_RATE_LIMIT',
			DEFAULT_AVAILABILITY_RATE_LIMIT,
			0,
			1_000_000_000,
		),
		confirmationsPerDay: integer(
			env,
			'CONTACT_DAILY_CONFIRMATIONS',
			DEFAULT_CONFIRMATIONS_PER_DAY,
			1,
			1000,
		),
		retentionDays: integer(env, 'CONTACT_RETENTION_DAYS', DEFAULT_RETENTION_DAYS, 0, 36_500),
		retry: {
			baseDelayMs,
			maxDelayMs,
			maxAttempts: integer(
				env,
				'CONTACT_RETRY_MAX_ATTEMPTS',
				DEFAULT_RETRY_POLICY.maxAttempts,
				1,
				100,
			),
		},
		retryPollMs: integer(
			env,
			'CONTACT_RETRY_POLL_MS',
			Math.min(DEFAULT_POLL_MS, baseDelayMs),
			10,
			3_600_000,
		),
		readyUndoMs:
			integer(env, 'STAFF_UNDO_SECONDS', DEFAULT_UNDO_SECONDS, 0, MAX_UNDO_SECONDS) * 1000,
		// Longer than any one send can last, so a live send is never taken for a dead one.
		sendLeaseMs: Math.max(MIN_LEASE_MS, 2 * dataTimeoutMs + 2 * timeoutMs),
	};
}
