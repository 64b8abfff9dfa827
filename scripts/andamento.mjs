// @ts-check
// `npm run andamento -- [--negozio ID] [--da AAAA-MM-GG --a AAAA-MM-GG] [--csv]`: the figures of
// /gestione/andamento for the terminal or a spreadsheet (src/server/reports/cli.ts says the
// options; `npm run andamento -- --help` prints them).
//
// Reads CONTACT_DB_PATH (default data/messages.sqlite: the server's database) through the
// compiled module dist/server/magazzino.mjs, and the catalogue of the build served
// (dist/client): run `npm run build` once first. With --csv, `npm run --silent andamento --
// --csv > andamento.csv` writes a file Excel opens.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const modulePath = join(distDir, 'server/magazzino.mjs');

if (!existsSync(modulePath)) {
	console.error(`Manca ${modulePath}: esegui prima \`npm run build\`.`);
	process.exit(1);
}

/** @type {import('../src/server/script-exports.ts')} */
const report = await import(pathToFileURL(modulePath).href);

try {
	await report.runReportCommand(process.argv.slice(2), {
		env: process.env,
		root,
		clientDir: join(distDir, 'client'),
		print: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
	});
} catch (error) {
	if (error instanceof report.ReportCliError) {
		console.error(error.message);
		process.exitCode = error.exitCode;
	} else {
		throw error;
	}
}
