// @ts-check
// The compiled operations module (dist/server/ops.mjs, from src/server/script-exports.ts) for
// scripts/backup.mjs and scripts/restore.mjs, and the database path they work on.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Imports dist/server/ops.mjs, or stops with a message when the build is missing. */
export async function importOps() {
	const modulePath = join(process.env.DIST_DIR ?? join(root, 'dist'), 'server/ops.mjs');
	if (!existsSync(modulePath)) {
		console.error(`Manca ${modulePath}: esegui prima \`npm run build\`.`);
		process.exit(1);
	}
	return import(pathToFileURL(modulePath).href);
}
