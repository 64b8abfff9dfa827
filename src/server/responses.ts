/** The answers the server writes itself: redirects and plain JSON errors. */
import type { ServerResponse } from 'node:http';
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

/** The raw 405 for CONNECT, which Node hands over as a socket rather than a request. */
export const CONNECT_NOT_ALLOWED =
	'HTTP/1.1 405 Method Not Allowed\r\n' +
	'Content-Type: application/json; charset=utf-8\r\n' +
	`Content-Length: ${Buffer.byteLength(METHOD_NOT_ALLOWED)}\r\n` +
	'Allow: GET, HEAD\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
	METHOD_NOT_ALLOWED;
