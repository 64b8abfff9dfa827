import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import {
	STARTER,
	withLateScript,
	withRuntimeAsModules,
	withoutIslandStyle,
} from '../lib/build/late-script';
import { ISLAND_STYLES, astroRuntimeScripts } from './astro-runtime';
import { sitePages } from './html-files';

/**
 * Takes the layout's module script out of every built page and hands its address to the inline
 * script «avvio», which imports it after the first paint, and makes Astro's inline island loader
 * module scripts, which never stop the parser, and leaves Astro's island rule to the stylesheet
 * (src/lib/build/late-script.ts). Listed
 * before the search index and the service worker in astro.config.mjs: both read the pages as they
 * are finally written. A page with «avvio» but no module script before it stops the build.
 */
export default function lateScript(): AstroIntegration {
	const runtime = astroRuntimeScripts();
	return {
		name: 'vigorsport:late-script',
		hooks: {
			'astro:build:ssr': runtime.collect,
			'astro:build:done': async ({ dir, logger }) => {
				const clientDir = fileURLToPath(dir);
				const missing: string[] = [];
				let pages = 0;
				let loaders = 0;
				for (const page of await sitePages(clientDir)) {
					const file = path.join(clientDir, page);
					const html = await readFile(file, 'utf8');
					const { html: moved, late, missing: lost } = withLateScript(html);
					if (lost) missing.push(page);
					const written = withoutIslandStyle(
						withRuntimeAsModules(moved, runtime.scripts),
						ISLAND_STYLES,
					);
					if (written !== html) await writeFile(file, written);
					if (late !== null) pages += 1;
					if (written !== moved) loaders += 1;
				}
				if (missing.length) {
					throw new Error(
						`Lo script della pagina non precede «${STARTER}» in: ${missing.join(', ')} ` +
							'(src/layouts/BaseLayout.astro, src/lib/build/late-script.ts).',
					);
				}
				logger.info(
					`script della pagina dopo il primo disegno in ${pages} pagine; ` +
						`caricatore delle isole come modulo in ${loaders}`,
				);
			},
		},
	};
}
