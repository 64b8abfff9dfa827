// @ts-check
// `npm run magazzino -- …`: the shops' stock as CSV, exported and imported on the server
// (src/server/stock/cli.ts says the commands; `npm run magazzino` alone prints them).
//
// Reads CONTACT_DB_PATH (default data/messages.sqlite: the server's database) through the
// compiled module dist/server/magazzino.mjs, and the catalogue of the build served
// (dist/client): run `npm run build` once first. The export goes to stdout, so
// `npm run --silent magazzino -- esporta > magazzino.csv` writes a file Excel opens.
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
const stock = await import(pathToFileURL(modulePath).href);
const args = process.argv.slice(2);

if (args.length === 0) {
	console.log(stock.STOCK_HELP);
	process.exit(0);
}

try {
	await stock.runStockCommand(args, {
		env: process.env,
		root,
		clientDir: join(distDir, 'client'),
		print: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
	});
} catch (error) {
	if (error instanceof stock.StockCliError) {
		console.error(error.message);
		process.exitCode = error.exitCode;
	} else {
		throw error;
	}
}
