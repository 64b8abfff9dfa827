/**
 * `npm run andamento -- [--negozio ID] [--da AAAA-MM-GG --a AAAA-MM-GG] [--csv]`: the figures
 * of /gestione/andamento for the terminal, or, with --csv, each variant's for a spreadsheet
 * (`;`, UTF-8 with BOM, as the stock's CSV). Reads the server's database (CONTACT_DB_PATH) and
 * the build's catalogue, as `npm run magazzino` does; sends nothing.
 */
import { stringify } from 'csv-stringify/sync';
import { coverText, durationText } from '../../lib/reports/formulas';
import { parsePeriod } from '../../lib/reports/period';
import { BOM, safeCell } from '../../lib/stock/csv';
import type { ReportFigures } from './figures';
import type { ReportService } from './service';

/** What the command prints when asked for help, or called wrong. */
export const REPORT_HELP = `npm run andamento -- [--negozio ID] [--da AAAA-MM-GG --a AAAA-MM-GG] [--csv]

  Stampa l'andamento dei negozi: prenotazioni, vendite, sell-through, giorni di copertura e
  l'elenco da riordinare per marca, come la pagina /gestione/andamento.

  --negozio ID   un negozio solo (senza: tutti i negozi insieme)
  --da, --a      il periodo, giorni compresi (senza: questa settimana, da lunedì)
  --csv          le cifre di ogni variante come CSV (punto e virgola, per Excel)`;

/** A refusal of the command: its Italian words and its exit code. */
export class ReportCliError extends Error {
	constructor(
		message: string,
		readonly exitCode = 2,
	) {
		super(message);
		this.name = 'ReportCliError';
	}
}

/** What the command needs. */
export interface ReportCliContext {
	env: Readonly<Record<string, string | undefined>>;
	root: string;
	clientDir: string;
	print(text: string): void;
	open(
		env: Readonly<Record<string, string | undefined>>,
		root: string,
		clientDir: string,
	): { service: ReportService; close: () => void };
}

/** The options of the command line. */
function optionsOf(args: readonly string[]): {
	shop: string | null;
	from: string | null;
	to: string | null;
	csv: boolean;
} {
	const options = {
		shop: null as string | null,
		from: null as string | null,
		to: null as string | null,
		csv: false,
	};
	for (let index = 0; index < args.length; index += 1) {
		const arg = args[index];
		const value = () => {
			const next = args[index + 1];
			if (next === undefined || next.startsWith('--')) {
				throw new ReportCliError(`Manca il valore di ${arg ?? ''}.\n\n${REPORT_HELP}`);
			}
			index += 1;
			return next;
		};
		switch (arg) {
			case '--negozio':
				options.shop = value();
				break;
			case '--da':
				options.from = value();
				break;
			case '--a':
				options.to = value();
				break;
			case '--csv':
				options.csv = true;
				break;
			default:
				throw new ReportCliError(`Opzione sconosciuta: ${arg ?? ''}.\n\n${REPORT_HELP}`);
		}
	}
	if ((options.from === null) !== (options.to === null)) {
		throw new ReportCliError(`Indica sia --da sia --a.\n\n${REPORT_HELP}`);
	}
	return options;
}

const percentText = (value: number | null) => (value === null ? 'n/d' : `${value} %`);

/** The figures as the terminal shows them. */
export function reportText(figures: ReportFigures, shopLabel: string): string {
	const { reservations: r } = figures;
	const lines = [
		`Andamento: ${shopLabel}, ${figures.period.label}`,
		'',
		'Prenotazioni',
		`  Prenotazioni            ${r.made}`,
		`  Ritirate                ${r.collected}`,
		`  Non ritirate            ${r.notCollected} (${percentText(r.noShowRate)})`,
		`  Annullate               ${r.cancelledByCustomer + r.cancelledByStaff} (${r.cancelledByCustomer} dal cliente, ${r.cancelledByStaff} dal negozio)`,
		`  Tempo fino a «Pronta»   ${durationText(r.medianToReadyMs)} (mediana)`,
		`  Pezzi prenotati ora     ${figures.heldNow}`,
		'',
		'Vendite',
		`  Vendite al banco        ${figures.sales.counterSales} pezzi`,
		`  Ritiri di prenotazioni  ${figures.sales.collections} pezzi`,
	];
	if (figures.topProducts.length > 0) {
		lines.push('', 'I più venduti');
		figures.topProducts.forEach((product, index) =>
			lines.push(`  ${index + 1}. ${product.productName} (${product.brand}): ${product.pieces}`),
		);
	}
	if (figures.variants.length > 0) {
		lines.push('', 'Variante per variante (venduti · sell-through · giorni di copertura)');
		for (const variant of figures.variants) {
			lines.push(
				`  ${variant.productName}, ${variant.variantLabel} [${variant.shopId}]: ${variant.sold} · ${percentText(variant.sellThrough)} · ${coverText(variant.cover)}`,
			);
		}
	}
	lines.push('', 'Da riordinare');
	if (figures.reorder.length === 0) lines.push('  Niente da riordinare.');
	for (const group of figures.reorder) {
		lines.push(
			`  ${group.brand} (consegna ${group.leadDays} giorni, copertura ${group.coverDays} giorni)`,
		);
		for (const line of group.lines) {
			lines.push(
				`    ${line.productName}, ${line.variantLabel} [${line.shopId}]: disponibili ${line.available}, da ordinare ${line.suggested}`,
			);
		}
	}
	return lines.join('\n');
}

/** Each variant's figures as CSV, for a spreadsheet. */
export function reportCsv(figures: ReportFigures): string {
	const suggested = new Map(
		figures.reorder.flatMap((group) =>
			group.lines.map((line) => [
				`${line.shopId}\n${line.productId}\n${line.variantId}`,
				line.suggested,
			]),
		),
	);
	const header = [
		'negozio',
		'marca',
		'prodotto',
		'variante',
		'venduti',
		'arrivati',
		'in_negozio_inizio',
		'sell_through',
		'disponibili',
		'giorni_copertura',
		'da_ordinare',
	];
	const rows = figures.variants.map((variant) => [
		safeCell(variant.shopId),
		safeCell(variant.brand),
		safeCell(variant.productName),
		safeCell(variant.variantLabel),
		String(variant.sold),
		String(variant.received),
		String(variant.onHandAtStart),
		variant.sellThrough === null ? '' : String(variant.sellThrough),
		String(variant.available),
		typeof variant.cover === 'object'
			? String(variant.cover.days)
			: variant.cover === 'cap'
				? '365+'
				: '',
		String(suggested.get(`${variant.shopId}\n${variant.productId}\n${variant.variantId}`) ?? 0),
	]);
	return BOM + stringify([header, ...rows], { delimiter: ';', record_delimiter: '\r\n' });
}

/** Runs one command. */
export async function runReportCommand(
	args: readonly string[],
	context: ReportCliContext,
): Promise<void> {
	if (args.includes('--help') || args.includes('-h')) {
		context.print(REPORT_HELP);
		return;
	}
	const options = optionsOf(args);
	const { service, close } = context.open(context.env, context.root, context.clientDir);
	try {
		const shops = service.shops;
		if (options.shop !== null && !shops.some((shop) => shop.id === options.shop)) {
			throw new ReportCliError(
				`Negozio sconosciuto: ${options.shop}. I negozi sono: ${shops.map((shop) => shop.id).join(', ')}.`,
			);
		}
		const parsed = parsePeriod(
			options.from === null ? {} : { periodo: 'intervallo', da: options.from, a: options.to },
			service.now(),
		);
		if ('error' in parsed) throw new ReportCliError(parsed.error);
		const shopIds = options.shop === null ? shops.map((shop) => shop.id) : [options.shop];
		const figures = await service.figures(shopIds, parsed.period);
		if (options.csv) {
			context.print(reportCsv(figures));
			return;
		}
		const label =
			options.shop === null
				? shops.map((shop) => shop.name).join(' e ')
				: (shops.find((shop) => shop.id === options.shop)?.name ?? options.shop);
		context.print(reportText(figures, label));
	} finally {
		close();
	}
}
