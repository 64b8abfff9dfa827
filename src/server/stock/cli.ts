/**
 * `npm run magazzino -- …` (scripts/magazzino.mjs runs this, bundled as
 * dist/server/magazzino.mjs): the stock as CSV on the server, the same export and import as the
 * stock page's. Italian output and errors; exit code 0, 1 for a refused file, 2 for a malformed
 * command.
 *
 *   esporta [--negozio ID]                                  the CSV to stdout
 *   importa FILE [--motivo conteggio|arrivo] [--conferma [--versione N]]
 *                                                           the differences; applied with --conferma
 *
 * The file is read as a stream (csv-read.ts): a file past the row or byte limit is refused as
 * soon as the limit is passed, never read whole. A preview of a count prints the ledger's
 * version it read; confirming with `--versione` refuses the whole file, naming the rows, when
 * any row moved since (a sale between the preview and the confirmation is never undone).
 *
 * Movements made here are the system's, with a note naming the file: the command is run by
 * whoever has the server, not by a signed-in member of staff. The service itself is opened by
 * the facade (src/server/services/stock.ts, `openStockService`), which knows the reservations'
 * holds; src/server/script-exports.ts binds the two for the script.
 */
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { differenceText, exportStock, IMPORT_MODES, importStock, type ImportMode } from './csv';
import type { StockService } from './service';

export const STOCK_HELP = `Magazzino: i pezzi dei negozi come file CSV (separato da punto e virgola, per Excel).

  npm run magazzino -- esporta [--negozio torino] > magazzino.csv
      scrive negozio;prodotto;variante;nome;in_negozio;prenotati;disponibili;scorta_minima;in_attesa,
      una riga per variante e negozio
  npm run magazzino -- importa magazzino.csv [--motivo conteggio|arrivo] [--conferma]
      legge negozio;prodotto;variante;pezzi (le altre colonne sono ignorate).
      conteggio (predefinito): pezzi è il numero contato; arrivo: pezzi arrivati, da aggiungere.
      Senza --conferma mostra solo le differenze; con --conferma le registra tutte insieme.
      Con --versione N (il numero dell'anteprima) nessun pezzo cambia se nel frattempo una
      riga del file è cambiata in magazzino.
      Una riga sbagliata ferma tutto il file e nessun pezzo cambia.`;

/** A refused command: its Italian message and exit code. */
export class StockCliError extends Error {
	constructor(
		message: string,
		readonly exitCode: 1 | 2,
	) {
		super(message);
	}
}

/** What the command needs from outside. */
export interface StockCliContext {
	env: Readonly<Record<string, string | undefined>>;
	/** The project folder (the database and the seed are relative to it). */
	root: string;
	/** dist/client of the build served. */
	clientDir: string;
	print: (text: string) => void;
	/** Opens the stock service on the database of `env` and the build at `clientDir`. */
	open: (
		env: Readonly<Record<string, string | undefined>>,
		root: string,
		clientDir: string,
	) => StockServiceHandle;
}

function option(args: readonly string[], name: string): string | undefined {
	const index = args.indexOf(`--${name}`);
	if (index >= 0) {
		const value = args[index + 1];
		if (value === undefined || value.startsWith('--')) {
			throw new StockCliError(`Manca il valore di --${name}.`, 2);
		}
		return value;
	}
	const inline = args.find((arg) => arg.startsWith(`--${name}=`));
	return inline?.slice(name.length + 3);
}

/** An open stock service and how to close its database. */
export interface StockServiceHandle {
	service: StockService;
	close: () => void;
}

/** Runs one command; throws StockCliError for a refused or malformed one. */
export async function runStockCommand(args: readonly string[], context: StockCliContext) {
	const [command, ...rest] = args;
	if (command !== 'esporta' && command !== 'importa') {
		throw new StockCliError(
			command === undefined ? STOCK_HELP : `Comando sconosciuto «${command}».\n\n${STOCK_HELP}`,
			2,
		);
	}
	const known = new Set(['--negozio', '--motivo', '--conferma', '--versione']);
	const unknown = rest.find((arg) => arg.startsWith('--') && !known.has(arg.split('=')[0] ?? ''));
	if (unknown) throw new StockCliError(`Opzione sconosciuta «${unknown}».\n\n${STOCK_HELP}`, 2);
	const { service, close } = context.open(context.env, context.root, context.clientDir);
	try {
		if (command === 'esporta') {
			const shop = option(rest, 'negozio');
			if (shop !== undefined && !service.shops.some((candidate) => candidate.id === shop)) {
				throw new StockCliError(
					`Il negozio «${shop}» non esiste. Negozi: ${service.shops.map((s) => s.id).join(', ')}.`,
					2,
				);
			}
			context.print(await exportStock(service, shop === undefined ? undefined : [shop]));
			return;
		}
		const file = rest.find(
			(arg, index) =>
				!arg.startsWith('--') && !rest[index - 1]?.match(/^--(negozio|motivo|versione)$/),
		);
		if (!file) throw new StockCliError(`Indica il file da importare.\n\n${STOCK_HELP}`, 2);
		const mode = option(rest, 'motivo') ?? 'conteggio';
		if (!IMPORT_MODES.includes(mode as ImportMode)) {
			throw new StockCliError(`--motivo deve essere ${IMPORT_MODES.join(' o ')}.`, 2);
		}
		const asked = option(rest, 'versione');
		const movedAfter = asked === undefined ? undefined : Number(asked);
		if (movedAfter !== undefined && !(Number.isSafeInteger(movedAfter) && movedAfter >= 0)) {
			throw new StockCliError('--versione deve essere il numero dato dall’anteprima.', 2);
		}
		const handle = await open(file, 'r').catch(() => null);
		if (handle === null) throw new StockCliError(`Non riesco a leggere il file «${file}».`, 1);
		const apply = rest.includes('--conferma');
		const result = await importStock(
			service,
			handle.createReadStream(),
			mode as ImportMode,
			apply,
			{ system: `Importato con npm run magazzino da ${basename(file)}` },
			movedAfter,
		);
		if (!result.ok) {
			throw new StockCliError(`${file}: ${result.message}\nNessun pezzo è cambiato.`, 1);
		}
		const lines = result.differences.map(differenceText);
		const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
		const read = count(result.rows, 'riga letta', 'righe lette');
		const found = count(result.differences.length, 'differenza', 'differenze');
		if (result.differences.length === 0) {
			context.print(`Nessuna differenza (${read}): il magazzino è già così.`);
		} else if (result.applied) {
			context.print([`Registrate ${found} (${read}):`, ...lines].join('\n'));
		} else {
			context.print(
				[
					`${found} (${read}), non ancora registrate:`,
					...lines,
					'',
					mode === 'conteggio' && result.version !== undefined
						? `Per registrarle tutte insieme aggiungi --conferma --versione ${result.version} (se nel frattempo una riga cambia in magazzino, nessun pezzo viene registrato).`
						: 'Per registrarle tutte insieme aggiungi --conferma.',
				].join('\n'),
			);
		}
	} finally {
		close();
	}
}
