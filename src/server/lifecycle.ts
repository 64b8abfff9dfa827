/**
 * The HTTP server's life: its limits, the answers to requests Node never hands to the handler
 * (CONNECT, and what its parser refuses), listening, and a graceful stop.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { plainAddress } from './client-address';
import type { ServerSettings } from './core/server-settings';
import { scrubPath } from '../lib/http/scrub';
import { clientErrorAnswer, INTERNAL_ERROR, rawAnswer, sendError } from './responses';

/** At most one log line about refused connections in this time. */
export const REFUSALS_SUMMARY_EVERY_MS = 10_000;

/** What the per-address cap needs besides the limit. */
export interface ConnectionCapOptions {
	/** Open connections at most from one address. */
	maxPerAddress: number;
	/** Addresses the cap leaves alone: the trusted proxies, which carry many clients. */
	isExempt: (address: string | undefined) => boolean;
	/** Where the summary of refusals goes (the JSON log). */
	warn: (message: string) => void;
	now?: () => number;
}

/**
 * Caps the open connections of one address: one more is destroyed at once, before it can send a
 * byte, so a client opening a thousand slow connections holds at most `maxPerAddress` of them
 * and everyone else is still answered. The cap counts the socket's address (no header is known
 * yet when a connection opens); the trusted proxies are exempt, and cap their own clients.
 * Under attack one line per refusal would flood the log: the first refusal is logged at once,
 * later ones as one summary at most every REFUSALS_SUMMARY_EVERY_MS, with the count, how many
 * addresses, and the one refused most (to block at the firewall).
 */
export function capConnectionsPerAddress(
	server: http.Server,
	{ maxPerAddress, isExempt, warn, now = Date.now }: ConnectionCapOptions,
): void {
	const open = new Map<string, number>();
	const refused = new Map<string, number>();
	let lastSummary: number | null = null;
	let windowStart = now();
	let timer: ReturnType<typeof setTimeout> | null = null;
	const summarise = () => {
		timer = null;
		if (refused.size === 0) return;
		let total = 0;
		let top: [string, number] = ['', 0];
		for (const entry of refused) {
			total += entry[1];
			if (entry[1] > top[1]) top = entry;
		}
		const seconds = Math.max(1, Math.round((now() - windowStart) / 1000));
		warn(
			`connections-refused: ${total} connections closed at once in ${seconds} s, from ${refused.size} addresses over the cap of ${maxPerAddress} open connections per address; most from ${top[0]} (${top[1]}).`,
		);
		refused.clear();
		lastSummary = now();
		windowStart = lastSummary;
	};
	server.on('connection', (socket: Socket) => {
		if (socket.remoteAddress === undefined || isExempt(socket.remoteAddress)) return;
		const address = plainAddress(socket.remoteAddress);
		const count = open.get(address) ?? 0;
		if (count >= maxPerAddress) {
			socket.on('error', () => undefined);
			socket.destroy();
			refused.set(address, (refused.get(address) ?? 0) + 1);
			if (lastSummary === null || now() - lastSummary >= REFUSALS_SUMMARY_EVERY_MS) summarise();
			else timer ??= setTimeout(summarise, lastSummary + REFUSALS_SUMMARY_EVERY_MS - now()).unref();
			return;
		}
		open.set(address, count + 1);
		socket.once('close', () => {
			const left = (open.get(address) ?? 1) - 1;
			if (left <= 0) open.delete(address);
			else open.set(address, left);
		});
	});
}

/**
 * Creates the server; an unexpected error answers a plain 500 JSON and is logged, never a stack.
 * `securityHeaders` go on the answers written straight to the socket, as on every other.
 */
export function createServer(
	settings: ServerSettings,
	handle: (req: IncomingMessage, res: ServerResponse) => void,
	securityHeaders: readonly (readonly [string, string])[] = [],
	onRequest: (req: IncomingMessage, res: ServerResponse) => void = () => undefined,
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
				onRequest(req, res);
				handle(req, res);
			} catch (error) {
				console.error(`Error answering ${req.method} ${scrubPath(req.url)}:`, error);
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

/** How long a stop waits for each part. */
export interface StopGraces {
	/** For the answers in flight, before their connections are cut. */
	requestsMs: number;
}

/**
 * On SIGTERM or SIGINT, a clean stop: stops accepting connections; lets the answers in flight
 * finish (at most `requestsMs`), closing each connection once its answer is sent; runs
 * `beforeExit` (the contact service finishes or leaves retryable the e-mails being sent, and
 * closes the database); then exits 0. A second signal during the stop changes nothing.
 */
export function closeOnSignals(
	server: http.Server,
	beforeExit: () => Promise<void>,
	{ requestsMs }: StopGraces = { requestsMs: 10_000 },
): void {
	let closing = false;
	const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
		if (closing) return;
		closing = true;
		console.log(`${signal} received: closing the server…`);
		// A request that still arrives on an open connection is answered, then the connection closes.
		server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
			if (!res.headersSent) res.setHeader('Connection', 'close');
		});
		const closed = new Promise<void>((resolve) => server.close(() => resolve()));
		// Keep-alive connections become idle once their answer is sent: close them as they do.
		const idle = setInterval(() => server.closeIdleConnections(), 100);
		server.closeIdleConnections();
		let timer: ReturnType<typeof setTimeout> | undefined;
		const cutOff = new Promise<void>((resolve) => {
			timer = setTimeout(() => {
				console.warn(`Answers still in flight after ${requestsMs} ms: connections closed.`);
				server.closeAllConnections();
				resolve();
			}, requestsMs);
		});
		await Promise.race([closed, cutOff]);
		clearTimeout(timer);
		clearInterval(idle);
		try {
			await beforeExit();
		} catch (error) {
			console.error('Error while stopping:', error);
			process.exit(1);
		}
		console.log('Server stopped.');
		process.exit(0);
	};
	process.on('SIGTERM', () => void shutdown('SIGTERM'));
	process.on('SIGINT', () => void shutdown('SIGINT'));
}
