// `npm run messages`: prints the stored contact messages, newest first, with what happened to
// their e-mails, for staff who do not receive them (simulation mode, mail server down).
// `npm run prenotazioni` (this script with --prenotazioni): the same for the pickup
// reservations, with their code, shop, day, items and customer.
//
// Usage: npm run messages [-- --limit N]
//        npm run prenotazioni [-- --limit N]
// Reads CONTACT_DB_PATH (default data/messages.sqlite, relative to the project folder) through
// the compiled contact module, dist/server/contact.mjs (from src/server/contact/index.ts): run
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
const reservations = args.includes('--prenotazioni');
if (!existsSync(modulePath)) {
	console.error(`Manca ${modulePath}: esegui prima \`npm run build\`.`);
	process.exit(1);
}
const { ContactStore, contactDbPath, formatMessageReport, formatReservationReport } = await import(
	pathToFileURL(modulePath).href
);

const dbPath = contactDbPath(process.env, root);
if (!existsSync(dbPath)) {
	const what = reservations ? 'Nessuna prenotazione salvata' : 'Nessun messaggio salvato';
	console.log(`${what} (il database ${dbPath} non esiste ancora).`);
	process.exit(0);
}
const store = ContactStore.open(dbPath, { create: false });
try {
	console.log(`Database: ${dbPath}\n`);
	console.log(
		reservations
			? formatReservationReport(store.listReservations(limit), store.countReservations())
			: formatMessageReport(store.listMessages(limit), store.countMessages()),
	);
} finally {
	store.close();
}
