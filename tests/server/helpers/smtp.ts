import { SMTPServer } from 'smtp-server';
import { freePort } from '../../../scripts/start-server.mjs';

/** An e-mail as the test SMTP server received it, decoded. */
export interface ReceivedMail {
	/** Envelope recipients (RCPT TO). */
	to: string[];
	/** Header name (lower case) -> decoded value. */
	headers: Map<string, string>;
	subject: string;
	messageId: string;
	text: string;
}

/** A real SMTP server on loopback that keeps every e-mail it accepts. */
export interface TestSmtp {
	port: number;
	/** The e-mails accepted, in order. */
	mails: ReceivedMail[];
	/** How many e-mails were refused with a temporary error. */
	refused: number;
	/** Decides, for the n-th e-mail offered (from 1), whether to refuse it; none by default. */
	refuse: (offered: number) => boolean;
	stop(): Promise<void>;
}

/** Decodes quoted-printable bytes (soft line breaks removed) as UTF-8. */
function decodeQuotedPrintable(text: string, underscoreIsSpace = false): string {
	const source = text.replace(/=\r?\n/g, '');
	const bytes: number[] = [];
	for (let i = 0; i < source.length; i++) {
		const char = source[i] ?? '';
		const hex = source.slice(i + 1, i + 3);
		if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
			bytes.push(parseInt(hex, 16));
			i += 2;
		} else if (char === '_' && underscoreIsSpace) {
			bytes.push(0x20);
		} else {
			bytes.push(...Buffer.from(char, 'utf8'));
		}
	}
	return Buffer.from(bytes).toString('utf8');
}

/** Decodes the RFC 2047 encoded words of a header (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeHeader(value: string): string {
	return value
		.replace(/(\?=)\s+(=\?)/g, '$1$2')
		.replace(
			/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
			(_, _charset: string, encoding: string, data: string) =>
				encoding.toUpperCase() === 'B'
					? Buffer.from(data, 'base64').toString('utf8')
					: decodeQuotedPrintable(data, true),
		);
}

/** Splits a single-part message into decoded headers and text. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
	const split = raw.search(/\r?\n\r?\n/);
	const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
	const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
	const headers = new Map<string, string>();
	for (const line of head.split(/\r?\n/)) {
		const colon = line.indexOf(':');
		if (colon > 0) {
			headers.set(
				line.slice(0, colon).trim().toLowerCase(),
				decodeHeader(line.slice(colon + 1).trim()),
			);
		}
	}
	const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
	const text =
		encoding === 'quoted-printable'
			? decodeQuotedPrintable(body)
			: encoding === 'base64'
				? Buffer.from(body, 'base64').toString('utf8')
				: body;
	return {
		to,
		headers,
		subject: headers.get('subject') ?? '',
		messageId: headers.get('message-id') ?? '',
		text: text.replace(/\r\n/g, '\n'),
	};
}

/**
 * Starts a real SMTP server (the smtp-server package) on 127.0.0.1, on `port` or a free one,
 * without TLS or authentication. `delayMs` holds each e-mail before accepting it, so a test can
 * catch a sender in the middle of sending.
 */
export async function startSmtp({
	port,
	delayMs = 0,
}: { port?: number; delayMs?: number } = {}): Promise<TestSmtp> {
	const mails: ReceivedMail[] = [];
	let offered = 0;
	const smtp: TestSmtp = {
		port: 0,
		mails,
		refused: 0,
		refuse: () => false,
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on('error', () => undefined);
			stream.on('data', (chunk: Buffer) => chunks.push(chunk));
			stream.on('end', () => {
				const to = session.envelope.rcptTo.map((address) => address.address);
				setTimeout(() => {
					if (smtp.refuse(++offered)) {
						smtp.refused++;
						const error = Object.assign(new Error('Servizio temporaneamente non disponibile'), {
							responseCode: 451,
						});
						callback(error);
						return;
					}
					mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
					callback();
				}, delayMs);
			});
		},
	});
	const chosen = port ?? (await freePort());
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(chosen, '127.0.0.1', () => resolve());
	});
	// A client killed mid-session (the kill -9 test) resets its connection: smtp-server reports
	// it as an 'error' event, which must not crash the test run.
	server.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code !== 'ECONNRESET') console.warn('smtp test server:', error.message);
	});
	smtp.port = chosen;
	return smtp;
}

/** A test SMTP server on `port` (or a free one), stopped by the test file's clean-ups. */
export async function smtpFor(
	cleanups: (() => Promise<void> | void)[],
	port?: number,
): Promise<TestSmtp> {
	const smtp = await startSmtp(port === undefined ? {} : { port });
	cleanups.push(() => smtp.stop());
	return smtp;
}

/** Quick retries, so the tests see an e-mail delivered by the retry loop within seconds. */
export const QUICK_RETRIES = Object.freeze({
	CONTACT_SMTP_TIMEOUT_MS: '5000',
	CONTACT_RETRY_BASE_MS: '200',
	CONTACT_RETRY_MAX_DELAY_MS: '1000',
	CONTACT_RETRY_POLL_MS: '100',
});
