/**
 * The not-found pages: dist/client/404.html, or the nearest section's own (e.g.
 * dist/client/prodotti/404.html, 'Categoria non trovata') when there is one. As on Cloudflare
 * Pages, the nearest 404.html above the requested path wins; the site's own is the last resort.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CACHE_REVALIDATE } from '../lib/http/headers';

/** Folder (e.g. /prodotti) -> its own not-found page. */
export type SectionPages = ReadonlyMap<string, Buffer>;

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

/** Answers 404 with the not-found page for the path (no body for HEAD). */
export function sendNotFound(req: IncomingMessage, res: ServerResponse, page: Buffer): void {
	res.writeHead(404, {
		'Content-Type': 'text/html; charset=utf-8',
		'Cache-Control': CACHE_REVALIDATE,
		'Content-Length': page.length,
	});
	res.end(req.method === 'HEAD' ? undefined : page);
}
