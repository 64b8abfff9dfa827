/**
 * The bridge to Astro: on-demand routes (POST /api/contact) go to the handler of Astro's node
 * adapter (dist/server/entry.mjs, middleware mode), compressed, with `locals.services` (the
 * services of this process, by thing: src/server/services/index.ts), `locals.clientAddress` and
 * `locals.publicOrigin`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PROXY_SECRET_HEADER } from '../lib/http/proxy';
import type { AnswerControl } from './response-headers';
import { clientAddressOf, type ProxyTrust } from './client-address';
import type { Services } from './services';

/** The handler that dist/server/entry.mjs exports in middleware mode. */
export type AstroHandler = (
	req: IncomingMessage,
	res: ServerResponse,
	next: undefined,
	locals: App.Locals,
) => unknown;

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
	services: Services,
	trust: ProxyTrust,
	publicOrigin: string | null = null,
): ToAstro {
	return (req, res, answer) => {
		answer.bareErrorsAsJson = true;
		compress(req, res, (error?: unknown) => {
			if (error)
				throw error instanceof Error ? error : new Error('Compression failed', { cause: error });
			const clientAddress = clientAddressOf(req.headers, req.socket.remoteAddress, trust);
			// The secret goes no further than this check.
			delete req.headers[PROXY_SECRET_HEADER];
			astroHandler(req, res, undefined, { services, clientAddress, publicOrigin });
		});
	};
}
