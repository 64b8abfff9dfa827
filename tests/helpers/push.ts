/**
 * A push service on this machine, for the tests of Web Push to staff devices: a plain HTTP
 * server on the loopback that records every push it is sent (the server under test runs with
 * PUSH_ALLOW_LOOPBACK_HTTP=1, docs/push.md: http to 127.0.0.1 written out), answers each device's address with the
 * status the test chose, and devices whose keys the test made, so that it can decrypt what
 * arrived. The decryption is written here from RFC 8291 with node:crypto, independently of the
 * `web-push` library that encrypted it.
 *
 *   const service = await startPushService();
 *   const device = newDevice(service, 'telefono-1');   // device.subscription → POST it
 *   … a reservation …
 *   const [push] = await service.received(device, 1);
 *   decryptPush(push.body, device)                      // '{"code":"K7M2QX",…}'
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push as the service received it. */
export interface ReceivedPush {
	path: string;
	headers: IncomingHttpHeaders;
	body: Buffer;
}

/** A device: its private key stays with the test; `subscription` is what a browser posts. */
export interface TestDevice {
	ecdh: ECDH;
	auth: Buffer;
	subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** The push service. */
export interface TestPushService {
	origin: string;
	/** Every push received so far, in order. */
	readonly pushes: ReceivedPush[];
	/** Answers this device's pushes with `status` from now on (201 by default; 0: never). */
	answer(device: TestDevice, status: number): void;
	/** Resolves with this device's pushes once there are `count` of them. */
	received(device: TestDevice, count: number): Promise<ReceivedPush[]>;
	close(): Promise<void>;
}

/** `delayMs`: how long each answer waits (a slow push service keeps pushes under way). */
export async function startPushService({ delayMs = 0 } = {}): Promise<TestPushService> {
	const pushes: ReceivedPush[] = [];
	const statuses = new Map<string, number>();
	const waiting = new Set<() => void>();
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const path = request.url ?? '/';
			pushes.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
			const status = statuses.get(path) ?? 201;
			// 0: a push service that takes the request and never answers.
			if (status !== 0) setTimeout(() => response.writeHead(status).end(), delayMs);
			for (const wake of waiting) wake();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const pathOf = (device: TestDevice) => new URL(device.subscription.endpoint).pathname;
	return {
		origin: `http://127.0.0.1:${port}`,
		pushes,
		answer(device, status) {
			statuses.set(pathOf(device), status);
		},
		received(device, count) {
			const mine = () => pushes.filter((push) => push.path === pathOf(device));
			return new Promise((resolve) => {
				const check = () => {
					if (mine().length < count) return;
					waiting.delete(check);
					resolve(mine());
				};
				waiting.add(check);
				check();
			});
		},
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** A new device of the push service: a P-256 key pair and an authentication secret. */
export function newDevice(service: { origin: string }, name: string): TestDevice {
	const ecdh = createECDH('prime256v1');
	ecdh.generateKeys();
	const auth = randomBytes(16);
	return {
		ecdh,
		auth,
		subscription: {
			endpoint: `${service.origin}/push/${name}-${randomBytes(6).toString('hex')}`,
			keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
		},
	};
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
	Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** The text of an aes128gcm push (RFC 8188, RFC 8291) for `device`. Throws when it is not one. */
export function decryptPush(body: Buffer, device: TestDevice): string {
	const salt = body.subarray(0, 16);
	const idLength = body.readUInt8(20);
	const senderKey = body.subarray(21, 21 + idLength);
	const record = body.subarray(21 + idLength);
	const shared = device.ecdh.computeSecret(senderKey);
	const keyInfo = Buffer.concat([
		Buffer.from('WebPush: info\0'),
		device.ecdh.getPublicKey(),
		senderKey,
	]);
	const ikm = hkdf(shared, device.auth, keyInfo, 32);
	const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
	const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
	const decipher = createDecipheriv('aes-128-gcm', key, nonce);
	decipher.setAuthTag(record.subarray(record.length - 16));
	const padded = Buffer.concat([
		decipher.update(record.subarray(0, record.length - 16)),
		decipher.final(),
	]);
	// The last record ends with the delimiter 2, then any padding of zeros.
	let end = padded.length - 1;
	while (end >= 0 && padded[end] === 0) end -= 1;
	if (padded[end] !== 2) throw new Error('Not the last record of an aes128gcm push.');
	return padded.subarray(0, end).toString('utf8');
}
