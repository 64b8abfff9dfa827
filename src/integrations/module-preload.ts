import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { withModulePreloads } from '../lib/build/module-preload';
import { sitePages } from './html-files';

/**
 * Adds to every built page a `<link rel="modulepreload">` for each module its scripts import
 * (src/lib/build/module-preload.ts), so the page script and its shared chunks arrive together
 * instead of one round trip after another. Listed before the search index and the service
 * worker in astro.config.mjs: both read the pages as they are finally written.
 */
export default function modulePreload(): AstroIntegration {
	return {
		name: 'vigorsport:module-preload',
		hooks: {
			'astro:build:done': async ({ dir, logger }) => {
				const clientDir = fileURLToPath(dir);
				const code = new Map<string, string | null>();
				/** A built file's code by its address, once per build. */
				const read = (address: string) => {
					if (!code.has(address)) {
						const file = path.join(clientDir, address);
						const inside = file.startsWith(clientDir) && address.endsWith('.js');
						code.set(address, inside && existsSync(file) ? readFileSync(file, 'utf8') : null);
					}
					return code.get(address) ?? null;
				};
				let pages = 0;
				for (const page of await sitePages(clientDir)) {
					const file = path.join(clientDir, page);
					const html = await readFile(file, 'utf8');
					const written = withModulePreloads(html, read);
					if (written === html) continue;
					await writeFile(file, written);
					pages += 1;
				}
				logger.info(`modulepreload per gli script di ${pages} pagine`);
			},
		},
	};
}
