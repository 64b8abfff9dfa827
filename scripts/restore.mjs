// @ts-check
// `npm run restore -- <copia>`: puts a backup made by `npm run backup` in place of the messages
// database (CONTACT_DB_PATH, default data/messages.sqlite). Refuses while the server runs (the
// database is open: see src/server/operations/backup.ts), checks the copy first, and keeps the
// database it replaces beside it (<nome>.prima-del-ripristino-<ora>).
//
// Usage: sudo systemctl stop vigorsport && npm run restore -- <copia> && sudo systemctl start vigorsport
// Exit status: 0 done, 1 refused or failed (nothing changed), 2 bad usage.
import { importOps, root } from './ops-module.mjs';

const args = process.argv.slice(2);
const [file] = args;
if (args.length !== 1 || !file) {
	console.error('Uso: npm run restore -- <file della copia>');
	process.exit(2);
}
const { databasePath, restoreDatabase } = await importOps();
const dbPath = databasePath(process.env, root);
try {
	const result = restoreDatabase({ dbPath, file });
	console.log(
		`Ripristinato ${dbPath} da ${file} (${result.messages} messaggi, ${result.reservations} prenotazioni).`,
	);
	if (result.previous)
		console.log(`Il database sostituito è stato conservato in ${result.previous}.`);
} catch (error) {
	console.error(error instanceof Error && error.name === 'BackupError' ? error.message : error);
	process.exit(1);
}
