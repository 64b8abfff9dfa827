import { productSchema } from '../content/product-schema';
import { categorySchema, pageSchema, settingsSchema, type ImageHelper } from '../content/schemas';
import { shopSchema } from '../content/shop-schema';
import { cmsFields, Problems, type CmsField, type Ui } from './fields';
import { categoryUi, pageUi, productUi, settingsUi, shopUi, type ContentLists } from './labels';
import { imageStandIn, rulesOf, type Rule } from './schema-rules';

/**
 * The configuration of the editor at /admin (Sveltia CMS), built from the site's zod schemas and
 * the Italian wording of labels.ts. Served as /admin/config.json by src/pages/admin/config.json.ts.
 * Pure: the lists of categories and shops come in as arguments.
 */

/** Where the content lives in the repository, and the git host the editor saves to. */
export interface CmsOptions extends ContentLists {
	/** "owner/name" of the repository on GitHub. */
	repo: string;
	branch: string;
	/** The company's name from the settings, in the editor's title. */
	companyName: string;
}

const image = imageStandIn as unknown as ImageHelper;

/** The markdown text below the fields: a description, or a legal page's text. */
const body = (label: string, hint: string): CmsField => ({
	name: 'body',
	label,
	hint,
	widget: 'markdown',
	required: false,
	// The site's descriptions use headings, lists, bold and links; no raw HTML (it is removed).
	buttons: [
		'bold',
		'italic',
		'link',
		'heading-two',
		'heading-three',
		'bulleted-list',
		'numbered-list',
	],
	editor_components: [],
});

function fieldsOf(rule: Rule, ui: Record<string, Ui>, path: string, problems: Problems) {
	if (rule.kind !== 'object') throw new Error(`${path}: lo schema non descrive un gruppo di campi`);
	return cmsFields(rule.fields, ui, path, problems);
}

/** The schema rules of each collection, as the CMS reads them. */
export function collectionRules() {
	return {
		products: rulesOf(productSchema({ image })),
		categories: rulesOf(categorySchema({ image })),
		shops: rulesOf(shopSchema({ image })),
		pages: rulesOf(pageSchema()),
		settings: rulesOf(settingsSchema({ image })),
	};
}

/**
 * The whole configuration, or the list of problems: a schema field without a CMS field, a CMS
 * field the schema does not know, a value of a closed list without its Italian label.
 */
export function buildCmsConfig(
	options: CmsOptions,
	rules = collectionRules(),
	wording = {
		products: productUi(options),
		categories: categoryUi(),
		shops: shopUi(),
		pages: pageUi(),
		settings: settingsUi(),
	},
): { config: Record<string, unknown>; problems: string[] } {
	const problems = new Problems();
	const collections = [
		{
			name: 'prodotti',
			label: 'Prodotti',
			label_singular: 'prodotto',
			description:
				'Prezzi, pezzi in negozio, foto ed etichette. Ogni prodotto è un file nella cartella della sua categoria.',
			folder: 'content/products',
			// content/products/<category>/<slug>.md: a new product goes into its category's folder.
			path: '{{category}}/{{slug}}',
			nested: { depth: 2 },
			extension: 'md',
			format: 'frontmatter',
			create: true,
			slug: '{{name}}',
			identifier_field: 'name',
			summary: '{{name}} · {{brand}}',
			sortable_fields: ['name', 'brand', 'category'],
			view_groups: [{ label: 'Categoria', field: 'category' }],
			// A photo uploaded here goes into the product's own folder beside its file
			// (proteine/shaker-pro-700/foto.jpg) and is written ./shaker-pro-700/foto.jpg, a path
			// relative to the file as the schema's image() wants it.
			media_folder: '',
			public_folder: './{{slug}}',
			preview_path: 'prodotti/{{category}}/{{slug}}',
			fields: [
				...fieldsOf(rules.products, wording.products, '', problems),
				body(
					'Descrizione completa',
					'Il testo della pagina. Un titolo «Il consiglio dell’esperto» diventa il riquadro del consiglio.',
				),
			],
		},
		{
			name: 'categorie',
			label: 'Categorie',
			label_singular: 'categoria',
			folder: 'content/categories',
			extension: 'md',
			format: 'frontmatter',
			create: true,
			slug: '{{slug}}',
			identifier_field: 'name',
			summary: '{{order}}. {{name}}',
			sortable_fields: ['order', 'name'],
			media_folder: '',
			public_folder: './{{slug}}',
			preview_path: 'prodotti/{{slug}}',
			fields: fieldsOf(rules.categories, wording.categories, '', problems),
		},
		{
			name: 'negozi',
			label: 'Negozi',
			label_singular: 'negozio',
			description: 'Indirizzi, orari di apertura e foto dei negozi.',
			folder: 'content/shops',
			extension: 'md',
			format: 'frontmatter',
			create: false,
			delete: false,
			identifier_field: 'name',
			summary: '{{name}}',
			// The shop's photos live in its folder: ./torino/galleria-1.jpg.
			media_folder: '',
			public_folder: './{{slug}}',
			preview_path: 'negozi',
			fields: fieldsOf(rules.shops, wording.shops, '', problems),
		},
		{
			name: 'pagine',
			label: 'Pagine legali',
			label_singular: 'pagina',
			folder: 'content/pages',
			extension: 'md',
			format: 'frontmatter',
			create: false,
			delete: false,
			identifier_field: 'title',
			preview_path: '{{slug}}',
			fields: [
				...fieldsOf(rules.pages, wording.pages, '', problems),
				body('Testo', 'Titoli con ##, elenchi con -.'),
			],
		},
		{
			name: 'impostazioni',
			label: 'Impostazioni del sito',
			files: [
				{
					name: 'sito',
					label: 'Impostazioni generali',
					file: 'content/settings/sito.yaml',
					format: 'yaml',
					media_folder: '',
					public_folder: '.',
					fields: fieldsOf(rules.settings, wording.settings, '', problems),
				},
			],
		},
	];
	const config = {
		app_title: `${options.companyName} – Gestione contenuti`,
		// Sign-in through this site's own GitHub OAuth routes (src/server/editor-auth/github.ts): the
		// editor's page adds `base_url`, its own origin (public/admin/start.js), so one build
		// signs in wherever it is served.
		backend: {
			name: 'github',
			repo: options.repo,
			branch: options.branch,
			auth_endpoint: 'api/auth',
		},
		// Uploaded photos keep their name (lower case, hyphens), as the site's own do.
		// No stock-photo services: every picture is the shop's own, and the editor calls no
		// other host.
		media_libraries: {
			default: { config: { slugify_filename: true } },
			stock_assets: { providers: [] },
		},
		media_folder: 'content/uploads',
		public_folder: '',
		slug: { encoding: 'ascii', clean_accents: true },
		// An optional field left empty is left out of the file, as the schemas expect (a price
		// before the discount, a variant's photo…), never written as null or ''.
		output: { omit_empty_optional_fields: true },
		collections,
	};
	return { config, problems: problems.list };
}
