import { describe, expect, it } from 'vitest';
import {
	withLateScript,
	withRuntimeAsModules,
	withoutIslandStyle,
} from '../../../../src/lib/build/late-script';
import { inlineSourcesOf } from '../../../../src/lib/http/csp';

/**
 * The built pages fetch no module script before their first paint: the layout's module script is
 * taken out and its address handed to the inline script «avvio» (src/lib/build/late-script.ts).
 */

const ENTRY = '/_astro/BaseLayout.astro_astro_type_script_index_0_lang.Abc123.js';
const STARTER_BODY = '(function(){ /* imports data-src later */ })();';
const page = (between = '') =>
	`<html><body><main>…</main><script type="module" src="${ENTRY}"></script>${between}` +
	`<script data-site-script="avvio">${STARTER_BODY}</script></body></html>`;

describe('withLateScript', () => {
	it.each([
		['right before the starter', ''],
		['with white space between', '\n\t\t'],
	])('moves the module script %s into the starter', (_, between) => {
		const { html, late } = withLateScript(page(between));
		expect(late).toBe(ENTRY);
		expect(html).not.toContain('type="module"');
		expect(html).toContain(`<script data-site-script="avvio" data-src="${ENTRY}">`);
	});

	it('keeps the body of the starter as it is, so one hash still allows it on every page', () => {
		const before = inlineSourcesOf(page());
		const after = inlineSourcesOf(withLateScript(page()).html);
		expect(after.scripts).toEqual([STARTER_BODY]);
		expect(after.scriptMarks).toEqual(['avvio']);
		expect(before.scripts).toEqual(after.scripts);
	});

	it('leaves a page without the starter alone', () => {
		const other = `<html><body><script type="module" src="${ENTRY}"></script></body></html>`;
		expect(withLateScript(other)).toEqual({ html: other, late: null, missing: false });
	});

	it('says when the starter has no module script before it', () => {
		const lost = `<html><body><script data-site-script="avvio">${STARTER_BODY}</script></body></html>`;
		expect(withLateScript(lost)).toEqual({ html: lost, late: null, missing: true });
		const elsewhere = `<script type="module" src="${ENTRY}"></script><p>x</p><script data-site-script="avvio">x</script>`;
		expect(withLateScript(elsewhere).missing).toBe(true);
	});
});

describe('withRuntimeAsModules', () => {
	const LOADER = '(()=>{customElements.define("astro-island",class extends HTMLElement{})})();';
	const DIRECTIVE = '(()=>{(self.Astro||(self.Astro={})).interaction=()=>{};})();';
	const RUNTIME = [LOADER, DIRECTIVE];

	it.each([
		[
			"Astro's loader and directive, in their order",
			`<header><script>${DIRECTIVE}</script><script>${LOADER}</script><astro-island></astro-island></header>`,
			`<header><script type="module">${DIRECTIVE}</script><script type="module">${LOADER}</script><astro-island></astro-island></header>`,
		],
		[
			'a site script, even with the same body, keeps its name and stays classic',
			`<script data-site-script="consenso">${LOADER}</script>`,
			`<script data-site-script="consenso">${LOADER}</script>`,
		],
		[
			'another inline script is left as it is',
			'<script>console.log(1)</script>',
			'<script>console.log(1)</script>',
		],
		['a page without islands', '<main><p>Testo</p></main>', '<main><p>Testo</p></main>'],
	])('%s', (_, html, expected) => {
		expect(withRuntimeAsModules(html, RUNTIME)).toBe(expected);
	});

	it('keeps the bodies, so the same hashes allow them', () => {
		const html = `<body><script>${DIRECTIVE}</script><script>${LOADER}</script></body>`;
		expect(inlineSourcesOf(withRuntimeAsModules(html, RUNTIME)).scripts).toEqual(
			inlineSourcesOf(html).scripts,
		);
	});
});

describe('withoutIslandStyle', () => {
	const RULE = 'astro-island,astro-slot,astro-static-slot{display:contents}';
	it.each([
		[
			"Astro's element before the first island goes",
			`<body><a href="#c">Vai</a><style>${RULE}</style><astro-island></astro-island></body>`,
			'<body><a href="#c">Vai</a><astro-island></astro-island></body>',
		],
		[
			'another style stays',
			'<body><style>p{color:red}</style><p>x</p></body>',
			'<body><style>p{color:red}</style><p>x</p></body>',
		],
		['a page without islands is unchanged', '<body><p>x</p></body>', '<body><p>x</p></body>'],
	])('%s', (_, html, expected) => {
		expect(withoutIslandStyle(html, RULE)).toBe(expected);
	});
});
