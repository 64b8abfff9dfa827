/**
 * The not-found pages: dist/client/404.html, or the nearest section's own (e.g.
 * dist/client/prodotti/404.html, 'Categoria non trovata') when there is one. As on Cloudflare
 * Pages, the nearest 404.html above the requested path wins; the site's own is the last resort.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CACHE_REVALIDATE } from '../lib/http/headers';

/** Folder (e.g. /prodotti) -> its own not-found page. */
export type SectionPages = ReadonlyMap<string, NotFoundPage>;

/** The encodings a not-found page may be sent in, besides none. */
export type Encoding = 'br' | 'gzip';

/**
 * A not-found page and its precompressed copies (the build's .br and .gz, when it kept them).
 * Sent as they are, so a HEAD announces the very length its GET sends.
 */
export interface NotFoundPage {
	identity: Buffer;
	br?: Buffer | undefined;
	gzip?: Buffer | undefined;
}

/** The file of a section's (or the site's) not-found page, served only with status 404. */
export function isNotFoundFile(file: string): boolean {
	return file === '/404.html' || file.endsWith('/404.html');
}

/** The folders of dist/client that have their own 404.html, from the URL paths of its files. */
export function sectionFolders(files: Iterable<string>): string[] {
	return [...files]
		.filter((path) => path.endsWith('/404.html') && path !== '/404.html')
		.map((path) => path.slice(0, -'/404.html'.length));
}

/** The not-found page for a decoded URL path. */
export function notFoundPageFor<T>(
	sections: ReadonlyMap<string, T>,
	rootPage: T,
	pathname: string,
): T {
	for (let dir = pathname.slice(0, pathname.lastIndexOf('/')); dir !== '';) {
		const page = sections.get(dir);
		if (page) return page;
		dir = dir.slice(0, dir.lastIndexOf('/'));
	}
	return rootPage;
}

/**
 * The encoding to send, of those available, for an Accept-Encoding header: brotli before gzip,
 * as the static files are, and none that the client refuses with q=0.
 */
export function chooseEncoding(
	acceptEncoding: string | undefined,
	available: readonly Encoding[],
): Encoding | undefined {
	const accepted = new Map<string, number>();
	for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
		const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
		if (name === '') continue;
		const q = params.find((param) => param.startsWith('q='));
		const weight = q === undefined ? 1 : Number(q.slice(2));
		accepted.set(name, Number.isFinite(weight) ? weight : 0);
	}
	const weightOf = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
	return (['br', 'gzip'] as const).find((name) => available.includes(name) && weightOf(name) > 0);
}

/** Answers 404 with the not-found page for the path, compressed when the client takes it. */
export function sendNotFound(req: IncomingMessage, res: ServerResponse, page: NotFoundPage): void {
	const available = (['br', 'gzip'] as const).filter((name) => page[name] !== undefined);
	const encoding = chooseEncoding(req.headers['accept-encoding'], available);
	const body = (encoding && page[encoding]) ?? page.identity;
	res.writeHead(404, {
		'Content-Type': 'text/html; charset=utf-8',
		'Cache-Control': CACHE_REVALIDATE,
		'Content-Length': body.length,
		...(available.length > 0 ? { Vary: 'Accept-Encoding' } : {}),
		...(encoding ? { 'Content-Encoding': encoding } : {}),
	});
	res.end(req.method === 'HEAD' ? undefined : body);
}
