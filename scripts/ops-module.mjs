// @ts-check
// The compiled operations module (dist/server/ops.mjs, from src/server/script-exports.ts) for
// scripts/backup.mjs and scripts/restore.mjs, and the database path they work on; the same import
// of any compiled module for the staff commands (andamento, avvisi, magazzino).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** The build the commands read: DIST_DIR, else the repository's dist/. */
export const distDir = process.env.DIST_DIR ?? join(root, 'dist');

/**
 * Imports one of the build's compiled server modules (dist/server/<file>, from
 * src/server/script-exports.ts), or stops with a message in Italian when the build is missing.
 * @param {string} file e.g. `magazzino.mjs`
 * @returns {Promise<import('../src/server/script-exports.ts')>}
 */
export async function importBuilt(file) {
	const modulePath = join(distDir, 'server', file);
	if (!existsSync(modulePath)) {
		console.error(`Manca ${modulePath}: esegui prima \`npm run build\`.`);
		process.exit(1);
	}
	return import(pathToFileURL(modulePath).href);
}

/** Imports dist/server/ops.mjs, or stops with a message when the build is missing. */
export function importOps() {
	return importBuilt('ops.mjs');
}
