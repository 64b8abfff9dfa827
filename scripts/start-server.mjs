// Starts the real production server (dist/server/serve.mjs, built from src/server/ by
// scripts/compile-server.mjs, serving the build it is part of, or DIST_DIR's) as a child
// process on a free loopback port, for the contact benchmark (scripts/bench-contact.mjs), the
// server tests (tests/server) and the end-to-end test that stops a server. The contact
// service's variables of the calling shell are not passed on: each caller says which it wants,
// so a developer's SMTP settings never reach a test.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** How long the server may take to say it is listening. */
const START_TIMEOUT_MS = 30_000;
/** Variables of the contact service, the proxy and the sign-in that are never inherited. */
const CONTACT_VARIABLE =
	/^(SMTP_|SHOP_EMAIL$|CONTACT_|TRUST_PROXY$|PROXY_SECRET$|PUBLIC_ORIGIN$|GITHUB_)/;

/**
 * A free TCP port on 127.0.0.1 (the OS picks it; it is free again once this resolves).
 * @returns {Promise<number>}
 */
export function freePort() {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const address = probe.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			probe.close(() => resolve(port));
		});
	});
}

/**
 * Fails with a clear message when the build the server needs is missing.
 * @param {string} [distDir]
 */
export function assertBuilt(distDir = process.env.DIST_DIR ?? join(ROOT, 'dist')) {
	for (const file of ['server/entry.mjs', 'server/serve.mjs', 'client/404.html']) {
		if (!existsSync(join(distDir, file))) {
			throw new Error(`${join(distDir, file)} is missing: run \`npm run build\` first.`);
		}
	}
}

/**
 * @typedef {object} RunningServer
 * @property {string} url          e.g. http://127.0.0.1:40123
 * @property {number} port
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => string} output  everything the server printed so far
 * @property {(signal?: NodeJS.Signals) => Promise<void>} stop  signals it and waits for its exit
 */

/**
 * Starts `node <dist>/server/serve.mjs` (<dist>: env.DIST_DIR, else the repository's dist/) and
 * resolves once it listens.
 * @param {{ env?: Record<string, string>, port?: number }} [options]
 * @returns {Promise<RunningServer>}
 */
export async function startServer({ env = {}, port } = {}) {
	const distDir = env.DIST_DIR ?? process.env.DIST_DIR ?? join(ROOT, 'dist');
	assertBuilt(distDir);
	const chosenPort = port ?? (await freePort());
	const inherited = Object.fromEntries(
		Object.entries(process.env).filter(([name]) => !CONTACT_VARIABLE.test(name)),
	);
	const child = spawn(process.execPath, [join(distDir, 'server/serve.mjs')], {
		cwd: ROOT,
		env: { ...inherited, HOST: '127.0.0.1', ...env, PORT: String(chosenPort) },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	const exited = new Promise((resolve) => child.once('exit', resolve));

	await new Promise((resolve, reject) => {
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`The server did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
		}, START_TIMEOUT_MS);
		const onData = () => {
			if (output.includes('Server listening on')) {
				clearTimeout(timer);
				child.stdout.off('data', onData);
				resolve(undefined);
			}
		};
		child.stdout.on('data', onData);
		void exited.then((code) => {
			clearTimeout(timer);
			reject(new Error(`The server exited (${code}) before listening:\n${output}`));
		});
	});

	return {
		url: `http://127.0.0.1:${chosenPort}`,
		port: chosenPort,
		child,
		output: () => output,
		async stop(signal = 'SIGTERM') {
			if (child.exitCode === null && child.signalCode === null) child.kill(signal);
			await exited;
		},
	};
}
