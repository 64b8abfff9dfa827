// @ts-check
// `npm run andamento -- [--negozio ID] [--da AAAA-MM-GG --a AAAA-MM-GG] [--csv]`: the figures of
// /gestione/andamento for the terminal or a spreadsheet (src/server/reports/cli.ts says the
// options; `npm run andamento -- --help` prints them).
//
// Reads CONTACT_DB_PATH (default data/messages.sqlite: the server's database) through the
// compiled module dist/server/magazzino.mjs, and the catalogue of the build served
// (dist/client): run `npm run build` once first. With --csv, `npm run --silent andamento --
// --csv > andamento.csv` writes a file Excel opens.
import { join } from 'node:path';
import { distDir, importBuilt, root } from './ops-module.mjs';

const report = await importBuilt('magazzino.mjs');

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
