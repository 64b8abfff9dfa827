/**
 * The bridge to Astro: on-demand routes (POST /api/contact) go to the handler of Astro's node
 * adapter (dist/server/entry.mjs, middleware mode), compressed, with `locals.contact` (the
 * service of this process) and `locals.clientAddress`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerControl } from './answer-headers';

/** The handler that dist/server/entry.mjs exports in middleware mode. */
export type AstroHandler = (
	req: IncomingMessage,
	res: ServerResponse,
	next: undefined,
	locals: App.Locals,
) => unknown;

/** The visitor's address: the socket's, or the one our reverse proxy appended (TRUST_PROXY). */
export function clientAddressOf(
	headers: IncomingMessage['headers'],
	socketAddress: string | undefined,
	trustProxy: boolean,
): string {
	const forwarded = headers['x-forwarded-for'];
	if (trustProxy && typeof forwarded === 'string' && forwarded.trim() !== '') {
		return (forwarded.split(',').at(-1) ?? '').trim();
	}
	return socketAddress ?? 'unknown';
}

/** The compression middleware (typed for Node's own request and answer). */
export type Compress = (
	req: IncomingMessage,
	res: ServerResponse,
	next: (error?: unknown) => void,
) => void;

/** Passes a request on to Astro. */
export type ToAstro = (req: IncomingMessage, res: ServerResponse, answer: AnswerControl) => void;

export function createAstroBridge(
	astroHandler: AstroHandler,
	compress: Compress,
	contact: NonNullable<App.Locals['contact']>,
	trustProxy: boolean,
): ToAstro {
	return (req, res, answer) => {
		answer.bareErrorsAsJson = true;
		compress(req, res, (error?: unknown) => {
			if (error)
				throw error instanceof Error ? error : new Error('Compression failed', { cause: error });
			const clientAddress = clientAddressOf(req.headers, req.socket.remoteAddress, trustProxy);
			astroHandler(req, res, undefined, { contact, clientAddress });
		});
	};
}
