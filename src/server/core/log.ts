/**
 * The server's log, written by pino: one JSON line per event on standard output, where journald
 * or any log collector picks it up. An error's stack is a field of its line (`err.stack`), never
 * lines of its own. Events: one per request (method, path, status, duration, request id), one
 * per e-mail attempt (which e-mail, its outcome), and the server's own messages.
 *
 * No secret and nothing a visitor wrote reaches it: requests are logged by a scrubbed path
^ * (src/lib/http/scrub.ts: no query, no key in the path), e-mail attempts by the row's id, free text has its
 * paths, keys and e-mail addresses scrubbed, and pino's `redact` hides any field named as a
 * secret or a person's detail should one ever be passed in an object.
 *
 * `routeConsole` sends what the rest of the process writes with `console` (the start-up lines,
 * Astro's own error messages, a library's warning) through the same log, so every line of the
 * server's output is one JSON event.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { EmailAttempt } from './service';
import { scrubPath, scrubText } from '../../lib/http/scrub';

export { maskAddresses, scrubPath, scrubText } from '../../lib/http/scrub';

/**
 * Fields hidden whatever their value, at the top of an event or one level down: keys and
 * credentials, and a person's details.
 */
export const REDACTED_FIELDS: readonly string[] = [
	...[
		'token',
		'secret',
		'password',
		'cookie',
		'authorization',
		'email',
		'phone',
		'headers',
	].flatMap((name) => [name, `*.${name}`]),
	// The sign-in's `code` and `state`, at the top only: an error's `code` (ECONNREFUSED) stays.
	'code',
	'state',
];

/** What a redacted field shows. */
export const REDACTED = '[nascosto]';

/** An error as a field of its line: its name, scrubbed message and stack, and its code. */
function errorField(error: unknown): Record<string, unknown> {
	if (!(error instanceof Error)) return { message: scrubText(String(error)) };
	const code = (error as { code?: unknown }).code;
	return {
		type: error.name,
		message: scrubText(error.message),
		...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
		...(error.stack ? { stack: scrubText(error.stack) } : {}),
	};
}

/** Standard output, written at once (nothing waits in a buffer when the process stops). */
function standardOutput(): DestinationStream {
	return pino.destination({ dest: 1, sync: true });
}

/** A pino logger with the site's rules. */
export function createLogger(destination: DestinationStream = standardOutput()): Logger {
	return pino(
		{
			base: null,
			messageKey: 'message',
			timestamp: pino.stdTimeFunctions.isoTime,
			formatters: { level: (label) => ({ level: label }) },
			redact: { paths: [...REDACTED_FIELDS], censor: REDACTED },
			serializers: { err: errorField },
			hooks: {
				// Every message is scrubbed, whoever wrote it.
				logMethod(args, method) {
					const scrubbed = args.map((arg: unknown) =>
						typeof arg === 'string' ? scrubText(arg) : arg,
					) as Parameters<typeof method>;
					method.apply(this, scrubbed);
				},
			},
		},
		destination,
	);
}

/** One event of console-like arguments: the text of all but errors, the first error a field. */
function consoleEvent(parts: unknown[]): [Record<string, unknown>, string] {
	const error = parts.find((part) => part instanceof Error);
	const text = parts
		.filter((part) => part !== error)
		.map((part) =>
			typeof part === 'string' ? part : inspect(part, { breakLength: Infinity, compact: true }),
		)
		.join(' ');
	return [error === undefined ? {} : { err: error }, text];
}

/** Console-like functions that log one event each. */
function consoleLike(logger: Logger) {
	const at =
		(level: 'info' | 'warn' | 'error') =>
		(...parts: unknown[]): void => {
			const [fields, text] = consoleEvent(parts);
			logger[level]({ type: 'log', ...fields }, text);
		};
	return { log: at('info'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** The server's JSON log on `destination` (standard output by default). */
export function createJsonLog(destination?: DestinationStream) {
	const logger = createLogger(destination);
	const textLog = consoleLike(logger);
	return {
		logger,
		/** Logs the request when its answer has been sent, or when the client went away. */
		request: (req: IncomingMessage, res: ServerResponse): void => {
			const started = process.hrtime.bigint();
			const id = randomUUID();
			res.setHeader('X-Request-Id', id);
			let logged = false;
			const done = () => {
				if (logged) return;
				logged = true;
				logger.info({
					type: 'request',
					id,
					method: req.method,
					path: scrubPath(req.url),
					status: res.writableFinished ? res.statusCode : 0,
					durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
				});
			};
			res.once('finish', done);
			res.once('close', done);
		},
		emailAttempt: (attempt: EmailAttempt): void => logger.info({ type: 'email', ...attempt }),
		/** A console-like log for the core and the things, its texts scrubbed. */
		consoleLog: { log: textLog.log, warn: textLog.warn, error: textLog.error },
		/**
		 * Sends the process's `console` to this log: each call one JSON line (an error passed in
		 * becomes the `err` field, with its stack).
		 */
		routeConsole: (
			target: Pick<Console, 'log' | 'info' | 'warn' | 'error' | 'debug'> = console,
		) => {
			target.log = textLog.log;
			target.info = textLog.info;
			target.debug = textLog.info;
			target.warn = textLog.warn;
			target.error = textLog.error;
		},
	};
}

export type JsonLog = ReturnType<typeof createJsonLog>;
