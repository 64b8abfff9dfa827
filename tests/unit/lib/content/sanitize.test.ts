import { createMarkdownProcessor } from '@astrojs/markdown-remark';
import { describe, expect, it } from 'vitest';
import { contentRehypePlugins } from '../../../../src/lib/content/sanitize';

/**
 * The HTML a content file's markdown can produce, through Astro's own markdown processor with
 * the site's rehype plugins (astro.config.mjs): hostile HTML is dropped, the allow-list stays.
 */
const processor = await createMarkdownProcessor({ rehypePlugins: contentRehypePlugins });
const render = async (markdown: string) => (await processor.render(markdown)).code;

describe('content HTML allow-list', () => {
	it.each([
		["<script>document.title='XSS-RAN'</script>", /<script|XSS-RAN/i],
		['Testo <script>alert(1)</script> dopo', /<script|alert/i],
		['<meta http-equiv="refresh" content="0;url=https://example.com">', /<meta|refresh/i],
		['<base href="https://example.com/">', /<base/i],
		['<iframe src="https://example.com"></iframe>', /<iframe/i],
		['<object data="x.swf"></object><embed src="x.swf">', /<object|<embed/i],
		['<form action="https://example.com"><input name="a"></form>', /<form|<input/i],
		['<style>body{display:none}</style>', /<style|display/i],
		['<img src="x" onerror="alert(1)">', /<img|onerror/i],
		['<p onclick="alert(1)" style="color:red">Ciao</p>', /onclick|style=/i],
		['[link](javascript:alert(1))', /javascript:/i],
		['<a href="javascript:alert(1)">x</a>', /javascript:/i],
		['<a href="data:text/html,<script>alert(1)</script>">x</a>', /data:|<script/i],
		['<svg onload="alert(1)"><circle/></svg>', /<svg|onload/i],
		['<!-- <script>alert(1)</script> -->', /<script|<!--/i],
		['<div id="x" class="y"><p>Testo</p></div>', /<div|id="x"|class=/i],
	])('%s is neutralised', async (markdown, forbidden) => {
		const html = await render(markdown);
		expect(html).not.toMatch(forbidden);
	});

	it('keeps the text around a removed element', async () => {
		expect(await render('Testo <script>alert(1)</script> dopo')).toBe('<p>Testo  dopo</p>');
	});

	it.each([
		['## Titolo', /<h2 id="titolo">Titolo<\/h2>/],
		['**forte** e *corsivo*', /<strong>forte<\/strong> e <em>corsivo<\/em>/],
		['- uno\n- due', /<ul>\s*<li>uno<\/li>\s*<li>due<\/li>\s*<\/ul>/],
		['3. tre\n4. quattro', /<ol start="3">/],
		['[sito](https://www.vigorsport.it)', /<a href="https:\/\/www.vigorsport.it">sito<\/a>/],
		['[contatti](/contatti)', /<a href="\/contatti">/],
		['[scrivici](mailto:info@vigorsport.it)', /<a href="mailto:info@vigorsport.it">/],
		['[chiama](tel:+390119876543)', /<a href="tel:\+390119876543">/],
		[
			'| a | b |\n| - | -: |\n| 1 | 2 |',
			/<table>[\s\S]*<th>a<\/th>[\s\S]*<td align="right">2<\/td>/,
		],
		['Riga<br>a capo', /Riga<br>a capo/],
		['---', /<hr>/],
		['> citazione', /<blockquote>/],
		['`codice`', /<code>codice<\/code>/],
		['<strong>grassetto</strong> in HTML', /<strong>grassetto<\/strong>/],
	])('%s stays', async (markdown, expected) => {
		expect(await render(markdown)).toMatch(expected);
	});
});
