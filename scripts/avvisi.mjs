// @ts-check
// `npm run avvisi -- elenca <email>` / `cancella <email>`: one person's requests 'Avvisami',
// listed for an access request or deleted for an erasure request (docs/alerts.md).
//
// Reads CONTACT_DB_PATH (default data/messages.sqlite: the server's database) through the
// compiled module dist/server/avvisi.mjs: run `npm run build` once first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const modulePath = join(distDir, 'server/avvisi.mjs');

if (!existsSync(modulePath)) {
	console.error(`Manca ${modulePath}: esegui prima \`npm run build\`.`);
	process.exit(1);
}

/** @type {import('../src/server/script-exports.ts')} */
const alerts = await import(pathToFileURL(modulePath).href);
const args = process.argv.slice(2);

if (args.length === 0) {
	console.log(alerts.ALERTS_HELP);
	process.exit(0);
}

try {
	console.log(alerts.runAlertsCommand(args, { env: process.env, root }));
} catch (error) {
	if (error instanceof alerts.AlertsCliError) {
		console.error(error.message);
		process.exitCode = error.exitCode;
	} else {
		throw error;
	}
}
