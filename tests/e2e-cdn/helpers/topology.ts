/**
 * The production double the tests of tests/e2e-cdn run against (playwright.cdn.config.ts):
 * workerd (`wrangler pages dev dist/client`, started by Playwright) in front of the Node server
 * (started and stopped here, so a test can stop it and start it again), and a local stand-in
 * for GitHub's OAuth endpoints. Ports follow E2E_PORT: the CDN on +1, the Node server on +2,
 * the stand-in on +3.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const base = Number(process.env['E2E_PORT'] ?? 4399);
export const CDN_PORT = base + 1;
export const NODE_PORT = base + 2;
export const GITHUB_PORT = base + 3;
/**
 * The site's address, by host name: WebAuthn refuses an IP address as the site, and the staff
 * test enrols a passkey through the CDN. The Node server's PUBLIC_ORIGIN.
 */
export const CDN_ORIGIN = `http://localhost:${CDN_PORT}`;
/** Where workerd listens, for the readiness check. */
export const CDN_LISTEN = `http://127.0.0.1:${CDN_PORT}`;
export const NODE_ORIGIN = `http://127.0.0.1:${NODE_PORT}`;
export const GITHUB_ORIGIN = `http://127.0.0.1:${GITHUB_PORT}`;
/** The secret the function and the Node server share in these tests. */
export const PROXY_SECRET = 'e2e-proxy-secret-0123456789abcdef0123456789';
/** The OAuth app of the stand-in. */
export const GITHUB_CLIENT = { id: 'e2e-client-id', secret: 'e2e-client-secret' };
/** Valid messages per minute from one address: small, so a test reaches 429 quickly. */
export const RATE_LIMIT = 3;
/**
 * Availability reads per minute from one address: small, so a test reaches 429 quickly; the
 * other tests read it a few times, from addresses of their own or the default one.
 */
export const AVAILABILITY_LIMIT = 30;

/** The run's own folder: the database, the Node server's pid and log. */
export const RUN_DIR = join(tmpdir(), `vigorsport-e2e-cdn-${base}`);
export const DB_PATH = join(RUN_DIR, 'messages.sqlite');
const PID_FILE = join(RUN_DIR, 'node.pid');
const root = new URL('../../..', import.meta.url).pathname;

const alive = (pid: number) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
};

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
	const end = Date.now() + ms;
	while (!(await check())) {
		if (Date.now() > end) throw new Error(`${what} within ${ms} ms`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

/** Starts the Node server as production runs it behind the CDN; resolves once it answers. */
export async function startNode(): Promise<void> {
	const log = openSync(join(RUN_DIR, 'node.log'), 'a');
	const child = spawn(process.execPath, [join(root, 'dist/server/serve.mjs')], {
		cwd: root,
		detached: true,
		stdio: ['ignore', log, log],
		env: {
			PATH: process.env['PATH'] ?? '',
			PORT: String(NODE_PORT),
			HOST: '127.0.0.1',
			PROXY_SECRET,
			PUBLIC_ORIGIN: CDN_ORIGIN,
			// As in production, where the CDN reaches the Node server through the host's https proxy.
			TRUSTED_PROXIES: '127.0.0.1,::1',
			CONTACT_DB_PATH: DB_PATH,
			CONTACT_RATE_LIMIT: String(RATE_LIMIT),
			AVAILABILITY_RATE_LIMIT: String(AVAILABILITY_LIMIT),
			SMTP_HOST: '',
			GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
			GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
			GITHUB_OAUTH_URL: GITHUB_ORIGIN,
		},
	});
	closeSync(log);
	child.unref();
	writeFileSync(PID_FILE, String(child.pid));
	await until(async () => {
		if (child.exitCode !== null) throw new Error(`The Node server exited (${child.exitCode})`);
		return fetch(`${NODE_ORIGIN}/api/ritiro.json`).then(
			(answer) => answer.ok,
			() => false,
		);
	}, 'The Node server did not answer');
}

/** Stops the Node server started by startNode, and waits until it is gone. */
export async function stopNode(): Promise<void> {
	if (!existsSync(PID_FILE)) return;
	const pid = Number(readFileSync(PID_FILE, 'utf8'));
	rmSync(PID_FILE);
	if (!alive(pid)) return;
	process.kill(pid, 'SIGTERM');
	await until(() => !alive(pid), 'The Node server did not stop', 15_000);
}

/** A fresh run: an empty folder, then the Node server. */
export async function startRun(): Promise<void> {
	await stopNode();
	rmSync(RUN_DIR, { recursive: true, force: true });
	const { mkdirSync } = await import('node:fs');
	mkdirSync(RUN_DIR, { recursive: true });
	await startNode();
}

/** The rows the Node server stored from an e-mail address: messages or reservations. */
export function storedFrom(
	table: 'messages' | 'reservations',
	email: string,
): { client_address: string | null; code?: string }[] {
	const db = new Database(DB_PATH, { readonly: true, fileMustExist: true });
	try {
		const columns = table === 'reservations' ? 'client_address, code' : 'client_address';
		return db.prepare(`SELECT ${columns} FROM ${table} WHERE email = ?`).all(email) as {
			client_address: string | null;
			code?: string;
		}[];
	} finally {
		db.close();
	}
}
