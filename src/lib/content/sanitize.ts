import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * What HTML the content's markdown may produce (product bodies, legal pages, any markdown file
 * under content/). Astro renders markdown with raw HTML allowed; `astro.config.mjs` parses that
 * HTML (rehype-raw) and then keeps only this allow-list (rehype-sanitize), so a script, an
 * iframe, a `<meta http-equiv="refresh">`, a form, an event handler or a `style` attribute in a
 * content file, written by an editor or by the importer, never reaches a page. What is dropped:
 * the element itself and, for the elements in `strip`, what is inside it too; other unknown
 * elements keep their text. Links keep only http, https, mailto and tel addresses (or relative
 * ones). Headings get their `id` from Astro afterwards (rehypeHeadingIds runs after this).
 */

/** Elements a description or a legal page may contain (CONTENT.md lists them for editors). */
export const CONTENT_TAGS = [
	'h1',
	'h2',
	'h3',
	'h4',
	'h5',
	'h6',
	'p',
	'br',
	'hr',
	'ul',
	'ol',
	'li',
	'strong',
	'b',
	'em',
	'i',
	'del',
	's',
	'sup',
	'sub',
	'a',
	'blockquote',
	'code',
	'pre',
	'table',
	'thead',
	'tbody',
	'tfoot',
	'tr',
	'th',
	'td',
] as const;

/** Elements removed with everything inside them: their text is code or markup, never prose. */
export const STRIPPED_TAGS = [
	'script',
	'style',
	'template',
	'noscript',
	'iframe',
	'frame',
	'frameset',
	'object',
	'embed',
	'applet',
	'form',
	'textarea',
	'select',
	'button',
	'svg',
	'math',
	'title',
	'head',
] as const;

/** Address schemes a link may use; relative addresses (`/contatti`, `#sezione`) are allowed. */
export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;

/** The rehype-sanitize schema of content HTML. */
export const contentSanitizeSchema: SanitizeSchema = {
	tagNames: [...CONTENT_TAGS],
	attributes: {
		a: ['href', 'title'],
		ol: ['start'],
		th: ['align', 'scope', 'colSpan', 'rowSpan'],
		td: ['align', 'colSpan', 'rowSpan'],
		'*': [],
	},
	protocols: { href: [...LINK_PROTOCOLS] },
	// Table parts only inside a table, list items only in a list.
	ancestors: {
		tbody: ['table'],
		thead: ['table'],
		tfoot: ['table'],
		tr: ['table'],
		th: ['table'],
		td: ['table'],
		li: ['ul', 'ol'],
	},
	strip: [...STRIPPED_TAGS],
	clobber: [],
	clobberPrefix: '',
	required: {},
	allowComments: false,
	allowDoctypes: false,
};

/** Astro's `markdown.rehypePlugins`: parse the raw HTML, then keep only the allow-list. */
export const contentRehypePlugins: [typeof rehypeRaw, [typeof rehypeSanitize, SanitizeSchema]] = [
	rehypeRaw,
	[rehypeSanitize, contentSanitizeSchema],
];
