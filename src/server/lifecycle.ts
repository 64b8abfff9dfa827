/**
 * The HTTP server's life: its limits, the answers to requests Node never hands to the handler
 * (CONNECT, and what its parser refuses), listening, and a graceful stop.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerSettings } from './env';
import { clientErrorAnswer, INTERNAL_ERROR, rawAnswer, sendError } from './responses';

/**
 * Creates the server; an unexpected error answers a plain 500 JSON and is logged, never a stack.
 * `securityHeaders` go on the answers written straight to the socket, as on every other.
 */
export function createServer(
	settings: ServerSettings,
	handle: (req: IncomingMessage, res: ServerResponse) => void,
	securityHeaders: readonly (readonly [string, string])[] = [],
): http.Server {
	const server = http.createServer(
		{
			headersTimeout: settings.headersTimeout,
			requestTimeout: settings.requestTimeout,
			// How often Node looks for clients past those limits (its default, 30 s, would let a slow
			// client hold a connection far longer than the limits say).
			connectionsCheckingInterval: Math.min(5_000, Math.ceil(settings.headersTimeout / 4)),
		},
		(req, res) => {
			try {
				handle(req, res);
			} catch (error) {
				console.error(`Error answering ${req.method} ${req.url}:`, error);
				sendError(res, 500, INTERNAL_ERROR);
			}
		},
	);
	server.maxConnections = settings.maxConnections;
	// CONNECT never reaches the request handler: Node hands over the socket. It gets the same 405.
	server.on('connect', (_req, socket: Socket) => {
		socket.on('error', () => undefined);
		socket.end(rawAnswer(clientErrorAnswer('HPE_INVALID_METHOD'), securityHeaders));
	});
	// A request the parser refuses (a method HTTP does not know, such as TRACK; headers too long)
	// or a client too slow never reaches the handler either. Node's own answer is a bare status
	// line; this one is the site's JSON in Italian, with the security headers.
	server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
		socket.on('error', () => undefined);
		if (error.code === 'ECONNRESET' || !socket.writable) {
			socket.destroy();
			return;
		}
		socket.end(rawAnswer(clientErrorAnswer(error.code), securityHeaders));
	});
	return server;
}

/** Listens on HOST:PORT and says so (tests wait for that line); failing to listen stops. */
export function listen(server: http.Server, { host, port }: ServerSettings): void {
	server.on('error', (error) => {
		console.error(`Cannot listen on ${host}:${port}:`, error.message);
		process.exit(1);
	});
	server.listen(port, host, () => {
		const shownHost = host.includes(':') ? `[${host}]` : host;
		console.log(`Server listening on http://${shownHost}:${port}`);
	});
}

/**
 * On SIGTERM or SIGINT: stops accepting connections, lets running requests finish (at most
 * 10 s), runs `beforeExit` (closing the contact service), then exits.
 */
export function closeOnSignals(server: http.Server, beforeExit: () => Promise<void>): void {
	let closing = false;
	const shutdown = (signal: NodeJS.Signals): void => {
		if (closing) return;
		closing = true;
		console.log(`${signal} received: closing the server…`);
		server.close((error) => {
			void beforeExit().finally(() => process.exit(error ? 1 : 0));
		});
		server.closeIdleConnections();
		setTimeout(() => {
			server.closeAllConnections();
			process.exit(0);
		}, 10_000).unref();
	};
	process.on('SIGTERM', () => shutdown('SIGTERM'));
	process.on('SIGINT', () => shutdown('SIGINT'));
}
