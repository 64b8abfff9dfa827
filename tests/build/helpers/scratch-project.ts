import { cp, mkdir, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';

/** The repository root. */
export const root = path.resolve(import.meta.dirname, '../../..');

/** Astro's command-line entry, run with the current Node. */
export const astroBin = path.join(root, 'node_modules/astro/astro.js');

/**
 * Makes a project in `project` that runs the real code on a copy of content/. The code and the
 * configuration are copied (Astro resolves a linked component's scripts by its real path and
 * then cannot find them), and node_modules is a folder of links without Astro's and Vite's
 * caches, so the real project's cache (node_modules/.astro) is never touched.
 */
export async function createScratchProject(
	project: string,
	options: { withProducts?: boolean } = {},
): Promise<void> {
	await mkdir(path.join(project, 'node_modules'), { recursive: true });
	for (const entry of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
		await cp(path.join(root, entry), path.join(project, entry), { recursive: true });
	}
	for (const entry of await readdir(path.join(root, 'node_modules'))) {
		if (entry === '.astro' || entry === '.vite' || entry === '.cache') continue;
		await symlink(
			path.join(root, 'node_modules', entry),
			path.join(project, 'node_modules', entry),
		);
	}
	const products = path.join(root, 'content/products');
	await cp(path.join(root, 'content'), path.join(project, 'content'), {
		recursive: true,
		filter: (source) => options.withProducts !== false || !source.startsWith(products),
	});
}

/**
 * Lets a scratch project's build reuse the resized images of the main build, when there is one:
 * the build then only renders pages.
 */
export async function reuseMainBuildImages(project: string): Promise<void> {
	await cp(
		path.join(root, 'node_modules/.astro/assets'),
		path.join(project, 'node_modules/.astro/assets'),
		{ recursive: true },
	).catch(() => undefined);
}
