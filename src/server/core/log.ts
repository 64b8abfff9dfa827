/**
 * The server's log: one JSON line per request (method, path without its query, status,
 * duration, request id) and one per e-mail attempt (which e-mail, its outcome), on standard
 * output, where journald or any log collector picks it up. Never what a visitor wrote, their
 * e-mail address, phone or name: requests are logged by path alone (a query may carry a search
 * or a pickup code), e-mail attempts by the row's id, and any free text that reaches the log
 * (an error of the mail server may quote an address) has its e-mail addresses masked.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmailAttempt } from './service';

/** Where lines go. */
export type LineSink = (line: string) => void;

const EMAIL_ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+\.[^\s<>()[\]"',;:]+/g;

/** Free text with its e-mail addresses masked. */
export function maskAddresses(text: string): string {
	return text.replace(EMAIL_ADDRESS, '[indirizzo]');
}

/** The path of a request target, without its query or fragment, at most 200 characters. */
export function pathOf(url: string | undefined): string {
	const path = (url ?? '/').split(/[?#]/, 1)[0] ?? '/';
	return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** A JSON log on `sink` (standard output by default). */
export function createJsonLog(
	sink: LineSink = (line) => process.stdout.write(`${line}\n`),
	now: () => Date = () => new Date(),
) {
	const write = (fields: Record<string, unknown>) =>
		sink(JSON.stringify({ time: now().toISOString(), ...fields }));
	/** A console-like log for the contact service, its texts masked. */
	const textLog =
		(level: 'info' | 'warn' | 'error') =>
		(...parts: unknown[]) =>
			write({
				type: 'log',
				level,
				message: maskAddresses(
					parts.map((part) => (typeof part === 'string' ? part : String(part))).join(' '),
				),
			});
	return {
		/** Logs the request when its answer has been sent, or when the client went away. */
		request: (req: IncomingMessage, res: ServerResponse): void => {
			const started = process.hrtime.bigint();
			const id = randomUUID();
			res.setHeader('X-Request-Id', id);
			let logged = false;
			const done = () => {
				if (logged) return;
				logged = true;
				write({
					type: 'request',
					id,
					method: req.method,
					path: pathOf(req.url),
					status: res.writableFinished ? res.statusCode : 0,
					durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
				});
			};
			res.once('finish', done);
			res.once('close', done);
		},
		emailAttempt: (attempt: EmailAttempt): void => write({ type: 'email', ...attempt }),
		contactLog: { log: textLog('info'), warn: textLog('warn'), error: textLog('error') },
	};
}

export type JsonLog = ReturnType<typeof createJsonLog>;
