// Production server: `node server/serve.mjs` after `npm run build` (`npm start` does both).
//
// One implementation of the legacy redirects. src/lib/redirects.ts holds the rules and the
// matcher. The build writes the rules to dist/client/_redirects (for CDNs, through the
// prerendered endpoint src/pages/[hostFile].ts), and scripts/compile-server.mjs compiles
// src/lib/redirects.ts to dist/server/redirects.mjs with esbuild, the TypeScript compiler Astro
// itself uses. This server imports parseRedirectsFile/matchRedirect from that generated module
// and reads the rules from dist/client/_redirects, so the file a CDN applies and the answers of
// this server cannot drift apart, and nothing is written twice. Rejected: a hand-written copy
// of the matcher in server/ (two implementations), running TypeScript directly (Node 20 cannot
// strip types) and compiling at start-up (needs the compiler and the sources in production).
//
// Order of handling:
//   1. GET/HEAD of a legacy address (dist/client/_redirects)  -> 301, query string kept
//   2. GET/HEAD of /x/ (any path but /)                        -> 301 to /x, query string kept
//   0. TRACE, TRACK, CONNECT anywhere                          -> 405 (never reach Astro)
//   3. GET/HEAD of a file of dist/client (sirv, precompressed .br/.gz, /x serves x.html;
//      ETag or If-Modified-Since -> 304; Range ignored, always 200 with the whole file);
//      other methods on those files -> 405
//   4. other methods, and /api/... paths that are not files    -> Astro's handler, compressed
//   5. GET/HEAD of anything else                               -> 404 with dist/client/404.html
//      (or the nearest section's own, e.g. dist/client/prodotti/404.html, when there is one)
// Any unexpected error answers a plain 500 JSON and is logged; there is never a stack trace.
//
// The contact service (src/lib/contact/service.ts, compiled the same way to
// dist/server/contact.mjs) is created here at start-up, one per process, so its retry loop sends
// the e-mails a previous run left unsent without waiting for a first visitor. Astro's handler
// gets it as `locals.contact` (with `locals.clientAddress`) for POST /api/contact.
//
// Environment: PORT (4321), HOST (127.0.0.1), DIST_DIR (<repo>/dist; tests point it elsewhere),
// TRUST_PROXY (set to 1 behind exactly one reverse proxy: the client's address is then the last
// X-Forwarded-For entry), SERVER_HEADERS_TIMEOUT_MS (10000), SERVER_REQUEST_TIMEOUT_MS (30000),
// SERVER_MAX_CONNECTIONS (1000), and the contact service's variables (README.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';

// The adapter runs in middleware mode (astro.config.mjs), whose entry never starts a server of
// its own; should it be switched back to standalone, this keeps that server from starting.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = resolve(process.env.DIST_DIR ?? join(root, 'dist'));
const clientDir = join(distDir, 'client');
const serverDir = join(distDir, 'server');
const port = Number(process.env.PORT || 4321);
const host = process.env.HOST || '127.0.0.1';
const trustProxy = ['1', 'true', 'yes'].includes((process.env.TRUST_PROXY ?? '').toLowerCase());

/** A whole number of the environment within [min, max], or the fallback; a bad value stops the server. */
function limitFromEnv(name, fallback, min, max) {
	const raw = process.env[name]?.trim();
	if (!raw) return fallback;
	const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
	if (!Number.isSafeInteger(value) || value < min || value > max) {
		console.error(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
		process.exit(1);
	}
	return value;
}
/** Slow clients: the whole header block within 10 s, the whole request within 30 s. */
const headersTimeout = limitFromEnv('SERVER_HEADERS_TIMEOUT_MS', 10_000, 1_000, 600_000);
const requestTimeout = limitFromEnv('SERVER_REQUEST_TIMEOUT_MS', 30_000, 1_000, 3_600_000);
/** Open connections at most; further ones are refused until some close. */
const maxConnections = limitFromEnv('SERVER_MAX_CONNECTIONS', 1_000, 1, 1_000_000);

/**
 * Methods that never reach Astro: the Fetch standard forbids them (Astro's Request would throw),
 * and no route of the site answers them.
 */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const METHOD_NOT_ALLOWED = JSON.stringify({ error: 'Metodo non consentito' });

const INTERNAL_ERROR = JSON.stringify({ error: 'Errore interno del server' });
/** Files of dist/client that are not served (CDNs do not publish `_redirects` and `_headers` either). */
const HIDDEN_FILES = new Set(['/_redirects', '/_headers']);
const COMPRESSED_SUFFIXES = ['.br', '.gz'];

/** Imports a module of dist/server, or stops with a hint when the build has not run. */
async function importBuilt(file) {
	const path = join(serverDir, file);
	try {
		return await import(pathToFileURL(path).href);
	} catch (error) {
		if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(path)) {
			console.error(`Missing ${path}: run \`npm run build\` first.`);
			process.exit(1);
		}
		throw error;
	}
}

/** Reads a file of dist/client, or stops with a hint when the build has not run. */
function readBuilt(file) {
	const path = join(clientDir, file);
	try {
		return readFileSync(path);
	} catch (error) {
		console.error(`Cannot read ${path} (${error?.code ?? error}): run \`npm run build\` first.`);
		process.exit(1);
	}
}

const { handler: astroHandler } = await importBuilt('entry.mjs');
const { parseRedirectsFile, matchRedirect } = await importBuilt('redirects.mjs');
// Cache rules, and the `_headers` file the build wrote for CDNs (src/integrations/host-headers.ts).
const { CACHE_DAY, CACHE_REVALIDATE, EDITOR_PATH, cacheControlOf, isEditorFile, parseHeadersFile } =
	await importBuilt('headers.mjs');
const { createContactServiceFromEnv } = await importBuilt('contact.mjs');
const redirectRules = parseRedirectsFile(readBuilt('_redirects').toString('utf8'));
/**
 * Security headers of every answer (the `/*` rule of dist/client/_headers) and the
 * Content-Security-Policy of pages (that of the home page's rule: every page has the same), so
 * this server and a CDN send the same.
 */
const hostHeaders = parseHeadersFile(readBuilt('_headers').toString('utf8'));
const securityHeaders = Object.entries(hostHeaders.get('/*') ?? {});
const pagePolicy = hostHeaders.get('/')?.['Content-Security-Policy'];
/** The Speculation-Rules header of pages, and the rule set's own headers (its media type). */
const pageSpeculationRules = hostHeaders.get('/')?.['Speculation-Rules'];
const speculationRulesHeaders = Object.entries(hostHeaders.get('/speculation-rules.json') ?? {});
/** The editor's page and files (/admin): their own policy and headers. */
const editorHeaders = Object.entries(hostHeaders.get(EDITOR_PATH) ?? {});
if (!pagePolicy) {
	console.error(
		`${join(clientDir, '_headers')} has no Content-Security-Policy: run \`npm run build\`.`,
	);
	process.exit(1);
}

/**
 * Adds the Content-Security-Policy to an answer that turns out to be an HTML page, whoever
 * writes it (sirv, the not-found pages, Astro's contact error page). Other answers go without:
 * on an image opened by itself it would block the browser's own viewer styles.
 */
function policyForPages(res) {
	const writeHead = res.writeHead;
	res.writeHead = function (status, ...rest) {
		const headers = rest.find((arg) => typeof arg === 'object' && arg !== null) ?? {};
		const type =
			res.getHeader('Content-Type') ??
			Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
		if (
			String(type ?? '')
				.toLowerCase()
				.startsWith('text/html')
		) {
			res.setHeader('Content-Security-Policy', pagePolicy);
			if (pageSpeculationRules) res.setHeader('Speculation-Rules', pageSpeculationRules);
		} else if (res.req?.url?.split('?')[0] === '/speculation-rules.json') {
			// sirv passes its own Content-Type to writeHead, which wins over setHeader.
			for (const [name, value] of speculationRulesHeaders) {
				for (const key of Object.keys(headers)) {
					if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
				}
				headers[name] = value;
				res.setHeader(name, value);
			}
		}
		return writeHead.call(this, status, ...rest);
	};
}

/** The not-found page of the whole site; it must exist. */
const rootNotFoundPage = readBuilt('404.html');

/**
 * URL paths of the files of dist/client (keys as sirv builds them) and the subset that has a
 * precompressed .br or .gz copy.
 */
function indexFiles(dir) {
	const files = new Set();
	const compressed = new Set();
	/**
	 * Path -> modification time of the file, in whole seconds. Its .br/.gz copies are written
	 * from it later, so a date any of them announced is at or after it.
	 */
	const modified = new Map();
	const walk = (folder) => {
		for (const entry of readdirSync(folder, { withFileTypes: true })) {
			const abs = join(folder, entry.name);
			if (entry.isDirectory()) walk(abs);
			else if (entry.isFile()) {
				const path = '/' + relative(dir, abs).split(sep).join('/').normalize();
				const suffix = COMPRESSED_SUFFIXES.find((s) => path.endsWith(s));
				if (suffix) compressed.add(path.slice(0, -suffix.length));
				else {
					files.add(path);
					modified.set(path, Math.floor(statSync(abs).mtimeMs / 1000));
				}
			}
		}
	};
	walk(dir);
	for (const path of [...files]) {
		const hidden = /\/\.(?!well-known\/)/.test(path) || HIDDEN_FILES.has(path);
		if (hidden) files.delete(path);
	}
	return { files, compressed, modified };
}

const staticIndex = indexFiles(clientDir);

/**
 * Folder -> its own not-found page (e.g. /prodotti -> dist/client/prodotti/404.html), for a
 * section that explains better what is missing ('Categoria non trovata'). As on Cloudflare
 * Pages, the nearest 404.html above the requested path wins; the site's own is the last resort.
 */
const sectionNotFoundPages = new Map(
	[...staticIndex.files]
		.filter((path) => path.endsWith('/404.html') && path !== '/404.html')
		.map((path) => [path.slice(0, -'/404.html'.length), readBuilt(path.slice(1))]),
);

/** The not-found page for a decoded URL path. */
function notFoundPageFor(pathname) {
	for (let dir = pathname.slice(0, pathname.lastIndexOf('/')); dir !== '';) {
		const page = sectionNotFoundPages.get(dir);
		if (page) return page;
		dir = dir.slice(0, dir.lastIndexOf('/'));
	}
	return rootNotFoundPage;
}

/** The file of dist/client that sirv serves for a decoded URL path, in sirv's order, or null. */
function resolveFile(pathname) {
	const base = pathname === '/' ? '' : pathname;
	const candidates = [base, `${base}/index`, `${base}.html`, `${base}/index.html`];
	return candidates.find((path) => path !== '' && staticIndex.files.has(path)) ?? null;
}

/** The Last-Modified date of a file of dist/client, as HTTP writes it. */
function lastModifiedOf(file) {
	return new Date((staticIndex.modified.get(file) ?? 0) * 1000).toUTCString();
}

/**
 * Whether a conditional GET by date can be answered 304: If-Modified-Since at or after the
 * file's date, and no If-None-Match (which wins when both are sent; sirv answers it by ETag).
 */
function notModifiedSince(req, file) {
	if (req.headers['if-none-match'] !== undefined) return false;
	const since = Date.parse(req.headers['if-modified-since'] ?? '');
	if (Number.isNaN(since)) return false;
	return (staticIndex.modified.get(file) ?? Infinity) * 1000 <= since;
}

/** Requests that sirv answers from a file without a compressed copy, so with no Vary header. */
const withoutVariants = new WeakSet();

const serveStatic = sirv(clientDir, {
	dev: false,
	etag: true,
	gzip: true,
	brotli: true,
	extensions: ['html'],
	dotfiles: false,
	setHeaders(res) {
		if (withoutVariants.has(res)) res.removeHeader('Vary');
	},
});

const compress = compression();

/** A local path for a Location header: never `//host` or `/\host`, which leave the site. */
function safeLocation(target) {
	return target.replace(/^[/\\]+/, '/');
}

function redirect(res, location) {
	res.writeHead(301, {
		Location: safeLocation(location),
		'Cache-Control': CACHE_DAY,
		'Content-Length': 0,
	});
	res.end();
}

function sendNotFound(req, res, pathname) {
	const page = notFoundPageFor(pathname);
	res.writeHead(404, {
		'Content-Type': 'text/html; charset=utf-8',
		'Cache-Control': CACHE_REVALIDATE,
		'Content-Length': page.length,
	});
	res.end(req.method === 'HEAD' ? undefined : page);
}

function sendError(res, status, body, allow) {
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

/**
 * Makes a bare server error of Astro (status 5xx without a Content-Type: an endpoint threw and
 * the site has no 500 page) answer the plain JSON error instead of an empty body.
 */
function jsonForBareServerErrors(req, res) {
	const writeHead = res.writeHead;
	res.writeHead = function (status, ...rest) {
		const headers = rest.find((arg) => typeof arg === 'object' && arg !== null) ?? {};
		const typed =
			res.hasHeader('Content-Type') ||
			Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
		if (typeof status !== 'number' || status < 500 || typed) {
			return writeHead.call(this, status, ...rest);
		}
		console.error(`Error answering ${req.method} ${req.url}: status ${status} from Astro`);
		res.writeHead = writeHead;
		const end = res.end;
		res.write = () => true;
		res.end = (...args) => {
			const callback = args.find((arg) => typeof arg === 'function');
			return end.call(res, INTERNAL_ERROR, callback);
		};
		// No Content-Length: the body is replaced, and the compression middleware may encode it.
		res.removeHeader('Content-Length');
		return writeHead.call(this, 500, {
			'Content-Type': 'application/json; charset=utf-8',
			'Cache-Control': 'no-store',
		});
	};
}

/** The contact service of this process; a bad configuration stops the server here. */
let contact;
try {
	contact = createContactServiceFromEnv(process.env, root);
} catch (error) {
	console.error(`Contact service: ${error?.message ?? error}`);
	process.exit(1);
}
contact.start();
console.log(
	contact.simulationMode
		? `Contact messages: simulation mode (no SMTP_HOST), stored in ${contact.dbPath}`
		: `Contact messages: stored in ${contact.dbPath}, e-mailed through ${process.env.SMTP_HOST}`,
);

/** The visitor's address: the socket's, or the one our reverse proxy appended (TRUST_PROXY). */
function clientAddressOf(req) {
	const forwarded = req.headers['x-forwarded-for'];
	if (trustProxy && typeof forwarded === 'string' && forwarded.trim() !== '') {
		return forwarded.split(',').at(-1).trim();
	}
	return req.socket.remoteAddress ?? 'unknown';
}

/** Astro's handler (on-demand routes such as POST /api/contact), compressed. */
function toAstro(req, res) {
	jsonForBareServerErrors(req, res);
	compress(req, res, (error) => {
		if (error) throw error;
		astroHandler(req, res, undefined, { contact, clientAddress: clientAddressOf(req) });
	});
}

function handle(req, res) {
	for (const [name, value] of securityHeaders) res.setHeader(name, value);
	const url = req.url ?? '/';
	if (isEditorFile(url.split('?')[0] ?? '')) {
		for (const [name, value] of editorHeaders) res.setHeader(name, value);
	} else policyForPages(res);
	if (!url.startsWith('/')) {
		sendError(res, 400, JSON.stringify({ error: 'Richiesta non valida' }));
		return;
	}
	const queryAt = url.indexOf('?');
	const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
	const search = queryAt === -1 ? '' : url.slice(queryAt);
	let pathname;
	try {
		pathname = decodeURI(rawPath);
	} catch {
		sendError(res, 400, JSON.stringify({ error: 'Richiesta non valida' }));
		return;
	}

	if (req.method !== 'GET' && req.method !== 'HEAD') {
		if (FORBIDDEN_METHODS.has(req.method ?? '') || resolveFile(pathname) !== null) {
			sendError(res, 405, METHOD_NOT_ALLOWED, 'GET, HEAD');
		} else toAstro(req, res);
		return;
	}

	const legacyTarget = matchRedirect(redirectRules, rawPath);
	if (legacyTarget !== null) {
		redirect(res, legacyTarget + search);
		return;
	}
	if (rawPath.length > 1 && rawPath.endsWith('/')) {
		redirect(res, (rawPath.replace(/\/+$/, '') || '/') + search);
		return;
	}

	const file = resolveFile(pathname);
	if (file !== null) {
		res.setHeader('Cache-Control', cacheControlOf(file));
		if (notModifiedSince(req, file)) {
			res.writeHead(304, { 'Last-Modified': lastModifiedOf(file) });
			res.end();
			return;
		}
		// Byte ranges are not served: the site's files are small, and a Range header is ignored
		// (RFC 9110 §14.2), so every answer is the whole file with 200, never a wrong slice.
		delete req.headers.range;
		if (staticIndex.compressed.has(file)) res.setHeader('Vary', 'Accept-Encoding');
		else withoutVariants.add(res);
		serveStatic(req, res, () => compress(req, res, () => sendNotFound(req, res, pathname)));
		return;
	}
	if (pathname.startsWith('/api/')) {
		toAstro(req, res);
		return;
	}
	compress(req, res, () => sendNotFound(req, res, pathname));
}

const server = http.createServer(
	{
		headersTimeout,
		requestTimeout,
		// How often Node looks for clients past those limits (its default, 30 s, would let a slow
		// client hold a connection far longer than the limits say).
		connectionsCheckingInterval: Math.min(5_000, Math.ceil(headersTimeout / 4)),
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

server.maxConnections = maxConnections;

// CONNECT never reaches the request handler: Node hands over the socket. It gets the same 405.
server.on('connect', (req, socket) => {
	socket.on('error', () => undefined);
	socket.end(
		'HTTP/1.1 405 Method Not Allowed\r\n' +
			'Content-Type: application/json; charset=utf-8\r\n' +
			`Content-Length: ${Buffer.byteLength(METHOD_NOT_ALLOWED)}\r\n` +
			'Allow: GET, HEAD\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
			METHOD_NOT_ALLOWED,
	);
});

server.on('error', (error) => {
	console.error(`Cannot listen on ${host}:${port}:`, error.message);
	process.exit(1);
});

server.listen(port, host, () => {
	const shownHost = host.includes(':') ? `[${host}]` : host;
	console.log(`Server listening on http://${shownHost}:${port}`);
});

let closing = false;
/** Stops accepting connections, lets running requests finish (at most 10 s), then exits. */
function shutdown(signal) {
	if (closing) return;
	closing = true;
	console.log(`${signal} received: closing the server…`);
	server.close((error) => {
		contact.close().finally(() => process.exit(error ? 1 : 0));
	});
	server.closeIdleConnections();
	setTimeout(() => {
		server.closeAllConnections();
		process.exit(0);
	}, 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
