import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../../scripts/start-server.mjs';

/** A valid message, as the form sends it. */
export const VALID_MESSAGE = Object.freeze({
	name: 'Mario Rossi',
	email: 'mario.rossi@example.it',
	phone: '+39 011 123 4567',
	message: 'Vorrei sapere se la Whey al biscotto è disponibile ad Aosta.',
	privacy: true,
});

/** A temporary folder with the path of a database file inside it (not created yet). */
export function tempDatabase(): { dir: string; dbPath: string; remove: () => void } {
	const dir = mkdtempSync(join(tmpdir(), 'vigorsport-contact-'));
	return {
		dir,
		dbPath: join(dir, 'messages.sqlite'),
		remove: () => rmSync(dir, { recursive: true, force: true }),
	};
}

/**
 * The built server in simulation mode (no SMTP) with a temporary database and rate limits that
 * never apply, started before the test file's tests and stopped after them; `env` adds or
 * overrides variables.
 */
export function useSimulationServer(env: Record<string, string> = {}): {
	readonly url: string;
	readonly dbPath: string;
	readonly server: RunningServer;
} {
	const db = tempDatabase();
	let server: RunningServer | undefined;
	beforeAll(async () => {
		server = await startServer({
			env: {
				CONTACT_DB_PATH: db.dbPath,
				CONTACT_RATE_LIMIT: '1000000',
				STAFF_RATE_LIMIT: '1000000',
				AVAILABILITY_RATE_LIMIT: '1000000',
				SMTP_HOST: '',
				...env,
			},
		});
	}, 60_000);
	afterAll(async () => {
		await server?.stop();
		db.remove();
	});
	const running = () => {
		if (!server) throw new Error('The server is not running: use it inside a test.');
		return server;
	};
	return {
		get url() {
			return running().url;
		},
		get server() {
			return running();
		},
		dbPath: db.dbPath,
	};
}

/** A stored message row, with the states of its e-mails. */
/** Clean-ups of a test file, run after each test (newest first). */
export type Cleanups = (() => Promise<void> | void)[];

/**
 * The built server with a temporary database, sending its e-mail to the test SMTP server on
 * `smtpPort` (plain SMTP, the shop at negozio@vigorsport.test); `env` adds or overrides
 * variables. Its clean-ups go into `cleanups`.
 */
export async function startWithSmtp(
	smtpPort: number,
	env: Record<string, string>,
	cleanups: Cleanups,
): Promise<{ server: RunningServer; dbPath: string }> {
	const db = tempDatabase();
	cleanups.push(db.remove);
	const server = await startServer({
		env: {
			CONTACT_DB_PATH: db.dbPath,
			CONTACT_RATE_LIMIT: '1000',
			SMTP_HOST: '127.0.0.1',
			SMTP_PORT: String(smtpPort),
			SMTP_SECURE: 'false',
			SHOP_EMAIL: 'negozio@vigorsport.test',
			...env,
		},
	});
	cleanups.push(() => server.stop());
	return { server, dbPath: db.dbPath };
}

export interface MessageRow {
	id: number;
	name: string;
	email: string;
	message: string;
	spam: number;
	delivery: string;
}

/** An e-mail row. */
export interface EmailRow {
	id: number;
	message_id: number;
	kind: 'admin' | 'confirmation';
	recipient: string;
	status: string;
	attempts: number;
}

/** Reads the database as the server wrote it (a second, read-only connection; WAL allows it). */
export function readDatabase(dbPath: string): { messages: MessageRow[]; emails: EmailRow[] } {
	const db = new Database(dbPath, { readonly: true, fileMustExist: true });
	try {
		return {
			messages: db
				.prepare('SELECT id, name, email, message, spam, delivery FROM messages ORDER BY id')
				.all() as MessageRow[],
			emails: db
				.prepare('SELECT id, message_id, kind, recipient, status, attempts FROM emails ORDER BY id')
				.all() as EmailRow[],
		};
	} finally {
		db.close();
	}
}

/**
 * How many rows a table holds: 0 when the database, or the table, does not exist yet (before
 * the server's first start).
 */
export function countRows(dbPath: string, table: 'messages' | 'reservations'): number {
	try {
		const db = new Database(dbPath, { readonly: true, fileMustExist: true });
		try {
			return (db.prepare(`SELECT COUNT(*) AS count FROM ${table}`).get() as { count: number })
				.count;
		} finally {
			db.close();
		}
	} catch (error) {
		const code = (error as { code?: string }).code;
		if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_ERROR') return 0;
		throw error;
	}
}

/** How many messages are stored (0 when the database does not exist yet). */
export const countMessages = (dbPath: string) => countRows(dbPath, 'messages');

/** A raw HTTP answer. */
export interface RawResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: string;
}

/**
 * Sends a request exactly as given (headers as they are, body as bytes, optionally chunked with
 * no Content-Length) over a fresh connection, and reads the whole answer.
 */
export function rawRequest(
	url: string,
	{
		method = 'POST',
		headers = {},
		body,
		chunked = false,
	}: {
		method?: string;
		headers?: Record<string, string>;
		body?: Uint8Array | string;
		chunked?: boolean;
	},
): Promise<RawResponse> {
	const bytes = body === undefined ? undefined : Buffer.from(body);
	return new Promise((resolve, reject) => {
		const req = httpRequest(url, {
			method,
			agent: false,
			headers: {
				...(bytes && !chunked ? { 'Content-Length': String(bytes.length) } : {}),
				...headers,
			},
		});
		req.on('error', reject);
		req.on('response', (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () =>
				resolve({
					status: res.statusCode ?? 0,
					headers: res.headers,
					body: Buffer.concat(chunks).toString('utf8'),
				}),
			);
			res.on('error', reject);
		});
		if (bytes && chunked) {
			// Several chunks, so the server counts bytes as they arrive.
			for (let at = 0; at < bytes.length; at += 4096) req.write(bytes.subarray(at, at + 4096));
			req.end();
		} else {
			req.end(bytes);
		}
	});
}

/** POSTs JSON to /api/contact like the island does. */
export async function postJson(
	baseUrl: string,
	body: unknown,
	headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
	const response = await rawRequest(`${baseUrl}/api/contact`, {
		headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
		body: JSON.stringify(body),
	});
	return { status: response.status, json: JSON.parse(response.body) as Record<string, unknown> };
}
