import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
	contentSecurityPolicy,
	hashSource,
	inlineSourcesOf,
	trustedInlineScripts,
	type FoundScript,
} from '../lib/http/csp';
import { ERROR_PAGE_STYLE } from '../server/core/submission-responses';
import { ADMIN_CSP } from '../lib/cms/vendor';
import { formatHeadersFile, pagePatterns } from '../lib/http/headers';
import { ISLAND_STYLES, astroRuntimeScripts } from './astro-runtime';
import { sitePages } from './html-files';
import { SPECULATION_RULES } from '../lib/catalogue/prefetch-rules';

/**
 * Writes dist/client/_headers once every page is built: the cache rules, the security headers
 * and, for pages, a Content-Security-Policy allowing by hash the inline styles of the built pages
 * (and of the contact form's error page) and the inline scripts the site's own templates and
 * Astro define (src/lib/http/csp.ts). A CDN host applies the file; the server (src/server/) reads it
 * back, so both send the same headers. Any other inline script (say one that came from content
 * despite the sanitiser), a `style` attribute or an inline event handler fails the build, in
 * Italian, with the page's name.
 */
export default function hostHeaders(): AstroIntegration {
	const runtime = astroRuntimeScripts();
	return {
		name: 'host-headers',
		hooks: {
			'astro:build:ssr': runtime.collect,
			'astro:build:done': async ({ dir, logger }) => {
				const clientDir = fileURLToPath(dir);
				const found: FoundScript[] = [];
				const styles = new Set<string>();
				const blocked: string[] = [];
				// The editor's page has a policy of its own (ADMIN_CSP) and none of the site's scripts.
				const files = await sitePages(clientDir);
				for (const file of files) {
					const sources = inlineSourcesOf(await readFile(path.join(clientDir, file), 'utf8'));
					sources.scripts.forEach((body, index) => {
						found.push({ file, body, mark: sources.scriptMarks[index] ?? null });
					});
					for (const body of sources.styles) styles.add(hashSource(body));
					if (sources.styleAttributes > 0) {
						blocked.push(`${file}: ${sources.styleAttributes} attributi style`);
					}
					if (sources.eventHandlers > 0) {
						blocked.push(`${file}: ${sources.eventHandlers} gestori di eventi (on…)`);
					}
				}
				const trusted = trustedInlineScripts(found, runtime.scripts);
				if (trusted.problems.length > 0) {
					throw new Error(
						`Queste pagine hanno script scritti dentro l'HTML che i modelli del sito non ` +
							`definiscono (per esempio un <script> nel markdown di un prodotto): il sito ` +
							`non li autorizza. Togliete lo script dal testo; nel codice, un nuovo script ` +
							`inline va aggiunto a SITE_SCRIPTS in src/lib/http/csp.ts.\n  ` +
							trusted.problems.join('\n  '),
					);
				}
				const scripts = new Set([...trusted.allowed].map(hashSource));
				// The prefetch rules in every page's head (BaseLayout.astro): not a script that runs,
				// but Chromium checks a rule set against script-src all the same.
				scripts.add(hashSource(SPECULATION_RULES));
				if (blocked.length > 0) {
					// In Italian, like the content errors: an editor's markdown with raw HTML can cause it.
					throw new Error(
						`Queste pagine hanno stili o script scritti dentro l'HTML (attributi style o ` +
							`onclick…), che la politica di sicurezza del sito blocca: togliete l'attributo ` +
							`dal testo (per esempio dal markdown del prodotto) o, nel codice, usate una ` +
							`classe o un file di script.\n  ${blocked.join('\n  ')}`,
					);
				}
				// The pages the server renders on demand: the contact form's error page, and the
				// island rule Astro writes into a page with islands (the build moves it out of the
				// built pages into the stylesheet: src/lib/build/late-script.ts).
				styles.add(hashSource(ERROR_PAGE_STYLE));
				styles.add(hashSource(ISLAND_STYLES));
				const policy = contentSecurityPolicy({ scripts, styles });
				await writeFile(
					path.join(clientDir, '_headers'),
					formatHeadersFile(policy, pagePatterns(files), ADMIN_CSP),
				);
				logger.info(
					`_headers written: ${scripts.size} inline script and ${styles.size} inline style ` +
						`hash(es) from ${files.length} pages.`,
				);
			},
		},
	};
}
