/**
 * Sending one e-mail through the configured SMTP server with nodemailer. One connection per
 * e-mail, and at most `maxConnections` of them open at once (SMTP_MAX_CONNECTIONS): further
 * e-mails wait their turn, so a rush of reservations never opens hundreds of connections. Not
 * nodemailer's pool: its connections share one logger, and the logger of each e-mail's own
 * connection is what tells when its DATA command goes out (`onDataStart`) and whether its body
 * was written, which decide between a retry and 'esito incerto'. A fresh connection also
 * recovers by itself when the mail server comes back.
 *
 * Timeouts follow RFC 5321 §4.5.3.2 where it matters for duplicates: connecting and the greeting
 * are bounded by the short `timeoutMs` (nothing has been sent yet, so a retry is harmless), but a
 * silence of the server while the e-mail is being sent is bounded by `dataTimeoutMs` (the RFC's
 * 10 minutes for the reply to the final dot). When the connection fails after the whole message
 * has been written, the mail server may have taken it: `send` then rejects with an
 * `UncertainDeliveryError`, which the service records as 'esito incerto' and never retries.
 */
import nodemailer from 'nodemailer';
import type { SmtpConfig } from './config';

/** An e-mail to send. */
export interface OutgoingEmail {
	to: string;
	subject: string;
	text: string;
	replyTo?: string | undefined;
	/** A stable Message-ID per stored e-mail: a mail client shows a duplicate once. */
	messageId: string;
}

/** Something that sends e-mails. */
export interface Mailer {
	/**
	 * Resolves once the mail server has accepted the e-mail. Rejects with an
	 * `UncertainDeliveryError` when the message was sent but its answer never came, and with any
	 * other error when the mail server certainly did not take it.
	 */
	send(email: OutgoingEmail, hooks?: SendHooks): Promise<void>;
	close(): void;
}

/** What the sender of one e-mail is told while it goes. */
export interface SendHooks {
	/**
	 * Called synchronously just before the DATA command is written: until then the mail server
	 * cannot take the e-mail. Must not throw.
	 */
	onDataStart?: () => void;
}

/** Whether an SMTP error is the mail server refusing the credentials (535, 534, 530, EAUTH). */
export function isAuthFailure(error: unknown): boolean {
	const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
	return code === 'EAUTH' || responseCode === 535 || responseCode === 534 || responseCode === 530;
}

/** Whether a nodemailer log entry is the client writing the DATA command. */
export function isDataCommandEntry(fields: LogFields, message: unknown): boolean {
	return (
		typeof fields === 'object' &&
		fields !== null &&
		fields['tnx'] === 'client' &&
		typeof message === 'string' &&
		message.trim().toUpperCase() === 'DATA'
	);
}

/** At most `limit` holders at once; the others wait in order. */
export function createGate(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
	let running = 0;
	const waiting: (() => void)[] = [];
	return async (task) => {
		if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
		else running++;
		try {
			return await task();
		} finally {
			const next = waiting.shift();
			if (next) next();
			else running--;
		}
	};
}

/** The whole message reached the mail server, but not its answer: it may have been delivered. */
export class UncertainDeliveryError extends Error {
	override name = 'UncertainDeliveryError';
}

/** A log entry of nodemailer (bunyan style: fields first, then the message). */
type LogFields = Record<string, unknown> | undefined;

/**
 * Whether a nodemailer log entry says that the message body has been written to the server:
 * nodemailer logs `tnx: 'message'` with the byte counts when the data stream has ended.
 */
export function isBodyWrittenEntry(fields: LogFields): boolean {
	return (
		typeof fields === 'object' &&
		fields !== null &&
		fields['tnx'] === 'message' &&
		typeof fields['outByteCount'] === 'number'
	);
}

/**
 * Whether a failure after the body was written leaves the outcome unknown: anything but an
 * explicit answer of the mail server (a reply code), such as a timeout or a dropped connection.
 */
export function isUncertainFailure(error: unknown, bodyWritten: boolean): boolean {
	if (!bodyWritten) return false;
	const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
	return typeof responseCode !== 'number';
}

/** A mailer for an SMTP server. */
export function createSmtpMailer(smtp: SmtpConfig, from: string): Mailer {
	const base = {
		host: smtp.host,
		port: smtp.port,
		secure: smtp.secure,
		...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
		connectionTimeout: smtp.timeoutMs,
		greetingTimeout: smtp.timeoutMs,
		socketTimeout: smtp.dataTimeoutMs,
	};
	const gate = createGate(smtp.maxConnections);
	return {
		send: (email, hooks = {}) => gate(() => sendOne(email, hooks)),
		close() {
			// Each e-mail closes its own connection.
		},
	};

	async function sendOne(email: OutgoingEmail, hooks: SendHooks): Promise<void> {
		let bodyWritten = false;
		const onLog = (fields?: LogFields, message?: unknown) => {
			if (isBodyWrittenEntry(fields)) bodyWritten = true;
			else if (isDataCommandEntry(fields, message)) hooks.onDataStart?.();
		};
		// One transport per e-mail: its logger tells this e-mail's connection apart.
		const transport = nodemailer.createTransport({
			...base,
			// The client's commands are logged (at debug level) just before they are written.
			debug: true,
			// Every level goes to `info` (nodemailer's fallback); only two entries count.
			logger: { info: onLog },
		});
		try {
			await transport.sendMail({
				from,
				to: email.to,
				subject: email.subject,
				text: email.text,
				...(email.replyTo ? { replyTo: email.replyTo } : {}),
				messageId: email.messageId,
			});
		} catch (error) {
			if (isUncertainFailure(error, bodyWritten)) {
				const reason = error instanceof Error ? error.message : String(error);
				throw new UncertainDeliveryError(
					`Esito incerto: il messaggio è stato trasmesso ma il server di posta non ha risposto (${reason}).`,
				);
			}
			throw error;
		} finally {
			transport.close();
		}
	}
}
