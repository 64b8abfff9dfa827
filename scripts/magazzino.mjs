// @ts-check
// `npm run magazzino -- …`: the shops' stock as CSV, exported and imported on the server
// (src/server/stock/cli.ts says the commands; `npm run magazzino` alone prints them).
//
// Reads CONTACT_DB_PATH (default data/messages.sqlite: the server's database) through the
// compiled module dist/server/magazzino.mjs, and the catalogue of the build served
// (dist/client): run `npm run build` once first. The export goes to stdout, so
// `npm run --silent magazzino -- esporta > magazzino.csv` writes a file Excel opens.
import { join } from 'node:path';
import { distDir, importBuilt, root } from './ops-module.mjs';

const stock = await importBuilt('magazzino.mjs');
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
