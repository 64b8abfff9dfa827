/**
 * The Content-Security-Policy of the site. Pages carry a few inline scripts and one inline style
 * that Astro itself writes (the island loader and its `astro-island{display:contents}` rule); the
 * policy allows exactly those by their SHA-256 hashes, found in the built pages, and nothing
 * else inline: no `unsafe-inline`, no inline event handlers, no `style` attributes. Everything
 * else comes from the site itself. Pure but for the hash, which uses node:crypto (build only).
 */
import { createHash } from 'node:crypto';

/** What a page holds inline that a policy has to allow or will block. */
export type InlineSources = {
	/** Bodies of inline scripts the browser runs (JSON-LD and other data blocks are not run). */
	scripts: string[];
	/** For each of `scripts`, its `data-site-script` name, or null (see `trustedInlineScripts`). */
	scriptMarks: (string | null)[];
	/** Bodies of `<style>` elements. */
	styles: string[];
	/** `style="…"` attributes: blocked by the policy, so a page should have none. */
	styleAttributes: number;
	/** Inline event handler attributes (`onclick="…"`): blocked too. */
	eventHandlers: number;
};

/** Script types a browser runs; any other type (application/ld+json) is a data block. */
const RUNNABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
/** A start tag, with its attributes; script and style bodies are removed before this runs. */
const TAG = /<[a-z][^\s/>]*((?:\s+[^\s=>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/gi;
const ATTRIBUTE = /\s+([^\s=>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** Attribute name (lower case) -> value ('' for a bare attribute), from a tag's attribute text. */
function attributesOf(text: string): Map<string, string> {
	const attributes = new Map<string, string>();
	for (const [, name = '', double, single, bare] of text.matchAll(ATTRIBUTE)) {
		attributes.set(name.toLowerCase(), double ?? single ?? bare ?? '');
	}
	return attributes;
}

/** The inline scripts, styles, style attributes and event handlers of an HTML page. */
export function inlineSourcesOf(html: string): InlineSources {
	const scripts: string[] = [];
	const scriptMarks: (string | null)[] = [];
	const styles: string[] = [];
	const withoutBodies = html
		.replace(SCRIPT, (_, attributes: string, body: string) => {
			const parsed = attributesOf(attributes);
			const type = (parsed.get('type') ?? '').trim().toLowerCase();
			if (!parsed.has('src') && RUNNABLE_TYPES.has(type)) {
				scripts.push(body);
				scriptMarks.push(parsed.get(SITE_SCRIPT_ATTRIBUTE) ?? null);
			}
			return `<script${attributes}></script>`;
		})
		.replace(STYLE, (_, body: string) => {
			styles.push(body);
			return '<style></style>';
		})
		.replace(/<!--[\s\S]*?-->/g, '');
	let styleAttributes = 0;
	let eventHandlers = 0;
	for (const [, attributes = ''] of withoutBodies.matchAll(TAG)) {
		for (const name of attributesOf(attributes).keys()) {
			if (name === 'style') styleAttributes += 1;
			else if (/^on[a-z]+$/.test(name)) eventHandlers += 1;
		}
	}
	return { scripts, scriptMarks, styles, styleAttributes, eventHandlers };
}

/**
 * The attribute that names an inline script written in one of the site's own templates:
 * `<script is:inline data-site-script="consenso">`. Only the names in `SITE_SCRIPTS` count.
 */
export const SITE_SCRIPT_ATTRIBUTE = 'data-site-script';

/** The inline scripts the site's templates define, by their `data-site-script` name. */
export const SITE_SCRIPTS = [
	/** src/layouts/BaseLayout.astro: is a cookie decision stored? (every page) */
	'consenso',
	/** src/layouts/BaseLayout.astro: the late parts after the first paint, 'Preferenze cookie'. */
	'avvio',
	/** src/components/ui/StoredListMark.astro on /preferiti: are favourites stored? */
	'preferiti',
	/** src/components/ui/StoredListMark.astro on /lista-ritiro: is a pickup list stored? */
	'lista-ritiro',
] as const;

/** One inline script found in a built page. */
export type FoundScript = { file: string; body: string; mark: string | null };

/**
 * Which inline scripts of the built pages the policy allows. A script is allowed when its body is
 * exactly one of Astro's own (`runtime`: the island loader and the hydration directives, taken
 * from Astro itself), or when it carries a name of `SITE_SCRIPTS` and that name has one and the
 * same body on every page (a template defines one body; a second body under the same name was
 * not written by the template). Any other inline script, say one that came from content, is a
 * problem, named with its page, in Italian: the build stops rather than allow it.
 */
export function trustedInlineScripts(
	found: readonly FoundScript[],
	runtime: Iterable<string>,
): { allowed: Set<string>; problems: string[] } {
	const astro = new Set(runtime);
	const names = new Set<string>(SITE_SCRIPTS);
	const bodiesByName = new Map<string, Set<string>>();
	const allowed = new Set<string>();
	const problems: string[] = [];
	for (const { file, body, mark } of found) {
		if (astro.has(body)) {
			allowed.add(body);
		} else if (mark !== null && names.has(mark)) {
			const bodies = bodiesByName.get(mark) ?? new Set<string>();
			bodies.add(body);
			bodiesByName.set(mark, bodies);
			if (bodies.size > 1) {
				problems.push(`${file}: lo script «${mark}» è diverso da quello delle altre pagine`);
			} else {
				allowed.add(body);
			}
		} else {
			const start = body.trim().replace(/\s+/g, ' ').slice(0, 60);
			problems.push(`${file}: uno script che i modelli del sito non definiscono («${start}»)`);
		}
	}
	return { allowed, problems };
}

/** A CSP hash source for an inline body: 'sha256-<base64>'. */
export function hashSource(body: string): string {
	return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/**
 * The policy, given the hash sources of the inline scripts and styles to allow. Sorted and
 * deduplicated, so the same build gives the same header.
 */
export function contentSecurityPolicy(hashes: {
	scripts: Iterable<string>;
	styles: Iterable<string>;
}): string {
	const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
	const directives: [string, ...string[]][] = [
		['default-src', "'self'"],
		// 'wasm-unsafe-eval' lets the search (Pagefind, /cerca) compile its own WebAssembly file,
		// served by the site; it allows no JavaScript eval() and no inline script.
		['script-src', "'self'", "'wasm-unsafe-eval'", ...sorted(hashes.scripts)],
		['style-src', "'self'", ...sorted(hashes.styles)],
		// Product photos are files of the site; data: covers tiny placeholders and the SVG favicon.
		['img-src', "'self'", 'data:'],
		['font-src', "'self'"],
		// The static JSON API, the contact form's POST and the service worker's fetches.
		['connect-src', "'self'"],
		['manifest-src', "'self'"],
		['worker-src', "'self'"],
		['form-action', "'self'"],
		['frame-src', "'none'"],
		['object-src', "'none'"],
		['base-uri', "'none'"],
		// Not in a frame of another site (clickjacking); a <meta> policy cannot say this.
		['frame-ancestors', "'none'"],
	];
	return directives.map((directive) => directive.join(' ')).join('; ');
}
