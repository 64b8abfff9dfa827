import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { root } from '../../build/helpers/scratch-project';

/**
 * Hostile HTML for content: one product (the casein) whose markdown body holds a script, a meta
 * refresh, an iframe, an img with onerror and more, and a legal page with the same. The browser
 * tests' second site (shared-site.ts) carries it; content-html.spec.ts checks its built files and
 * its pages in Chromium.
 */

/** The product that carries the hostile body, and its address. */
export const HOSTILE_PRODUCT = 'proteine/caseina-micellare';
export const HOSTILE_PRODUCT_PATH = `/prodotti/${HOSTILE_PRODUCT}`;

/** What the script in the content would set the title to if it ever ran. */
export const XSS_TITLE = 'XSS-RAN';

/**
 * Markdown with elements that must never come from content: a script, a meta refresh, a base,
 * an iframe, a form, an object, an embed, a style element and a javascript: link.
 */
const HOSTILE_ELEMENTS = [
	`<script>document.title='${XSS_TITLE}'</script>`,
	'',
	'<meta http-equiv="refresh" content="0;url=https://example.com/">',
	'',
	'<base href="https://example.com/">',
	'',
	'<iframe src="https://example.com/"></iframe>',
	'',
	'<form action="https://example.com/"><input name="x"></form>',
	'',
	'<object data="x.swf"></object><embed src="x.swf"><style>body{display:none}</style>',
	'',
	`[un link](javascript:document.title='${XSS_TITLE}')`,
	'',
	'<p>Testo rimasto innocuo.</p>',
	'',
	'Fine del testo con **grassetto** e un [link vero](https://www.vigorsport.it).',
].join('\n');

/** The same, plus inline event handlers and style attributes (an img with onerror…). */
export const HOSTILE_MARKDOWN = [
	HOSTILE_ELEMENTS,
	'',
	`<img src="/non-esiste.png" onerror="document.title='${XSS_TITLE}'">`,
	'',
	`<p onclick="document.title='${XSS_TITLE}'" style="color:red">Anche questo.</p>`,
].join('\n');

/** Forbidden in any built page of the hostile site. */
export const FORBIDDEN_HTML = [
	/<script>document\.title/i,
	/http-equiv="refresh"/i,
	/<base\b/i,
	/<iframe\b/i,
	/<object\b/i,
	/<embed\b/i,
	/<form[^>]*example\.com/i,
	/\sonerror=/i,
	/\sonclick=/i,
	/javascript:/i,
	/body\{display:none\}/,
];

/**
 * Writes the hostile markdown into the scratch project in `project`: into the casein's body (its
 * description and its expert tip), into its offer text, and at the end of the privacy page. The
 * casein's photo is copied too, for a project made without products.
 */
export async function writeHostileContent(
	project: string,
	markdown: { product: string; page: string } = {
		product: HOSTILE_MARKDOWN,
		page: HOSTILE_MARKDOWN,
	},
): Promise<void> {
	const [category, slug] = HOSTILE_PRODUCT.split('/') as [string, string];
	const folder = path.join(project, 'content/products', category);
	await mkdir(folder, { recursive: true });
	await cp(
		path.join(root, 'content/products', category, `${slug}.jpg`),
		path.join(folder, `${slug}.jpg`),
	);
	// In the description, in the expert tip (the end of the body) and in a frontmatter text.
	const product = await readFile(
		path.join(root, 'content/products', category, `${slug}.md`),
		'utf8',
	);
	const end = product.indexOf('\n---\n', 3) + 5;
	const hostile =
		product
			.slice(0, end)
			.replace(/^offer: .*$/m, `offer: "<script>document.title='${XSS_TITLE}'</script>"`) +
		`\n${markdown.product}\n${product.slice(end).trimEnd()}\n\n${markdown.product}\n`;
	await writeFile(path.join(folder, `${slug}.md`), hostile);
	const page = path.join(project, 'content/pages/privacy-policy.md');
	await writeFile(page, `${(await readFile(page, 'utf8')).trimEnd()}\n\n${markdown.page}\n`);
}
