// @ts-check
// `npm run avvisi -- elenca <email>` / `cancella <email>`: one person's requests 'Avvisami',
// listed for an access request or deleted for an erasure request (docs/alerts.md).
//
// Reads CONTACT_DB_PATH (default data/messages.sqlite: the server's database) through the
// compiled module dist/server/avvisi.mjs: run `npm run build` once first.
import { importBuilt, root } from './ops-module.mjs';

const alerts = await importBuilt('avvisi.mjs');
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
