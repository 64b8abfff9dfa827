import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCollection } from 'astro:content';
import { AstroError } from 'astro/errors';
import { glob, type Loader } from 'astro/loaders';
import { imageRefs, missingImageMessage } from './lib/content/image-refs';
import { productSchema } from './lib/content/product-schema';
import { categorySchema, pageSchema, settingsSchema } from './lib/content/schemas';
import { shopSchema } from './lib/content/shop-schema';

/**
 * Content lives in the top-level `content/` folder. CONTENT_DIR points the build at another
 * folder (tests with broken fixtures, synthetic catalogues for the build benchmark).
 */
const root = (process.env['CONTENT_DIR'] ?? './content').replace(/\/$/, '');

/**
 * Astro's glob loader, then a check that every photo the files name exists beside them: a
 * missing one stops the build naming the file and the field in Italian, like any other content
 * error, instead of Astro's English ImageNotFound later on (src/lib/content/image-refs.ts).
 */
function files(pattern: string, base: string): Loader {
	const loader = glob({ pattern, base });
	return {
		name: 'glob-con-foto',
		async load(context) {
			await loader.load(context);
			const rootDir = fileURLToPath(context.config.root);
			const problems: string[] = [];
			for (const entry of context.store.values()) {
				if (!entry.filePath) continue;
				const folder = path.dirname(path.resolve(rootDir, entry.filePath));
				for (const ref of imageRefs(entry.data)) {
					if (!existsSync(path.resolve(folder, ref.src))) {
						problems.push(missingImageMessage(entry.filePath, ref));
					}
				}
			}
			if (problems.length) {
				throw new AstroError(
					`Foto mancanti nei contenuti:\n${problems.map((line) => `  ${line}`).join('\n')}`,
					'Il percorso di ogni foto parte dalla cartella del file che la indica (./nome.jpg è accanto al file).',
				);
			}
		},
	};
}

const categories = defineCollection({
	loader: files('*.md', `${root}/categories`),
	schema: categorySchema,
});

const shops = defineCollection({
	loader: files('*.md', `${root}/shops`),
	schema: shopSchema,
});

const pages = defineCollection({
	loader: files('*.md', `${root}/pages`),
	schema: pageSchema,
});

const settings = defineCollection({
	loader: files('*.yaml', `${root}/settings`),
	schema: settingsSchema,
});

/** Products: content/products/<category>/<slug>.md; the id is "<category>/<slug>". */
const products = defineCollection({
	loader: files('*/*.md', `${root}/products`),
	schema: productSchema,
});

export const collections = { categories, shops, pages, settings, products };
