import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../../../scripts/start-server.mjs';
import { rawRequest, useSimulationServer, type RawResponse } from './contact';

/** A staff route of the source tree, as the server answers it. */
export interface StaffRoute {
	/** The file, relative to the repository. */
	file: string;
	/** The path to request, with `1` for each dynamic segment. */
	path: string;
	/** A page (.astro) or an API route (.ts). */
	kind: 'page' | 'api';
	/** The methods the file exports (an API route); GET for a page. */
	methods: string[];
	/** Sign-in routes answer without a session (the pages to sign in, and their API). */
	public: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function filesUnder(dir: string): string[] {
	let entries: string[];
	try {
		entries = readdirSync(dir);
	} catch {
		return [];
	}
	return entries.flatMap((entry) => {
		const path = join(dir, entry);
		return statSync(path).isDirectory() ? filesUnder(path) : [path];
	});
}

/**
 * Every page under src/pages/gestione and every route under src/pages/api/gestione, read from
 * the source tree: a route added later is covered without touching the tests.
 */
export function staffRoutes(): StaffRoute[] {
	const pages = join(ROOT, 'src/pages');
	return [...filesUnder(join(pages, 'gestione')), ...filesUnder(join(pages, 'api/gestione'))]
		.filter((file) => /\.(astro|ts)$/.test(file))
		.map((file) => {
			const route = relative(pages, file)
				.replace(/\.(astro|ts)$/, '')
				.replace(/(^|\/)index$/, '')
				.replace(/\[\.\.\.[^\]]+\]/g, '1')
				.replace(/\[[^\]]+\]/g, '1');
			const path = `/${route}`;
			const kind = file.endsWith('.astro') ? 'page' : 'api';
			const source = readFileSync(file, 'utf8');
			const methods =
				kind === 'page'
					? ['GET']
					: METHODS.filter((method) =>
							new RegExp(
								`export\\s+(const|async function|function)\\s+${method}\\b|export\\s+const\\s*\\{[^}]*\\b${method}\\b`,
							).test(source),
						);
			const isPublic =
				/^\/gestione\/(accesso|attiva)$/.test(path) || path.startsWith('/api/gestione/auth/');
			return { file: relative(ROOT, file), path, kind, methods, public: isPublic };
		});
}

/** The built server with a temporary database; `env` adds variables (e.g. STAFF_RATE_LIMIT). */
export const useStaffServer = useSimulationServer;

/** A request to the staff area, from the site itself unless `headers` says otherwise. */
export function staffRequest(
	url: string,
	path: string,
	{
		method = 'GET',
		cookie,
		body,
		headers = {},
		origin = url,
	}: {
		method?: string;
		cookie?: string;
		body?: unknown;
		headers?: Record<string, string>;
		/** The Origin a browser would send on a non-GET request; null sends none. */
		origin?: string | null;
	} = {},
): Promise<RawResponse> {
	return rawRequest(`${url}${path}`, {
		method,
		headers: {
			Accept: 'application/json',
			...(method === 'GET' || method === 'HEAD' || origin === null ? {} : { Origin: origin }),
			...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
			...(cookie ? { Cookie: cookie } : {}),
			...headers,
		},
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
}

/** The headers every staff answer carries. */
export function expectPrivate(response: RawResponse): void {
	if (response.headers['cache-control'] !== 'no-store') {
		throw new Error(`Cache-Control is ${String(response.headers['cache-control'])}, not no-store`);
	}
	if (response.headers['x-robots-tag'] !== 'noindex') {
		throw new Error(`X-Robots-Tag is ${String(response.headers['x-robots-tag'])}, not noindex`);
	}
}
