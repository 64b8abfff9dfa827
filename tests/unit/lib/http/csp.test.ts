import { describe, expect, it } from 'vitest';
import {
	contentSecurityPolicy,
	hashSource,
	inlineSourcesOf,
	trustedInlineScripts,
	type FoundScript,
} from '../../../../src/lib/http/csp';

describe('hashSource', () => {
	it('gives the hash source of the CSP specification example', () => {
		expect(hashSource("alert('Hello, world.');")).toBe(
			"'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
		);
	});
});

describe('inlineSourcesOf', () => {
	it('collects the scripts a browser runs, not data blocks or external scripts', () => {
		const html = [
			'<script type="application/ld+json">{"@type":"Store"}</script>',
			'<script>(()=>{self.a=1})()</script>',
			'<script type="module">import "/x.js"</script>',
			'<script type="module" src="/_astro/a.js"></script>',
			'<SCRIPT TYPE="text/javascript">b()</SCRIPT>',
		].join('');
		expect(inlineSourcesOf(html).scripts).toEqual(['(()=>{self.a=1})()', 'import "/x.js"', 'b()']);
	});

	it('collects style elements and counts style attributes and event handlers', () => {
		const html = [
			'<style>astro-island{display:contents}</style>',
			'<p style="color:red" class="a">x</p>',
			"<img src=a.webp onerror='x()' alt=''>",
			'<button type="button" onClick="y()">b</button>',
			'<!-- <p style="ignored" onclick="ignored"> -->',
			'<svg><circle fill="#5b3a29" stroke-width="1"/></svg>',
		].join('\n');
		expect(inlineSourcesOf(html)).toEqual({
			scripts: [],
			scriptMarks: [],
			styles: ['astro-island{display:contents}'],
			styleAttributes: 1,
			eventHandlers: 2,
		});
	});

	it('does not take text inside scripts for attributes', () => {
		const html = '<script>document.body.innerHTML = \'<p style="x" onclick="y">\'</script>';
		const sources = inlineSourcesOf(html);
		expect(sources.styleAttributes).toBe(0);
		expect(sources.eventHandlers).toBe(0);
		expect(sources.scripts).toHaveLength(1);
	});

	it('does not mistake attributes that only contain "on" for handlers', () => {
		expect(inlineSourcesOf('<a data-on="1" data-onclick="x" href="/">a</a>').eventHandlers).toBe(0);
	});
});

describe('contentSecurityPolicy', () => {
	const policy = contentSecurityPolicy({
		scripts: ["'sha256-b'", "'sha256-a'", "'sha256-b'"],
		styles: ["'sha256-c'"],
	});
	const directive = (name: string) =>
		policy
			.split('; ')
			.find((entry) => entry.startsWith(`${name} `))
			?.split(' ')
			.slice(1);

	it('allows inline scripts and styles only by hash, sorted and once each', () => {
		expect(directive('script-src')).toEqual([
			"'self'",
			"'wasm-unsafe-eval'",
			"'sha256-a'",
			"'sha256-b'",
		]);
		expect(directive('style-src')).toEqual(["'self'", "'sha256-c'"]);
		expect(policy).not.toContain('unsafe-inline');
		// WebAssembly only (Pagefind): never JavaScript's eval.
		expect(policy).not.toContain(" 'unsafe-eval'");
	});

	it('forbids framing, plugins and a changed base, and posts forms only to the site', () => {
		expect(directive('frame-ancestors')).toEqual(["'none'"]);
		expect(directive('object-src')).toEqual(["'none'"]);
		expect(directive('base-uri')).toEqual(["'none'"]);
		expect(directive('form-action')).toEqual(["'self'"]);
		expect(directive('default-src')).toEqual(["'self'"]);
	});
});

describe('trustedInlineScripts', () => {
	const ASTRO = '(()=>{customElements.define("astro-island",X)})();';
	const consent = (body = 'checkConsent()'): FoundScript => ({
		file: 'index.html',
		body,
		mark: 'consenso',
	});

	it('reads the data-site-script name of each script', () => {
		const html =
			'<script data-site-script="consenso">a()</script><script>b()</script>' +
			'<script type="application/ld+json" data-site-script="x">{}</script>';
		expect(inlineSourcesOf(html).scriptMarks).toEqual(['consenso', null]);
	});

	it("allows Astro's own scripts and the templates' named scripts", () => {
		const found: FoundScript[] = [
			{ file: 'index.html', body: ASTRO, mark: null },
			consent(),
			{ ...consent(), file: 'prodotti.html' },
			{ file: 'preferiti.html', body: 'markFavourites()', mark: 'preferiti' },
		];
		const { allowed, problems } = trustedInlineScripts(found, [ASTRO]);
		expect(problems).toEqual([]);
		expect([...allowed].sort()).toEqual([ASTRO, 'checkConsent()', 'markFavourites()'].sort());
	});

	it.each<[string, FoundScript]>([
		[
			'a script from content',
			{ file: 'prodotti/a/b.html', body: "document.title='XSS-RAN'", mark: null },
		],
		[
			'a script with an unknown name',
			{ file: 'prodotti/a/b.html', body: 'evil()', mark: 'analytics' },
		],
		[
			"a script that takes the name of the site's own",
			{ file: 'prodotti/a/b.html', body: 'evil()', mark: 'consenso' },
		],
		[
			"Astro's loader with one character more",
			{ file: 'prodotti/a/b.html', body: `${ASTRO};evil()`, mark: null },
		],
	])('refuses %s, naming the page in Italian', (_, hostile) => {
		const { allowed, problems } = trustedInlineScripts([consent(), hostile], [ASTRO]);
		expect(allowed.has(hostile.body)).toBe(false);
		expect(problems).toHaveLength(1);
		expect(problems[0]).toMatch(
			/^prodotti\/a\/b\.html: (uno script che i modelli|lo script «consenso»)/,
		);
	});
});
