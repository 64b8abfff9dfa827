import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';

/**
 * Requests and connections from a chosen local address of the loopback. Linux answers the whole
 * 127.0.0.0/8 on the loopback, so a test can be two clients at once: the usual 127.0.0.1 (a
 * proxy on the same machine) and 127.0.0.2 (a client that reaches the port directly).
 */
export const DIRECT_CLIENT = '127.0.0.2';

/** A request from `localAddress`; resolves with the status and the body. */
export function requestFrom(
	localAddress: string,
	url: string,
	{
		method = 'GET',
		headers = {},
		body,
	}: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(url, {
			method,
			localAddress,
			agent: false,
			headers: {
				...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
				...headers,
			},
		});
		req.on('error', reject);
		req.on('response', (res) => {
			let text = '';
			res.setEncoding('utf8');
			res.on('data', (chunk: string) => (text += chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
		});
		req.end(body);
	});
}

/** A JSON POST from `localAddress`. */
export async function postJsonFrom(
	localAddress: string,
	url: string,
	data: unknown,
	headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
	const answer = await requestFrom(localAddress, url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
		body: JSON.stringify(data),
	});
	return { status: answer.status, json: JSON.parse(answer.body) as Record<string, unknown> };
}

/** An open TCP connection from `localAddress` that sends nothing, and whether it was closed. */
export interface IdleConnection {
	socket: Socket;
	readonly closed: boolean;
}

/** Opens a connection from `localAddress` to the server at `url`, once it is connected. */
export function openIdle(localAddress: string, url: string): Promise<IdleConnection> {
	const { hostname, port } = new URL(url);
	return new Promise((resolve, reject) => {
		let closed = false;
		const socket = connect({ host: hostname, port: Number(port), localAddress });
		socket.on('close', () => (closed = true));
		socket.on('error', () => undefined);
		socket.once('connect', () =>
			resolve({
				socket,
				get closed() {
					return closed;
				},
			}),
		);
		socket.once('error', reject);
	});
}
