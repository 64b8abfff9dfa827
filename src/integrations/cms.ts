import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { CMS_BASE, vendorFiles, type VendorFile } from '../lib/cms/vendor';

const TYPES: Record<string, string> = {
	'.js': 'text/javascript; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.woff2': 'font/woff2',
};

/**
 * Serves the editor's files (src/lib/cms/vendor.ts) under /admin/cms/: from memory under
 * `astro dev` (npm run editor), written into dist/client/admin/cms/ by `astro build`. They are
 * never copied into the repository: the pinned package is their only source.
 */
export default function cms(): AstroIntegration {
	let root = '';
	let files: VendorFile[] | null = null;
	const load = () => (files ??= vendorFiles(path.join(root, 'node_modules/@sveltia/cms')));
	return {
		name: 'cms-files',
		hooks: {
			'astro:config:setup': ({ config }) => {
				root = fileURLToPath(config.root);
			},
			'astro:server:setup': ({ server }) => {
				server.middlewares.use((req, res, next) => {
					const url = new URL(req.url ?? '/', 'http://localhost');
					if (!url.pathname.startsWith(`${CMS_BASE}/`)) return next();
					const file = load().find((f) => `${CMS_BASE}/${f.path}` === url.pathname);
					if (!file) return next();
					res.setHeader(
						'Content-Type',
						TYPES[path.extname(file.path)] ?? 'application/octet-stream',
					);
					res.end(file.contents);
				});
			},
			'astro:build:done': async ({ dir }) => {
				const out = path.join(fileURLToPath(dir), CMS_BASE);
				for (const file of load()) {
					await mkdir(path.dirname(path.join(out, file.path)), { recursive: true });
					await writeFile(path.join(out, file.path), file.contents);
				}
			},
		},
	};
}
