// @ts-check
// `npm run staff -- …`: the staff area's members and their one-time links, on the server
// (src/server/staff/cli.ts says the commands; `npm run staff` alone prints them).
//
// Reads CONTACT_DB_PATH (default data/messages.sqlite, relative to the project folder: the
// server's database) through the compiled staff module, dist/server/staff.mjs, and the shops of
// the build served (dist/client/api/ritiro.json): run `npm run build` once first. Links point at
// PUBLIC_ORIGIN, else SITE_URL, else https://www.vigorsport.it (`--origine` overrides it). Without
// SMTP_HOST (simulation mode) a link is printed here instead of e-mailed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const modulePath = join(distDir, 'server/staff.mjs');
const settingsPath = join(distDir, 'client/api/ritiro.json');

for (const file of [modulePath, settingsPath]) {
	if (!existsSync(file)) {
		console.error(`Manca ${file}: esegui prima \`npm run build\`.`);
		process.exit(1);
	}
}

/** @type {import('../src/server/script-exports.ts')} */
const staff = await import(pathToFileURL(modulePath).href);
const args = process.argv.slice(2);

if (args.length === 0) {
	console.log(staff.STAFF_HELP);
	process.exit(0);
}

/** @type {{ shops: { id: string, name: string }[] }} */
const settings = JSON.parse(readFileSync(settingsPath, 'utf8'));
const origin =
	process.env.PUBLIC_ORIGIN?.trim() || process.env.SITE_URL?.trim() || staff.SITE_ORIGIN;
const dbPath = staff.databasePath(process.env, root);

const store = staff.openStaffStore(dbPath);
try {
	staff.runStaffCommand(args, {
		store,
		shops: settings.shops.map(({ id, name }) => ({ id, name })),
		origin,
		now: Date.now(),
		mailLinks: Boolean(process.env.SMTP_HOST?.trim()),
		print: (line) => console.log(line),
	});
} catch (error) {
	if (error instanceof staff.StaffCliError) {
		console.error(error.message);
		process.exitCode = error.exitCode;
	} else {
		throw error;
	}
} finally {
	store.close();
}
