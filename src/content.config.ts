import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { productSchema } from './lib/content/product-schema';
import { categorySchema, pageSchema, settingsSchema, shopSchema } from './lib/content/schemas';

/**
 * Content lives in the top-level `content/` folder. CONTENT_DIR points the build at another
 * folder (tests with broken fixtures, synthetic catalogues for the build benchmark).
 */
const root = (process.env['CONTENT_DIR'] ?? './content').replace(/\/$/, '');

const categories = defineCollection({
	loader: glob({ pattern: '*.md', base: `${root}/categories` }),
	schema: categorySchema,
});

const shops = defineCollection({
	loader: glob({ pattern: '*.md', base: `${root}/shops` }),
	schema: shopSchema,
});

const pages = defineCollection({
	loader: glob({ pattern: '*.md', base: `${root}/pages` }),
	schema: pageSchema,
});

const settings = defineCollection({
	loader: glob({ pattern: '*.yaml', base: `${root}/settings` }),
	schema: settingsSchema,
});

/** Products: content/products/<category>/<slug>.md; the id is "<category>/<slug>". */
const products = defineCollection({
	loader: glob({ pattern: '*/*.md', base: `${root}/products` }),
	schema: productSchema,
});

export const collections = { categories, shops, pages, settings, products };
