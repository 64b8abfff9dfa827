/**
 * The one place that sets the headers of every answer, whoever writes it (sirv, the not-found
 * pages, Astro): the security headers of dist/client/_headers (the `/*` rule), the editor's own
 * (/admin), and, when the status line is written, the Content-Security-Policy of pages and the
 * JSON body of a bare server error of Astro. Read from the `_headers` file the build wrote for
 * CDNs (src/integrations/host-headers.ts), so this server and a CDN send the same.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { EDITOR_PATH, isEditorFile, parseHeadersFile } from '../lib/http/headers';
import { INTERNAL_ERROR } from './responses';
import { scrubPath } from '../lib/http/scrub';

type Entries = [string, string][];

/** The headers of dist/client/_headers the server sends. */
export interface HostHeaders {
	/** Every answer's (the `/*` rule). */
	security: Entries;
	/** The Content-Security-Policy of pages (the home page's: every page has the same). */
	pagePolicy: string;
	/** The Cross-Origin-Opener-Policy of pages (the home page's). */
	pageOpenerPolicy: string | undefined;
	/** The editor's page and files (/admin): their own policy and headers. */
	editorHeaders: Entries;
}

/** The headers the server sends, from the text of `_headers`; null without a page policy. */
export function hostHeadersFrom(text: string): HostHeaders | null {
	const rules = parseHeadersFile(text);
	const pagePolicy = rules.get('/')?.['Content-Security-Policy'];
	if (!pagePolicy) return null;
	return {
		security: Object.entries(rules.get('/*') ?? {}),
		pagePolicy,
		pageOpenerPolicy: rules.get('/')?.['Cross-Origin-Opener-Policy'],
		editorHeaders: Object.entries(rules.get(EDITOR_PATH) ?? {}),
	};
}

/** What may still change for an answer once its headers are set up. */
export interface AnswerControl {
	/**
	 * Makes a bare server error (status 5xx without a Content-Type: an endpoint of Astro threw
	 * and the site has no 500 page) answer the plain JSON error instead of an empty body.
	 */
	bareErrorsAsJson: boolean;
}

function headerOf(headers: OutgoingHttpHeaders, name: string): unknown {
	return Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** Sets the headers of an answer now, and those that depend on what it turns out to be later. */
export function setAnswerHeaders(
	req: IncomingMessage,
	res: ServerResponse,
	host: HostHeaders,
): AnswerControl {
	const control: AnswerControl = { bareErrorsAsJson: false };
	for (const [name, value] of host.security) res.setHeader(name, value);
	const path = (req.url ?? '/').split('?')[0] ?? '';
	const editor = isEditorFile(path);
	if (editor) for (const [name, value] of host.editorHeaders) res.setHeader(name, value);

	/** Content-Security-Policy on HTML only: on an image opened by itself it would block the
	 * browser's own viewer styles. */
	const addPageHeaders = (headers: OutgoingHttpHeaders): void => {
		const type = res.getHeader('Content-Type') ?? headerOf(headers, 'content-type');
		const text = Array.isArray(type)
			? type.join(',')
			: typeof type === 'string' || typeof type === 'number'
				? String(type)
				: '';
		if (text.toLowerCase().startsWith('text/html')) {
			res.setHeader('Content-Security-Policy', host.pagePolicy);
			// An answer's own policy wins (the editor's sign-in window needs none). It may already
			// be set on `res`: the compression middleware moves the headers given to writeHead there.
			const own =
				res.hasHeader('Cross-Origin-Opener-Policy') ||
				headerOf(headers, 'cross-origin-opener-policy') !== undefined;
			if (host.pageOpenerPolicy && !own) {
				res.setHeader('Cross-Origin-Opener-Policy', host.pageOpenerPolicy);
			}
		}
	};

	const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
	res.writeHead = function (status: number, ...rest: unknown[]) {
		let args: unknown[] = [status, ...rest];
		let headers: OutgoingHttpHeaders =
			rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null) ?? {};
		const typed =
			res.hasHeader('Content-Type') ||
			Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
		if (control.bareErrorsAsJson && typeof status === 'number' && status >= 500 && !typed) {
			control.bareErrorsAsJson = false;
			console.error(
				`Error answering ${req.method} ${scrubPath(req.url)}: status ${status} from Astro`,
			);
			const end = res.end.bind(res) as (chunk: string, callback?: unknown) => ServerResponse;
			res.write = () => true;
			res.end = ((...endArgs: unknown[]) => {
				const callback = endArgs.find((arg) => typeof arg === 'function');
				return end(INTERNAL_ERROR, callback);
			}) as ServerResponse['end'];
			// No Content-Length: the body is replaced, and the compression middleware may encode it.
			res.removeHeader('Content-Length');
			headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
			args = [500, headers];
		}
		if (!editor) addPageHeaders(headers);
		return writeHead(...args);
	};
	return control;
}
