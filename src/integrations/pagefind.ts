import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { isUnusedPagefindFile, PAGEFIND_DIR } from '../lib/search/files';

/** Total bytes of the files under a folder. */
async function folderBytes(dir: string): Promise<{ files: number; bytes: number }> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	let files = 0;
	let bytes = 0;
	for (const entry of entries) {
		if (!entry.isFile()) continue;
		files += 1;
		bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
	}
	return { files, bytes };
}

/**
 * The catalogue's search index (docs/search.md): once every page is
 * built, Pagefind reads the product pages of dist/client and writes dist/client/pagefind/. Only
 * what a product page marks with data-pagefind-body is indexed (name, brand, category,
 * description, highlights), with the filters, metadata and sort key the page declares; the
 * language comes from <html lang="it">, so words are stemmed as Italian. Listed before the
 * service worker's integration in astro.config.mjs, so its files are there when the precache
 * manifest is made, and it runs before scripts/precompress.mjs, which compresses pagefind.js and
 * pagefind-entry.json (the other files are compressed by Pagefind itself). A failure stops the
 * build: a site whose search finds nothing is broken.
 */
export default function pagefindIndex(): AstroIntegration {
	return {
		name: 'vigorsport:pagefind',
		hooks: {
			'astro:build:done': async ({ dir, logger }) => {
				const clientDir = fileURLToPath(dir);
				const started = performance.now();
				const { index, errors } = await pagefind.createIndex({});
				try {
					if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
					// Product pages only: /prodotti/<categoria>/<prodotto>.html; the other pages in
					// there (the variants page) have no data-pagefind-body and are left out anyway.
					const added = await index.addDirectory({ path: clientDir, glob: 'prodotti/*/*.html' });
					if (added.errors.length > 0) throw new Error(added.errors.join('; '));
					if (added.page_count === 0) throw new Error('Pagefind: nessuna pagina prodotto');
					const outputPath = path.join(clientDir, PAGEFIND_DIR);
					const written = await index.writeFiles({ outputPath });
					if (written.errors.length > 0) throw new Error(written.errors.join('; '));
					for (const name of await readdir(outputPath)) {
						if (isUnusedPagefindFile(name)) await rm(path.join(outputPath, name));
					}
					const { files, bytes } = await folderBytes(outputPath);
					const ms = Math.round(performance.now() - started);
					logger.info(
						// Pages read: the product pages, which are indexed, and the others of those
						// folders (variants, not-found), left out for want of data-pagefind-body.
						`${added.page_count} pages read, index in ${ms} ms: ${files} files, ${bytes} bytes`,
					);
				} finally {
					await pagefind.close();
				}
			},
		},
	};
}
