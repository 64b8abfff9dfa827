// @ts-check
// `npm run preview:cdn`: the site as production runs it, on this machine. Builds once (unless
// `--no-build`), then starts the Node server (dist/server/serve.mjs) on NODE_PORT (4322) and
// Cloudflare's runtime (`wrangler pages dev`, workerd) on CDN_PORT (8788) in front of it: the
// CDN serves dist/client, and functions/ forwards the server routes of _routes.json to the
// Node server with a shared secret (a fresh one each run unless PROXY_SECRET is set). Open
// http://localhost:8788: WebAuthn refuses an IP address as the site, so passkeys (the staff
// area) work only by host name, and PUBLIC_ORIGIN is that address. Ctrl+C stops both. Other variables (CONTACT_DB_PATH, SMTP_HOST,
// GITHUB_CLIENT_ID…) reach the Node server as under `npm run serve`. `--cdn-only` starts workerd
// alone, for a Node server started elsewhere on NODE_PORT (the tests of tests/e2e-cdn).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cdnPort = Number(process.env.CDN_PORT || 8788);
const nodePort = Number(process.env.NODE_PORT || 4322);
const secret = process.env.PROXY_SECRET || randomBytes(24).toString('hex');
/** The address visitors use: a host name, as WebAuthn wants one. */
const cdnOrigin = `http://localhost:${cdnPort}`;
const nodeOrigin = `http://127.0.0.1:${nodePort}`;

if (!process.argv.includes('--no-build')) {
	const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;

/**
 * @param {string} name
 * @param {string[]} args
 * @param {Record<string, string>} env
 */
function run(name, args, env) {
	const child = spawn(process.execPath, args, {
		cwd: root,
		env: { ...process.env, ...env },
		stdio: 'inherit',
	});
	child.once('exit', (code, signal) => {
		if (stopping) return;
		console.error(`${name} stopped (${signal ?? code}): stopping the preview.`);
		stop(1);
	});
	children.push(child);
}

/** @param {number} code */
function stop(code) {
	stopping = true;
	for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
	setTimeout(() => process.exit(code), 500).unref();
}
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));

if (!process.argv.includes('--cdn-only')) {
	run('The Node server', [join(root, 'dist/server/serve.mjs')], {
		PORT: String(nodePort),
		HOST: '127.0.0.1',
		PROXY_SECRET: secret,
		PUBLIC_ORIGIN: cdnOrigin,
		// workerd stands where the https proxy of the server's host stands in production.
		TRUSTED_PROXIES: '127.0.0.1,::1',
	});
}
run(
	'wrangler',
	[
		join(root, 'node_modules/wrangler/bin/wrangler.js'),
		'pages',
		'dev',
		'dist/client',
		'--ip',
		'127.0.0.1',
		'--port',
		String(cdnPort),
		'--binding',
		`NODE_ORIGIN=${nodeOrigin}`,
		'--binding',
		`PROXY_SECRET=${secret}`,
		'--show-interactive-dev-session=false',
	],
	{ WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? '1' },
);
console.log(
	`Open ${cdnOrigin}: the CDN (workerd) in front of the Node server on ${nodeOrigin}. The staff area's passkeys need this address, not 127.0.0.1; a first staff link for it: npm run staff -- link <e-mail> --origine ${cdnOrigin}`,
);
