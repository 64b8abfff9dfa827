import { buildRedirectRules, matchRedirect } from '../../src/lib/redirects';

/** An address, linked from the site, that does not work; and the pages linking to it. */
export interface BrokenLink {
	readonly address: string;
	readonly problem: string;
	readonly foundOn: readonly string[];
}

export interface CrawlResult {
	/** Paths (with query, if any) of the HTML pages reached, in crawl order. */
	readonly pages: readonly string[];
	/** Every address reached, HTML or not. */
	readonly visited: readonly string[];
	/** The HTML of each page reached, by its path. */
	readonly html: ReadonlyMap<string, string>;
	readonly broken: readonly BrokenLink[];
}

/** Legacy addresses of the old site: the only ones allowed to answer with a redirect. */
const legacyRules = buildRedirectRules({});
const MAX_ADDRESSES = 5000;
const PARALLEL = 8;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

/** Decodes the few HTML entities that can appear in an attribute value. */
function decodeEntities(value: string): string {
	return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
		if (name.startsWith('#x') || name.startsWith('#X')) {
			return String.fromCodePoint(parseInt(name.slice(2), 16));
		}
		if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
		return ENTITIES[name.toLowerCase()] ?? entity;
	});
}

/** The href values of the `<a>` elements of an HTML document (comments and scripts left out). */
export function extractLinks(html: string): string[] {
	const markup = html
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '');
	const hrefs: string[] = [];
	for (const tag of markup.matchAll(/<a\b[^>]*>/gi)) {
		const match = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(tag[0]);
		const raw = match?.[1] ?? match?.[2] ?? match?.[3];
		if (raw !== undefined) hrefs.push(decodeEntities(raw.trim()));
	}
	return hrefs;
}

/** The same-origin address (path and query, no fragment) an href points to, or null. */
export function toLocalAddress(href: string, pageUrl: URL): string | null {
	if (href === '' || href.startsWith('#')) return null;
	let url: URL;
	try {
		url = new URL(href, pageUrl);
	} catch {
		return null;
	}
	if (url.origin !== pageUrl.origin) return null;
	return url.pathname + url.search;
}

/**
 * Visits the site served at `base` (e.g. http://127.0.0.1:4399) from `start`, following every
 * same-origin `<a href>` of every HTML page, with plain HTTP requests (no browser). A link is
 * broken when it does not answer 200; a redirect is accepted only from a legacy address
 * (src/lib/redirects.ts), and its target must answer 200 in turn.
 */
export async function crawlSite(base: string, start = '/'): Promise<CrawlResult> {
	const origin = new URL('http://crawl.invalid');
	const pages: string[] = [];
	const html = new Map<string, string>();
	const visited: string[] = [];
	const problems = new Map<string, string>();
	/** Address -> the pages linking to it (a redirect target: the pages linking to the old address). */
	const referrers = new Map<string, Set<string>>();
	const queue: string[] = [];

	const enqueue = (address: string, foundOn: string) => {
		const known = referrers.get(address);
		if (known) {
			known.add(foundOn);
			return;
		}
		if (referrers.size >= MAX_ADDRESSES) return;
		referrers.set(address, new Set([foundOn]));
		queue.push(address);
	};

	const visit = async (address: string) => {
		visited.push(address);
		let response;
		try {
			response = await fetch(new URL(address, base), { redirect: 'manual' });
		} catch (error) {
			problems.set(address, `request failed: ${String(error)}`);
			return;
		}
		const status = response.status;
		const isHtml = (response.headers.get('content-type') ?? '').includes('text/html');
		// Only a page's body is read; any other is let go, freeing the connection.
		if (status !== 200 || !isHtml) await response.body?.cancel();
		if (status >= 300 && status < 400) {
			const location = response.headers.get('location') ?? '';
			const target = toLocalAddress(location, new URL(address, origin));
			if (matchRedirect(legacyRules, new URL(address, origin).pathname) === null) {
				problems.set(address, `${status} redirect to ${location}`);
			} else if (target === null) {
				problems.set(address, `redirect off-site: ${location}`);
			} else {
				enqueue(target, `(redirect from ${address})`);
			}
			return;
		}
		if (status !== 200) {
			problems.set(address, `status ${status}`);
			return;
		}
		if (!isHtml) return;
		pages.push(address);
		const text = await response.text();
		html.set(address, text);
		const pageUrl = new URL(address, origin);
		for (const link of extractLinks(text)) {
			const target = toLocalAddress(link, pageUrl);
			if (target !== null) enqueue(target, address);
		}
	};

	enqueue(start, '(start)');
	while (queue.length > 0) {
		await Promise.all(queue.splice(0, PARALLEL).map(visit));
	}
	const broken = [...problems].map(([address, problem]) => ({
		address,
		problem,
		foundOn: [...(referrers.get(address) ?? [])].sort(),
	}));
	return { pages, visited, html, broken };
}

/** One line per broken link: the address, what is wrong, and the pages that link to it. */
export function describeBrokenLinks(broken: readonly BrokenLink[], maxPages = 10): string {
	return [...broken]
		.sort((a, b) => a.address.localeCompare(b.address))
		.map((link) => {
			const shown = link.foundOn.slice(0, maxPages).join(', ');
			const more =
				link.foundOn.length > maxPages ? ` and ${link.foundOn.length - maxPages} more` : '';
			return `  ${link.address} -> ${link.problem}\n      linked from ${shown}${more}`;
		})
		.join('\n');
}
