/**
 * The build the server serves: dist/client (the site's files) and dist/server (Astro's handler).
 * A missing piece stops the server with a hint to run `npm run build`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The folders of a build. */
export interface BuildDirs {
	client: string;
	server: string;
}

export function buildDirs(distDir: string): BuildDirs {
	return { client: join(distDir, 'client'), server: join(distDir, 'server') };
}

/** Prints the message and stops the process (start-up only). */
export function stop(message: string): never {
	console.error(message);
	process.exit(1);
}

/** Imports a module of dist/server, or stops with a hint when the build has not run. */
export async function importBuilt(dirs: BuildDirs, file: string): Promise<unknown> {
	const path = join(dirs.server, file);
	try {
		return (await import(pathToFileURL(path).href)) as unknown;
	} catch (error) {
		const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
		if (code === 'ERR_MODULE_NOT_FOUND' && String(message).includes(path)) {
			stop(`Missing ${path}: run \`npm run build\` first.`);
		}
		throw error;
	}
}

/** Reads a file of dist/client, or stops with a hint when the build has not run. */
export function readBuilt(dirs: BuildDirs, file: string): Buffer {
	const path = join(dirs.client, file);
	try {
		return readFileSync(path);
	} catch (error) {
		const code = (error as { code?: unknown } | null)?.code;
		return stop(`Cannot read ${path} (${String(code ?? error)}): run \`npm run build\` first.`);
	}
}

/** Reads a file of dist/client that the build may leave out (a compressed copy), or undefined. */
export function readBuiltIfAny(dirs: BuildDirs, file: string): Buffer | undefined {
	const path = join(dirs.client, file);
	return existsSync(path) ? readFileSync(path) : undefined;
}
