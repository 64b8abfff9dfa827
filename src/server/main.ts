/**
 * Production server, built by scripts/compile-server.mjs (esbuild) into dist/server/serve.mjs:
 * `npm run serve` runs it after `npm run build` (`npm start` does both).
 *
 * One implementation of the legacy redirects. src/lib/redirects.ts holds the rules and the
 * matcher. The build writes the rules to dist/client/_redirects (for CDNs, through the
 * prerendered endpoint src/pages/[hostFile].ts); this server, bundling the same module, reads
 * the rules back from dist/client/_redirects, so the file a CDN applies and the answers of this
 * server cannot drift apart. The same goes for the headers (dist/client/_headers, read by
 * response-headers.ts). Rejected: running TypeScript directly (Node 20 cannot strip types) and
 * compiling at start-up (needs the compiler and the sources in production).
 *
 * Order of handling (handler.ts):
 *   0. /api/health, any method but the forbidden ones       -> the Node server's own answer
 *                                                              (operations/health.ts; 405 but GET/HEAD)
 *   1. GET/HEAD of a legacy address (dist/client/_redirects)  -> 301, query string kept
 *   2. GET/HEAD of /x/ (any path but /)                        -> 301 to /x, query string kept
 *   0. TRACE, TRACK, CONNECT anywhere                          -> 405 (never reach Astro)
 *   3. GET/HEAD of a file of dist/client (sirv, precompressed .br/.gz, /x serves x.html;
 *      ETag or If-Modified-Since -> 304; Range ignored, always 200 with the whole file);
 *      other methods on those files -> 405                     (static-files.ts)
 *   4. other methods, and /api/... paths that are not files,   -> Astro's handler, compressed
 *      and the on-demand pages (/gestione…, SERVER_ROUTES)         (astro-bridge.ts)
 *   5. GET/HEAD of anything else                               -> 404 with dist/client/404.html
 *      (or the nearest section's own, e.g. dist/client/prodotti/404.html, when there is one;
 *      not-found.ts), sent precompressed as the files are; /404 and /404.html themselves too
 * A request Node's parser refuses (a method HTTP does not know, such as TRACK; headers too long;
 * too slow) never reaches the handler: lifecycle.ts answers it with JSON and the security headers.
 * Any unexpected error answers a plain 500 JSON and is logged; there is never a stack trace.
 *
 * The services (src/server/services/index.ts, one per thing) are created here at start-up, one
 * set per process, so the outbox's retry loop sends the e-mails a previous run left unsent
 * without waiting for a first visitor. Reservations are checked against the build served, whose
 * company name signs the e-mails (src/server/reservations/catalogue.ts: dist/client/api/ritiro.json,
 * dist/client/api/product/). Astro's handler gets them as `locals.services` (with
 * `locals.clientAddress` and `locals.publicOrigin`).
 *
 * Environment: PORT (4321), HOST (127.0.0.1), DIST_DIR (the build this file is part of, e.g.
 * <repo>/dist; tests point it elsewhere), TRUSTED_PROXIES (the proxies whose X-Forwarded-For is
 * believed; the older TRUST_PROXY=1 means the loopback: core/server-settings.ts), PROXY_SECRET (the CDN
 * function's secret: a request with it names the visitor in X-Visitor-IP), PUBLIC_ORIGIN
 * (the address visitors use, allowed as Origin), GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET,
 * GITHUB_OAUTH_URL and GITHUB_OAUTH_SCOPE (the editor's sign-in), SERVER_HEADERS_TIMEOUT_MS
 * (10000), SERVER_REQUEST_TIMEOUT_MS (30000), SERVER_MAX_CONNECTIONS (1000),
 * SERVER_MAX_CONNECTIONS_PER_ADDRESS (50), the health check's
 * HEALTH_EMAIL_MAX_WAIT_S and the stop's SERVER_STOP_REQUESTS_MS, SERVER_STOP_EMAILS_MS
 * (core/settings.ts), and the contact service's variables (docs/operations.md), whose relative paths
 * resolve against the folder that holds the build (the project folder).
 *
 * Logs: one JSON line per event on standard output, through pino (core/log.ts): each request (its
 * path scrubbed of keys), each e-mail attempt, and every console line of the process.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { parseRedirectsFile } from '../lib/redirects';
import { hostHeadersFrom } from './response-headers';
import { createAstroBridge, type AstroHandler, type Compress } from './astro-bridge';
import { buildDirs, importBuilt, readBuilt, readBuiltIfAny, stop } from './built';
import { createSecretWatch, proxyTrust } from './client-address';
import {
	createSubmissionServicesFromEnv,
	REGISTRY,
	type Services,
	type SubmissionServices,
} from './services';
import { filePickupCatalogue, type PickupCatalogue } from './reservations';
import {
	ServerConfigError,
	serverSettingsFromEnv,
	type ServerSettings,
} from './core/server-settings';
import { oauthSettingsFromEnv, type OAuthSettings } from './editor-auth';
import { createHandler } from './handler';
import { capConnectionsPerAddress, closeOnSignals, createServer, listen } from './lifecycle';
import { notFoundPageFor, sectionFolders, sendNotFound, type NotFoundPage } from './not-found';
import { createHealthRoute } from './operations';
import { createJsonLog } from './core/log';
import { opsSettingsFromEnv, type OpsSettings } from './core/settings';
import { createStaffServiceFromEnv, type StaffService } from './staff';
import { createStaticFiles } from './static-files';

/**
 * One JSON line per event (core/log.ts): requests, e-mail attempts, and whatever the process
 * writes with `console`, Astro's error messages included.
 */
const log = createJsonLog();
log.routeConsole();

// The adapter runs in middleware mode (astro.config.mjs), whose entry never starts a server of
// its own; should it be switched back to standalone, this keeps that server from starting.
process.env['ASTRO_NODE_AUTOSTART'] = 'disabled';

/** This file is dist/server/serve.mjs: the build is one folder up, the project two. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const dirs = buildDirs(resolve(process.env['DIST_DIR'] ?? join(root, 'dist')));

let settings: ServerSettings;
let ops: OpsSettings;
/** The editor's GitHub sign-in (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET), or null when unset. */
let oauth: OAuthSettings | null;
try {
	settings = serverSettingsFromEnv(process.env);
	ops = opsSettingsFromEnv(process.env);
	oauth = oauthSettingsFromEnv(process.env, settings.publicOrigin);
} catch (error) {
	if (!(error instanceof ServerConfigError)) throw error;
	stop(error.message);
}

const { handler: astroHandler } = (await importBuilt(dirs, 'entry.mjs')) as {
	handler: AstroHandler;
};
const redirectRules = parseRedirectsFile(readBuilt(dirs, '_redirects').toString('utf8'));
const hostHeaders =
	hostHeadersFrom(readBuilt(dirs, '_headers').toString('utf8')) ??
	stop(`${join(dirs.client, '_headers')} has no Content-Security-Policy: run \`npm run build\`.`);

const staticFiles = createStaticFiles(dirs.client);
/** A not-found page with the compressed copies the build kept. */
const notFoundPage = (file: string): NotFoundPage => ({
	identity: readBuilt(dirs, file),
	br: readBuiltIfAny(dirs, `${file}.br`),
	gzip: readBuiltIfAny(dirs, `${file}.gz`),
});
/** The not-found page of the whole site (it must exist), and those of sections. */
const rootNotFoundPage = notFoundPage('404.html');
const sectionNotFoundPages = new Map(
	sectionFolders(staticFiles.index.files).map((dir) => [
		dir,
		notFoundPage(`${dir.slice(1)}/404.html`),
	]),
);

/**
 * The settings and products reservations are checked against, and whose company name signs the
 * e-mails: dist/client/api/ritiro.json and the folder of dist/client/api/product/.
 */
let pickup: PickupCatalogue;
try {
	pickup = filePickupCatalogue(dirs.client);
} catch (error) {
	stop(
		`Pickup catalogue: ${error instanceof Error ? error.message : String(error)} (run \`npm run build\`).`,
	);
}

/** The contact service of this process; a bad configuration stops the server here. */
let submissions: SubmissionServices;
try {
	submissions = createSubmissionServicesFromEnv(process.env, root, pickup, {
		log: log.consoleLog,
		onEmailAttempt: log.emailAttempt,
	});
} catch (error) {
	stop(`Contact service: ${error instanceof Error ? error.message : String(error)}`);
}
const { outbox } = submissions;
outbox.start();
console.log(
	outbox.simulationMode
		? `Contact messages: simulation mode (no SMTP_HOST), stored in ${outbox.dbPath}`
		: `Contact messages: stored in ${outbox.dbPath}, e-mailed through ${process.env['SMTP_HOST']}`,
);

/**
 * The staff area's service on the same database file: sessions, passkeys, one-time links
 * (staff/service.ts); Astro's handler gets it as `locals.services.staff`.
 */
let staff: StaffService;
try {
	staff = createStaffServiceFromEnv(process.env, root, REGISTRY);
} catch (error) {
	stop(`Staff area: ${error instanceof Error ? error.message : String(error)}`);
}

/** Every service of the process, by thing: Astro's handler gets them as `locals.services`. */
const services: Services = { ...submissions, staff, editorAuth: oauth };

for (const warning of settings.warnings) log.consoleLog.warn(warning);

/** Which hops are believed about the client's address, and the watch on the CDN's secret. */
const trust = proxyTrust(settings);
const secretWatch = createSecretWatch(settings.proxySecret, (message) =>
	log.consoleLog.warn(message),
);

/** Compression of Astro's answers (files and the not-found pages are precompressed). */
const compress = compression() as unknown as Compress;
const handle = createHandler({
	hostHeaders,
	redirectRules,
	staticFiles,
	notFoundPage: (pathname) => notFoundPageFor(sectionNotFoundPages, rootNotFoundPage, pathname),
	sendNotFound,
	toAstro: createAstroBridge(astroHandler, compress, services, trust, settings.publicOrigin),
	nodeRoutes: new Map([
		[
			'/api/health',
			createHealthRoute({
				facts: () => outbox.health(ops.emailMaxWaitMs, 250),
				proxySecretMismatch: () => secretWatch.mismatch(),
				minIntervalMs: ops.healthMinIntervalMs,
			}),
		],
	]),
});

const server = createServer(settings, handle, hostHeaders.security, (req, res) => {
	log.request(req, res);
	secretWatch.observe(req.headers);
});
capConnectionsPerAddress(server, {
	maxPerAddress: settings.maxConnectionsPerAddress,
	isExempt: trust.isTrustedProxy,
	warn: (message) => log.consoleLog.warn(message),
});
listen(server, settings);
closeOnSignals(
	server,
	async () => {
		await outbox.close(ops.stopEmailsMs);
		staff.close();
	},
	{ requestsMs: ops.stopRequestsMs },
);
