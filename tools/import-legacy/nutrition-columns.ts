import { VNR_FOOTNOTE, type NutritionTable } from '../../src/lib/catalogue/label';
import { normKey } from './nutrition-cells';
import { isSupplementCategory } from './supplement-categories';
import { shorten, type Notes } from './values';

/**
 * The columns of a nutrition table read from the old data (docs/import.md): what each counts (per
 * dose, per 100 g/ml, per serving), the old site's labels when the data names none, and the
 * builder that collects the cells column by column.
 */

/** What the parser knows of the product, for serving labels and fixed notes. */
export interface NutritionHints {
	slug: string;
	name: string;
	category: string;
}

/** How a column counts: per daily dose, per 100 g/ml, or per serving. */
export type ColumnKind = 'dose' | 'per100' | 'serving';

/** The note under tables whose serving column was labelled by the old site's defaults. */
export const SERVING_FOOTNOTE = '**Porzione consigliata';

const text = (product: NutritionHints) => `${product.slug} ${product.name}`.toLowerCase();

/** The old site's fixed dose notes: EAA 10 g, EAA pro 14 g (2 misurini), amino plus 5 tablets. */
export function fixedDose(product: NutritionHints): { amount: string; note: string } | undefined {
	const words = text(product);
	if (/\beaa\b/.test(words) && /\bpro\b/.test(words))
		return { amount: '14 g = 2 misurini', note: '1 dose = 14 g (2 misurini)' };
	if (/\beaa\b|aminoacidi[- ]essenziali/.test(words))
		return { amount: '10 g', note: '1 dose = 10 g' };
	if (/amino/.test(words) && /\bplus\b/.test(words))
		return { amount: '5 compresse', note: '1 dose = 5 compresse' };
	return undefined;
}

/** The old site's serving label: 79 g for a mass gainer, 40 g for soy isolate, else 30 g. */
export function servingLabel(product: NutritionHints): string {
	const words = text(product);
	if (/gainer/.test(words)) return 'Per 79 g**';
	if (/(soia|soy)/.test(words) && /isolat/.test(words)) return 'Per 40 g**';
	return 'Per 30 g**';
}

/** Whether the product is an amino acid product (for 'Per 4 compresse'). */
function isAminoAcid(product: NutritionHints): boolean {
	return /amino|bcaa|\beaa\b|leucin|glutamm/.test(text(product));
}

/** Builds a table column by column, row by row. */
export class TableBuilder {
	readonly columns: { key: string; label: string; kind: ColumnKind }[] = [];
	private readonly rows = new Map<
		string,
		{ nutrient: string; cells: Map<string, string>; vnr?: string }
	>();
	readonly footnotes: string[] = [];
	skipped = 0;

	column(key: string, label: string, kind: ColumnKind): string {
		if (!this.columns.some((column) => column.key === key)) {
			this.columns.push({ key, label: shorten(label, 60), kind });
		}
		return key;
	}

	/** Adds one value; a row without a name or a value is counted as skipped. */
	add(nutrient: string | undefined, column: string, value: string | undefined, vnr?: string): void {
		const name = nutrient?.replace(/\*\*/g, '').replace(/:\s*$/, '').trim();
		if (!name || !value) {
			this.skipped++;
			return;
		}
		const key = name.toLowerCase();
		let row = this.rows.get(key);
		if (!row) {
			row = { nutrient: shorten(name, 80), cells: new Map() };
			this.rows.set(key, row);
		}
		if (!row.cells.has(column)) row.cells.set(column, shorten(value, 40));
		if (vnr && !row.vnr) row.vnr = vnr;
	}

	note(text: string): void {
		if (!this.footnotes.includes(text)) this.footnotes.push(text);
	}

	build(): { table: NutritionTable; kinds: ColumnKind[] } | null {
		const used = this.columns.filter((column) =>
			[...this.rows.values()].some((row) => row.cells.has(column.key)),
		);
		if (!used.length) return null;
		const rows = [...this.rows.values()].map((row) => {
			const out: NutritionTable['rows'][number] = {
				nutrient: row.nutrient,
				values: used.map((column) => row.cells.get(column.key) ?? '–'),
			};
			if (row.vnr) out.vnr = row.vnr;
			return out;
		});
		const notes = [...this.footnotes];
		if (rows.some((row) => row.vnr)) notes.unshift(VNR_FOOTNOTE);
		if (used.some((column) => column.label.endsWith('**'))) notes.push(SERVING_FOOTNOTE);
		const table: NutritionTable = { columns: used.map((column) => column.label), rows };
		if (notes.length) table.footnotes = notes;
		return { table, kinds: used.map((column) => column.kind) };
	}
}

/** The context of one parse: the product, where the data was found, the notes. */
export interface Context {
	product: NutritionHints;
	source: string;
	notes: Notes;
	builder: TableBuilder;
}

/** The kind of a column from its label. */
export function kindOf(label: string): ColumnKind {
	if (/100\s*(g|ml)/i.test(label)) return 'per100';
	if (/dose|compress|capsul|softgel|perl[ae]|fial|gocc|bustin|tavolett/i.test(label)) return 'dose';
	return 'serving';
}

/** The column used when the data names none (the old site's labels, fixed doses). */
export function defaultColumn(ctx: Context, listShaped = false): string {
	const fixed = fixedDose(ctx.product);
	if (fixed) {
		ctx.builder.note(fixed.note);
		return ctx.builder.column('dose', `Per dose (${fixed.amount})`, 'dose');
	}
	if (listShaped && isAminoAcid(ctx.product)) {
		return ctx.builder.column('dose', 'Per 4 compresse', 'dose');
	}
	if (isSupplementCategory(ctx.product.category)) {
		ctx.notes.fallback('label.nutrition', 'colonna senza intestazione: «Per dose giornaliera»');
		return ctx.builder.column('dose', 'Per dose giornaliera', 'dose');
	}
	const label = servingLabel(ctx.product);
	ctx.notes.fallback('label.nutrition', `porzione non indicata: colonna «${label}» (vecchio sito)`);
	return ctx.builder.column('serving', label, 'serving');
}

/** The column of a section key such as per_100g, per_dose, per_2_bars. */
export function sectionColumn(ctx: Context, key: string, porzione: string | undefined): string {
	const k = normKey(key);
	const fixed: Record<string, [string, ColumnKind]> = {
		per_100g: ['Per 100 g', 'per100'],
		per_100_g: ['Per 100 g', 'per100'],
		per_100ml: ['Per 100 ml', 'per100'],
		per_100_ml: ['Per 100 ml', 'per100'],
		per_porzione_50g: ['Per porzione (50 g)', 'serving'],
		per_2_bars: ['Per 2 barrette', 'serving'],
		per_barretta_45g: ['Per barretta (45 g)', 'serving'],
	};
	const known = fixed[k];
	if (known) return ctx.builder.column(k, known[0], known[1]);
	if (k === 'per_porzione') {
		return porzione
			? ctx.builder.column(
					k,
					`Per porzione (${porzione})`,
					kindOf(porzione) === 'dose' ? 'dose' : 'serving',
				)
			: defaultColumn(ctx);
	}
	if (k === 'per_dose') {
		const dose = fixedDose(ctx.product);
		if (dose) ctx.builder.note(dose.note);
		const amount = porzione ?? dose?.amount;
		return ctx.builder.column(k, amount ? `Per dose (${amount})` : 'Per dose', 'dose');
	}
	if (k === 'per_softgel') {
		return ctx.builder.column(k, porzione ? `Per softgel (${porzione})` : 'Per softgel', 'dose');
	}
	const rest = k
		.replace(/^per_/, '')
		.replace(/(\d+)_?(g|ml|mg)\b/g, '$1 $2')
		.replace(/\bbars\b/g, 'barrette')
		.replace(/\bbar\b/g, 'barretta')
		.replace(/_/g, ' ')
		.trim();
	const label = porzione ? `Per ${rest} (${porzione})` : `Per ${rest}`;
	return ctx.builder.column(k, label, kindOf(label));
}
