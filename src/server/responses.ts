/** The answers the server writes itself: redirects and plain JSON errors. */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { CACHE_DAY } from '../lib/http/headers';

export const METHOD_NOT_ALLOWED = JSON.stringify({ error: 'Metodo non consentito' });
export const INTERNAL_ERROR = JSON.stringify({ error: 'Errore interno del server' });
export const BAD_REQUEST = JSON.stringify({ error: 'Richiesta non valida' });

/** A local path for a Location header: never `//host` or `/\host`, which leave the site. */
export function safeLocation(target: string): string {
	return target.replace(/^[/\\]+/, '/');
}

/** 301 to a local address, cached for a day. */
export function redirect(res: ServerResponse, location: string): void {
	res.writeHead(301, {
		Location: safeLocation(location),
		'Cache-Control': CACHE_DAY,
		'Content-Length': 0,
	});
	res.end();
}

/** A JSON error that is never cached; a connection whose answer has begun is closed instead. */
export function sendError(res: ServerResponse, status: number, body: string, allow?: string): void {
	if (res.headersSent) {
		res.destroy();
		return;
	}
	res.writeHead(status, {
		'Content-Type': 'application/json; charset=utf-8',
		'Cache-Control': 'no-store',
		'Content-Length': Buffer.byteLength(body),
		...(allow ? { Allow: allow } : {}),
	});
	res.end(body);
}

export const REQUEST_TIMEOUT = JSON.stringify({ error: 'Richiesta troppo lenta: riprova' });
export const HEADERS_TOO_LARGE = JSON.stringify({
	error: 'Intestazioni della richiesta troppo grandi',
});

/** An answer written straight to a socket: its status, JSON body and extra headers. */
export interface RawAnswer {
	status: number;
	body: string;
	headers?: Readonly<Record<string, string>>;
}

/**
 * The answer to a request Node's parser refused, by its error code: a method HTTP does not know
 * (TRACK) is not allowed, as TRACE is; a client too slow gets 408, headers too long 431;
 * anything else the parser cannot read is a bad request.
 */
export function clientErrorAnswer(code: string | undefined): RawAnswer {
	switch (code) {
		case 'HPE_INVALID_METHOD':
			return { status: 405, body: METHOD_NOT_ALLOWED, headers: { Allow: 'GET, HEAD' } };
		case 'ERR_HTTP_REQUEST_TIMEOUT':
			return { status: 408, body: REQUEST_TIMEOUT };
		case 'HPE_HEADER_OVERFLOW':
			return { status: 431, body: HEADERS_TOO_LARGE };
		default:
			return { status: 400, body: BAD_REQUEST };
	}
}

/**
 * The bytes of an answer for a socket Node hands over instead of a request (CONNECT, a request
 * its parser refused): the connection is closed after it, as its state is unknown.
 */
export function rawAnswer(
	answer: RawAnswer,
	securityHeaders: readonly (readonly [string, string])[],
): string {
	const headers: [string, string][] = [
		...securityHeaders.map(([name, value]): [string, string] => [name, value]),
		['Content-Type', 'application/json; charset=utf-8'],
		['Content-Length', String(Buffer.byteLength(answer.body))],
		['Cache-Control', 'no-store'],
		...Object.entries(answer.headers ?? {}),
		['Connection', 'close'],
	];
	const reason = STATUS_CODES[answer.status] ?? '';
	return (
		`HTTP/1.1 ${answer.status} ${reason}\r\n` +
		headers.map(([name, value]) => `${name}: ${value}\r\n`).join('') +
		'\r\n' +
		answer.body
	);
}
