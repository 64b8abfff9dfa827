/**
 * The files of dist/client, served by sirv: precompressed .br/.gz copies, /x serves x.html,
 * ETag or If-Modified-Since -> 304, and byte ranges ignored (always 200 with the whole file).
 */
import { readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import sirv from 'sirv';
import { cacheControlOf } from '../lib/http/headers';

/** Files of dist/client that are not served (CDNs do not publish `_redirects` and `_headers` either). */
const HIDDEN_FILES = new Set(['/_redirects', '/_headers']);
const COMPRESSED_SUFFIXES = ['.br', '.gz'];

/** The files of a folder as URL paths (keys as sirv builds them). */
export interface FileIndex {
	files: Set<string>;
	/** The files that have a precompressed .br or .gz copy. */
	compressed: Set<string>;
	/**
	 * Path -> modification time of the file, in whole seconds. Its .br/.gz copies are written
	 * from it later, so a date any of them announced is at or after it.
	 */
	modified: Map<string, number>;
}

/** Whether a URL path is a dot file (but /.well-known/) or one of HIDDEN_FILES. */
export function isHiddenFile(path: string): boolean {
	return /\/\.(?!well-known\/)/.test(path) || HIDDEN_FILES.has(path);
}

/** Indexes the files under `dir`. */
export function indexFiles(dir: string): FileIndex {
	const index: FileIndex = { files: new Set(), compressed: new Set(), modified: new Map() };
	const walk = (folder: string): void => {
		for (const entry of readdirSync(folder, { withFileTypes: true })) {
			const abs = join(folder, entry.name);
			if (entry.isDirectory()) walk(abs);
			else if (entry.isFile()) {
				const path = '/' + relative(dir, abs).split(sep).join('/').normalize();
				const suffix = COMPRESSED_SUFFIXES.find((s) => path.endsWith(s));
				if (suffix) index.compressed.add(path.slice(0, -suffix.length));
				else {
					index.files.add(path);
					index.modified.set(path, Math.floor(statSync(abs).mtimeMs / 1000));
				}
			}
		}
	};
	walk(dir);
	for (const path of [...index.files]) if (isHiddenFile(path)) index.files.delete(path);
	return index;
}

/** The file that sirv serves for a decoded URL path, in sirv's order, or null. */
export function resolveFile(files: ReadonlySet<string>, pathname: string): string | null {
	const base = pathname === '/' ? '' : pathname;
	const candidates = [base, `${base}/index`, `${base}.html`, `${base}/index.html`];
	return candidates.find((path) => path !== '' && files.has(path)) ?? null;
}

/**
 * Whether a conditional GET by date can be answered 304: If-Modified-Since at or after the
 * file's date (in whole seconds, or undefined when unknown), and no If-None-Match (which wins
 * when both are sent; sirv answers it by ETag).
 */
export function notModifiedSince(
	headers: IncomingMessage['headers'],
	modifiedSeconds: number | undefined,
): boolean {
	if (headers['if-none-match'] !== undefined) return false;
	const since = Date.parse(headers['if-modified-since'] ?? '');
	if (Number.isNaN(since)) return false;
	return (modifiedSeconds ?? Infinity) * 1000 <= since;
}

/** Serves the files of dist/client. */
export interface StaticFiles {
	index: FileIndex;
	/** The file for a decoded URL path, or null. */
	resolve(pathname: string): string | null;
	/** Answers with a file that `resolve` found; `notFound` runs when sirv cannot serve it. */
	serve(req: IncomingMessage, res: ServerResponse, file: string, notFound: () => void): void;
}

export function createStaticFiles(clientDir: string): StaticFiles {
	const index = indexFiles(clientDir);
	/** Requests that sirv answers from a file without a compressed copy, so with no Vary header. */
	const withoutVariants = new WeakSet<ServerResponse>();
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
	return {
		index,
		resolve: (pathname) => resolveFile(index.files, pathname),
		serve(req, res, file, notFound) {
			res.setHeader('Cache-Control', cacheControlOf(file));
			if (notModifiedSince(req.headers, index.modified.get(file))) {
				const seconds = index.modified.get(file) ?? 0;
				res.writeHead(304, { 'Last-Modified': new Date(seconds * 1000).toUTCString() });
				res.end();
				return;
			}
			// Byte ranges are not served: the site's files are small, and a Range header is ignored
			// (RFC 9110 §14.2), so every answer is the whole file with 200, never a wrong slice.
			delete req.headers.range;
			if (index.compressed.has(file)) res.setHeader('Vary', 'Accept-Encoding');
			else withoutVariants.add(res);
			serveStatic(req, res, notFound);
		},
	};
}
