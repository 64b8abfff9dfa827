// `npm run messages`: prints the stored contact messages, newest first, with what happened to
// their e-mails, for staff who do not receive them (simulation mode, mail server down).
// `npm run prenotazioni` (this script with --prenotazioni): the same for the pickup
// reservations, with their code, shop, day, items and customer. Each entry shows the address it
// was sent from. The kinds and their reports come from the registry of kinds
// (src/server/services/index.ts): a new kind's report needs nothing here.
//
// Usage: npm run messages [-- --limit N]
//        npm run prenotazioni [-- --limit N]
// Reads CONTACT_DB_PATH (default data/messages.sqlite, relative to the project folder) through
// the compiled module dist/server/contact.mjs (from src/server/script-exports.ts): run
// `npm run build` once first.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const modulePath = join(process.env.DIST_DIR ?? join(root, 'dist'), 'server/contact.mjs');

function limitFromArgs(args) {
	const at = args.findIndex((arg) => arg === '--limit' || arg.startsWith('--limit='));
	if (at === -1) return undefined;
	const raw = args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
	const limit = Number(raw);
	if (!Number.isSafeInteger(limit) || limit < 1) {
		console.error('--limit vuole un numero intero positivo, ad esempio --limit 20.');
		process.exit(2);
	}
	return limit;
}

const args = process.argv.slice(2);
const limit = limitFromArgs(args);
if (!existsSync(modulePath)) {
	console.error(`Manca ${modulePath}: esegui prima \`npm run build\`.`);
	process.exit(1);
}
const { REGISTRY, SubmissionStore, databasePath } = await import(pathToFileURL(modulePath).href);

// The kind whose option was given (`--prenotazioni`), else the one printed by default: every
// kind with a report declares which (src/server/services/index.ts).
const reported = REGISTRY.kinds.filter((kind) => kind.report);
const kind =
	reported.find((each) => each.report.option !== null && args.includes(each.report.option)) ??
	reported.find((each) => each.report.option === null);
const dbPath = databasePath(process.env, root);
if (!existsSync(dbPath)) {
	console.log(`${kind.report.none} (il database ${dbPath} non esiste ancora).`);
	process.exit(0);
}
const store = SubmissionStore.open(dbPath, REGISTRY, { create: false });
try {
	console.log(`Database: ${dbPath}\n`);
	console.log(kind.report.format(store.db, limit));
} finally {
	store.close();
}
