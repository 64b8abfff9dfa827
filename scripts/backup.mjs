// @ts-check
// `npm run backup -- <cartella>`: a consistent copy of the messages database (CONTACT_DB_PATH,
// default data/messages.sqlite) into <cartella>, taken with SQLite's online backup API while the
// server runs, checked with PRAGMA integrity_check, readable by its owner only; only the newest
// BACKUP_KEEP copies (default 14) stay. src/server/operations/backup.ts does the work.
//
// Usage: npm run backup -- <cartella> [--keep N]     (<cartella> defaults to BACKUP_DIR)
// Exit status: 0 done, 1 failed (nothing half-written is left), 2 bad usage.
import { importOps, root } from './ops-module.mjs';

const args = process.argv.slice(2);
const keepAt = args.findIndex((arg) => arg === '--keep');
const keepRaw = keepAt === -1 ? process.env.BACKUP_KEEP : args[keepAt + 1];
const positional = args.filter(
	(_, index) => keepAt === -1 || (index !== keepAt && index !== keepAt + 1),
);
const folder = positional[0] ?? process.env.BACKUP_DIR;
if (!folder || positional.length > 1) {
	console.error('Uso: npm run backup -- <cartella> [--keep N]   (oppure BACKUP_DIR=<cartella>)');
	process.exit(2);
}

const { backupDatabase, databasePath, DEFAULT_KEEP } = await importOps();
const keep = keepRaw === undefined || keepRaw.trim() === '' ? DEFAULT_KEEP : Number(keepRaw);
if (!Number.isSafeInteger(keep) || keep < 1) {
	console.error(`--keep / BACKUP_KEEP vuole un numero intero da 1 in su (ricevuto "${keepRaw}").`);
	process.exit(2);
}
const dbPath = databasePath(process.env, root);
try {
	const result = await backupDatabase({ dbPath, folder, keep });
	console.log(
		`Copia di ${dbPath} salvata in ${result.file} (integrity_check ok: ${result.messages} messaggi, ${result.reservations} prenotazioni).`,
	);
	if (result.removed.length > 0) {
		console.log(`Copie più vecchie eliminate (se ne tengono ${keep}): ${result.removed.length}.`);
	}
} catch (error) {
	console.error(error instanceof Error && error.name === 'BackupError' ? error.message : error);
	process.exit(1);
}
