import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { contentSecurityPolicy, hashSource, inlineSourcesOf } from '../lib/http/csp';
import { ERROR_PAGE_STYLE } from '../lib/contact/http';
import { formatHeadersFile, pagePatterns } from '../lib/http/headers';

/** The HTML files under a folder, as paths relative to it, sorted. */
async function htmlFiles(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { recursive: true, withFileTypes: true });
	return entries
		.filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
		.map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
		.sort();
}

/**
 * Writes dist/client/_headers once every page is built: the cache rules, the security headers
 * and, for pages, a Content-Security-Policy allowing the inline scripts and styles of the built
 * pages (and of the contact form's error page) by hash (src/lib/http/csp.ts). A CDN host applies the file; server/serve.mjs reads it back, so
 * both send the same headers. A page with a `style` attribute or an inline event handler, which
 * the policy would block, fails the build with the page's name.
 */
export default function hostHeaders(): AstroIntegration {
	return {
		name: 'host-headers',
		hooks: {
			'astro:build:done': async ({ dir, logger }) => {
				const clientDir = fileURLToPath(dir);
				const scripts = new Set<string>();
				const styles = new Set<string>();
				const blocked: string[] = [];
				const files = await htmlFiles(clientDir);
				for (const file of files) {
					const sources = inlineSourcesOf(await readFile(path.join(clientDir, file), 'utf8'));
					for (const body of sources.scripts) scripts.add(hashSource(body));
					for (const body of sources.styles) styles.add(hashSource(body));
					if (sources.styleAttributes > 0) {
						blocked.push(`${file}: ${sources.styleAttributes} attributi style`);
					}
					if (sources.eventHandlers > 0) {
						blocked.push(`${file}: ${sources.eventHandlers} gestori di eventi (on…)`);
					}
				}
				if (blocked.length > 0) {
					// In Italian, like the content errors: an editor's markdown with raw HTML can cause it.
					throw new Error(
						`Queste pagine hanno stili o script scritti dentro l'HTML (attributi style o ` +
							`onclick…), che la politica di sicurezza del sito blocca: togliete l'attributo ` +
							`dal testo (per esempio dal markdown del prodotto) o, nel codice, usate una ` +
							`classe o un file di script.\n  ${blocked.join('\n  ')}`,
					);
				}
				// The one page the server renders on demand: the contact form's error page.
				styles.add(hashSource(ERROR_PAGE_STYLE));
				const policy = contentSecurityPolicy({ scripts, styles });
				await writeFile(
					path.join(clientDir, '_headers'),
					formatHeadersFile(policy, pagePatterns(files)),
				);
				logger.info(
					`_headers written: ${scripts.size} inline script and ${styles.size} inline style ` +
						`hash(es) from ${files.length} pages.`,
				);
			},
		},
	};
}
