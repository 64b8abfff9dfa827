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
	const styles: string[] = [];
	const withoutBodies = html
		.replace(SCRIPT, (_, attributes: string, body: string) => {
			const parsed = attributesOf(attributes);
			const type = (parsed.get('type') ?? '').trim().toLowerCase();
			if (!parsed.has('src') && RUNNABLE_TYPES.has(type)) scripts.push(body);
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
	return { scripts, styles, styleAttributes, eventHandlers };
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
		['script-src', "'self'", ...sorted(hashes.scripts)],
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
