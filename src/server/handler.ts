/**
 * The request handler, in the order documented in main.ts: the path checks, forbidden methods,
 * legacy redirects, trailing slashes, files, Astro, not-found pages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isServerRoute } from '../lib/http/server-routes';
import { matchRedirect, type RedirectRule } from '../lib/redirects';
import { setAnswerHeaders, type HostHeaders } from './response-headers';
import type { ToAstro } from './astro-bridge';
import { isNotFoundFile, type NotFoundPage } from './not-found';
import { BAD_REQUEST, METHOD_NOT_ALLOWED, redirect, sendError } from './responses';
import type { StaticFiles } from './static-files';

/**
 * Methods that never reach Astro: the Fetch standard forbids them (Astro's Request would throw),
 * and no route of the site answers them.
 */
export const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** What the handler needs, loaded once at start-up. */
export interface Site {
	hostHeaders: HostHeaders;
	redirectRules: readonly RedirectRule[];
	staticFiles: StaticFiles;
	/** The not-found page for a decoded URL path. */
	notFoundPage(pathname: string): NotFoundPage;
	sendNotFound(req: IncomingMessage, res: ServerResponse, page: NotFoundPage): void;
	toAstro: ToAstro;
	/** Paths the Node server answers itself, any method (e.g. /api/health). */
	nodeRoutes?: ReadonlyMap<string, (req: IncomingMessage, res: ServerResponse) => void>;
}

/** A request target split into its raw path and query string (with its `?`). */
export function splitTarget(url: string): { rawPath: string; search: string } {
	const queryAt = url.indexOf('?');
	return {
		rawPath: queryAt === -1 ? url : url.slice(0, queryAt),
		search: queryAt === -1 ? '' : url.slice(queryAt),
	};
}

/** The address without its trailing slashes, for a path other than / that has any; else null. */
export function withoutTrailingSlash(rawPath: string): string | null {
	if (rawPath.length <= 1 || !rawPath.endsWith('/')) return null;
	return rawPath.replace(/\/+$/, '') || '/';
}

export function createHandler(site: Site) {
	const notFound = (req: IncomingMessage, res: ServerResponse, pathname: string) => () =>
		site.sendNotFound(req, res, site.notFoundPage(pathname));

	return function handle(req: IncomingMessage, res: ServerResponse): void {
		const answer = setAnswerHeaders(req, res, site.hostHeaders);
		const url = req.url ?? '/';
		if (!url.startsWith('/')) {
			sendError(res, 400, BAD_REQUEST);
			return;
		}
		const { rawPath, search } = splitTarget(url);
		let pathname: string;
		try {
			pathname = decodeURI(rawPath);
		} catch {
			sendError(res, 400, BAD_REQUEST);
			return;
		}

		const nodeRoute = site.nodeRoutes?.get(pathname);
		if (nodeRoute && !FORBIDDEN_METHODS.has(req.method ?? '')) {
			nodeRoute(req, res);
			return;
		}

		if (req.method !== 'GET' && req.method !== 'HEAD') {
			if (FORBIDDEN_METHODS.has(req.method ?? '') || site.staticFiles.resolve(pathname) !== null) {
				sendError(res, 405, METHOD_NOT_ALLOWED, 'GET, HEAD');
			} else site.toAstro(req, res, answer);
			return;
		}

		const legacyTarget = matchRedirect(site.redirectRules, rawPath);
		if (legacyTarget !== null) {
			redirect(res, legacyTarget + search);
			return;
		}
		const trimmed = withoutTrailingSlash(rawPath);
		if (trimmed !== null) {
			redirect(res, trimmed + search);
			return;
		}

		const file = site.staticFiles.resolve(pathname);
		// A not-found page asked for by its own address is still a page that is not there.
		if (file !== null && !isNotFoundFile(file)) {
			site.staticFiles.serve(req, res, file, notFound(req, res, pathname));
			return;
		}
		// The API and the on-demand pages (the staff area, the customer's link) are Astro's, which
		// answers the site's own not-found page for a path it has no page for.
		if (pathname.startsWith('/api/') || isServerRoute(pathname)) {
			site.toAstro(req, res, answer);
			return;
		}
		notFound(req, res, pathname)();
	};
}
