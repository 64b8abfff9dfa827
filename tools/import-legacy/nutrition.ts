import { VNR_FOOTNOTE, type NutritionTable } from '../../src/lib/catalogue/label';
import type { NutritionSection } from './description';
import { findSection, stripBullet, type Features } from './features';
import type { CategorySlug } from './fields';
import {
	asNumber,
	asText,
	htmlText,
	isPresent,
	isRecord,
	italianNumber,
	looksLikeJson,
	parseJson,
	pick,
	shorten,
	type Notes,
} from './values';

/**
 * Nutrition data of the old system in every shape of SPEC §3, turned into this site's single
 * table shape {columns, rows: [{nutrient, values, vnr?}], footnotes} (DECISIONS.md 3). Rows
 * missing a nutrient name or a value are skipped; unreadable or empty data gives no table and a
 * warning, never an exception. Serving labels and fixed notes follow SPEC §9.
 */

/** What the parser knows of the product, for serving labels and fixed notes. */
export interface NutritionHints {
	slug: string;
	name: string;
	category: CategorySlug;
}

/** How a column counts: per daily dose, per 100 g/ml, or per serving. */
export type ColumnKind = 'dose' | 'per100' | 'serving';

/** A table read from the old data, with where and how it was found. */
export interface ParsedNutrition {
	table: NutritionTable;
	/** Where it was found: "features.valori_nutrizionali", "long_description (HTML)"… */
	source: string;
	/** The legacy shape it was read as. */
	shape: string;
	/** One kind per column. */
	kinds: ColumnKind[];
}

/** Keys under which the old answers put nutrition, in features or at the top level. */
export const NUTRITION_KEYS = [
	'valori_nutrizionali',
	'valoriNutrizionali',
	'informazioni_nutrizionali',
	'informazioniNutrizionali',
	'ingredienti_valori',
	'nutritional_table',
	'nutritionalTable',
	'tabella_nutrizionale',
	'nutrition',
	'nutritional_values',
] as const;

/** The note under tables whose serving column was labelled by SPEC §9's defaults. */
export const SERVING_FOOTNOTE = '**Porzione consigliata';

const text = (product: NutritionHints) => `${product.slug} ${product.name}`.toLowerCase();

/** The fixed dose notes of SPEC §9: EAA 10 g, EAA pro 14 g (2 misurini), amino plus 5 tablets. */
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

/** The serving label of SPEC §9: 79 g for a mass gainer, 40 g for soy isolate, else 30 g. */
export function servingLabel(product: NutritionHints): string {
	const words = text(product);
	if (/gainer/.test(words)) return 'Per 79 g**';
	if (/(soia|soy)/.test(words) && /isolat/.test(words)) return 'Per 40 g**';
	return 'Per 30 g**';
}

/** Whether the product is an amino acid product (for 'Per 4 compresse', SPEC §9). */
function isAminoAcid(product: NutritionHints): boolean {
	return /amino|bcaa|\beaa\b|leucin|glutamm/.test(text(product));
}

/** Whether values of this category are given per daily dose (food supplements). */
function isSupplementCategory(category: CategorySlug): boolean {
	return ['supplementi', 'aminoacidi-e-creatina', 'dimagranti'].includes(category);
}

const NAMES: Record<string, string> = {
	energia: 'Energia',
	valore_energetico: 'Energia',
	grassi: 'Grassi',
	di_cui_saturi: 'di cui acidi grassi saturi',
	saturi: 'di cui acidi grassi saturi',
	grassi_saturi: 'di cui acidi grassi saturi',
	acidi_grassi_saturi: 'di cui acidi grassi saturi',
	di_cui_acidi_grassi_saturi: 'di cui acidi grassi saturi',
	carboidrati: 'Carboidrati',
	di_cui_zuccheri: 'di cui zuccheri',
	zuccheri: 'di cui zuccheri',
	di_cui_polioli: 'di cui polioli',
	fibre: 'Fibre',
	fibra: 'Fibre',
	fibre_alimentari: 'Fibre',
	proteine: 'Proteine',
	sale: 'Sale',
	creatina_m: 'Creatina monoidrato',
	creatina_monoidrato: 'Creatina monoidrato',
	l_carnitina: 'L-carnitina',
	omega_3: 'Omega-3',
	epa: 'EPA',
	dha: 'DHA',
};

/** Keys of a section that describe it rather than hold a nutrient. */
const META_KEYS = new Set([
	'porzione',
	'label',
	'titolo',
	'title',
	'dose',
	'note',
	'nota',
	'unita',
	'unit',
	'serving',
	'serving_size',
	'servings_per_container',
	'porzioni',
	'ingredienti',
	'vnr',
	'valori',
]);

/** Nutrients whose bare numbers are grams. */
const GRAMS =
	/^(grassi|saturi|di_cui|carboidrati|zuccheri|fibr|proteine|sale|amido|polioli|creatina|aminoacid|glutammina|leucina|isoleucina|valina|l_)/;

const normKey = (key: string) =>
	key
		.trim()
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_');

/** The label name of a nutrient key: "di_cui_saturi" → "di cui acidi grassi saturi". */
export function nutrientName(key: string): string {
	const clean = key.replace(/\*\*/g, '').replace(/:\s*$/, '').trim();
	const known = NAMES[normKey(clean)];
	if (known) return known;
	if (!clean.includes('_')) return clean.charAt(0).toUpperCase() + clean.slice(1);
	const words = clean.split('_').filter(Boolean);
	let name = words
		.map((word, index) =>
			index > 0 && /^vitamina$/i.test(words[index - 1] ?? '')
				? word.toUpperCase()
				: word.toLowerCase(),
		)
		.join(' ');
	name = name.replace(/^l /, 'L-');
	return /^di cui\b/.test(name) ? name : name.charAt(0).toUpperCase() + name.slice(1);
}

/** The unit of a bare number for a nutrient key. */
function defaultUnit(key: string): string {
	const k = normKey(key);
	if (/kj$/.test(k)) return 'kJ';
	if (/^(energia|valore_energetico|kcal)/.test(k)) return 'kcal';
	return GRAMS.test(k) ? 'g' : '';
}

/** A value as printed in a cell: "24 g", "1600 kJ / 380 kcal"; undefined when empty. */
function cellText(value: unknown, key: string, unit?: string): string | undefined {
	if (isRecord(value)) {
		const kj = value['kj'] ?? value['kJ'];
		const kcal = value['kcal'];
		if (isPresent(kj) && isPresent(kcal))
			return `${asText(kj) ?? ''} kJ / ${asText(kcal) ?? ''} kcal`;
		const inner = pick(value, ['valore', 'value', 'quantita', 'quantità', 'amount', 'qty']);
		const innerUnit = asText(pick(value, ['unita', 'unità', 'unit'])?.value);
		return inner ? cellText(inner.value, key, innerUnit ?? unit) : undefined;
	}
	if (
		typeof value === 'number' ||
		(typeof value === 'string' && /^\s*-?\d+(?:[.,]\d+)?\s*$/.test(value))
	) {
		const number = asNumber(value);
		if (number === undefined) return undefined;
		const suffix = unit ?? defaultUnit(key);
		return suffix ? `${italianNumber(number)} ${suffix}` : italianNumber(number);
	}
	// "24.5 g" → "24,5 g"; "1.000 mg" (a thousands separator) stays.
	const written = asText(value)
		?.replace(/\*\*/g, '')
		.replace(/(\d)\.(\d{1,2})(?!\d)/g, '$1,$2');
	if (!written || /^(-+|–|n\/?d|n\.d\.|null|undefined)$/i.test(written)) return undefined;
	return unit && !written.toLowerCase().includes(unit.toLowerCase())
		? `${written} ${unit}`
		: written;
}

/** A %VNR as the schema holds it: "150%". */
function vnrText(value: unknown): string | undefined {
	const written = isRecord(value) ? undefined : asText(value);
	if (!written || /^(-+|–|n\/?d)$/i.test(written)) return undefined;
	return shorten(/%$/.test(written) ? written : `${written}%`, 12);
}

/** Builds a table column by column, row by row. */
class TableBuilder {
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
interface Context {
	product: NutritionHints;
	source: string;
	notes: Notes;
	builder: TableBuilder;
}

/** The kind of a column from its label. */
function kindOf(label: string): ColumnKind {
	if (/100\s*(g|ml)/i.test(label)) return 'per100';
	if (/dose|compress|capsul|softgel|perl[ae]|fial|gocc|bustin|tavolett/i.test(label)) return 'dose';
	return 'serving';
}

/** The column used when the data names none (SPEC §9 labels, fixed doses). */
function defaultColumn(ctx: Context, listShaped = false): string {
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
	ctx.notes.fallback('label.nutrition', `porzione non indicata: colonna «${label}» (SPEC §9)`);
	return ctx.builder.column('serving', label, 'serving');
}

/** The column of a section key such as per_100g, per_dose, per_2_bars (SPEC §3). */
function sectionColumn(ctx: Context, key: string, porzione: string | undefined): string {
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

/** A flat map of nutrient keys into one column (energia_kj and energia_kcal become one row). */
function addMap(ctx: Context, map: Record<string, unknown>, column: string): void {
	const vnrMap = isRecord(map['vnr']) ? map['vnr'] : {};
	const kj = pick(map, ['energia_kj', 'energia_kJ', 'energia_KJ', 'kj']);
	const kcal = pick(map, ['energia_kcal', 'energia_Kcal', 'kcal']);
	if (kj && kcal) {
		ctx.builder.add(
			'Energia',
			column,
			`${asText(kj.value) ?? ''} kJ / ${asText(kcal.value) ?? ''} kcal`,
		);
	}
	for (const [key, value] of Object.entries(map)) {
		if (META_KEYS.has(normKey(key))) continue;
		if (kj && kcal && (key === kj.key || key === kcal.key)) continue;
		const vnr =
			vnrText(
				isRecord(value) ? pick(value, ['vnr', 'nrv', 'daily_value', '%vnr'])?.value : undefined,
			) ?? vnrText(vnrMap[key]);
		ctx.builder.add(nutrientName(key), column, cellText(value, key), vnr);
	}
}

/**
 * A list of rows in any of the old spellings: {componente, valore}, {nome, valore, unita},
 * {nutrient, amount, unit, daily_value}, {nutriente|componente, quantita, per_100g, per_30g, vnr}.
 */
function addRows(ctx: Context, items: readonly unknown[], mainColumn: () => string): void {
	let main: string | undefined;
	for (const item of items) {
		if (typeof item === 'string') {
			addLines(ctx, [item]);
			continue;
		}
		if (!isRecord(item)) {
			ctx.builder.skipped++;
			continue;
		}
		const name = asText(
			pick(item, ['nutriente', 'componente', 'nome', 'nutrient', 'name', 'voce', 'label'])?.value,
		);
		const unit = asText(pick(item, ['unita', 'unità', 'unit'])?.value);
		const vnr = vnrText(
			pick(item, ['vnr', 'VNR', 'nrv', 'daily_value', 'dailyValue', '%vnr'])?.value,
		);
		const value = pick(item, ['valore', 'value', 'quantita', 'quantità', 'amount', 'qty']);
		const perKeys = Object.keys(item).filter((key) => /^per_/i.test(key));
		if (!value && !perKeys.length) {
			ctx.builder.add(name, 'none', undefined);
			continue;
		}
		if (value) {
			main ??= mainColumn();
			ctx.builder.add(name, main, cellText(value.value, name ?? '', unit), vnr);
		}
		for (const key of perKeys) {
			ctx.builder.add(
				name,
				sectionColumn(ctx, key, undefined),
				cellText(item[key], name ?? '', unit),
				value ? undefined : vnr,
			);
		}
	}
}

/** 'label: value' lines (with an optional "(15% VNR)" after the value), or a pipe table. */
function addLines(ctx: Context, lines: readonly string[], heading?: string): void {
	if (lines.some((line) => line.trim().startsWith('|'))) {
		addGrid(ctx, pipeGrid(lines));
		return;
	}
	let column: string | undefined;
	const headingColumn = () => {
		let per = heading ? /\bper\s+(.+?)\s*:?\s*$/i.exec(heading)?.[1] : undefined;
		// "VALORI NUTRIZIONALI (per 100 ml)": drop the bracket the heading opened before "per".
		if (per && (per.match(/\)/g)?.length ?? 0) > (per.match(/\(/g)?.length ?? 0)) {
			per = per.replace(/\)\s*$/, '');
		}
		if (per) {
			const label = `Per ${per.trim()}`;
			return ctx.builder.column(normKey(label), label, kindOf(label));
		}
		return defaultColumn(ctx);
	};
	for (const raw of lines) {
		const line = stripBullet(raw).replace(/\*\*/g, '');
		const match = /^([^:\t]+?)\s*[:\t]\s*(.*)$/.exec(line);
		if (!match) {
			ctx.builder.skipped++;
			continue;
		}
		let value = (match[2] ?? '').trim();
		let vnr: string | undefined;
		// "15 mg (150% VNR)" or "15 mg – 150% VNR": the value, then its %VNR.
		const percent =
			/^(.*?\S)\s*\(\s*(\d+(?:[.,]\d+)?)\s*%\s*(?:VNR|NRV|RI|AR)?\*?\s*\)$/i.exec(value) ??
			/^(.*?\S)\s*[-–,;]?\s+(\d+(?:[.,]\d+)?)\s*%\s*(?:VNR|NRV|RI|AR)\*?$/i.exec(value);
		if (percent?.[1] && /[a-zµ]/i.test(percent[1])) {
			value = percent[1];
			vnr = `${percent[2] ?? ''}%`;
		}
		column ??= headingColumn();
		ctx.builder.add(nutrientName(match[1] ?? ''), column, cellText(value, match[1] ?? ''), vnr);
	}
}

/** A grid of cells with an optional header row. */
interface Grid {
	header: string[] | null;
	rows: string[][];
}

/** The cells of markdown pipe-table lines; the row above the |---| line is the header. */
function pipeGrid(lines: readonly string[]): Grid {
	const rows = lines
		.map((line) => line.trim())
		.filter((line) => line.startsWith('|'))
		.map((line) =>
			line
				.replace(/^\|/, '')
				.replace(/\|$/, '')
				.split('|')
				.map((cell) => cell.trim()),
		);
	const separator = rows.findIndex((cells) => cells.every((cell) => /^:?-{2,}:?$/.test(cell)));
	if (separator === 1) return { header: rows[0] ?? null, rows: rows.slice(2) };
	return { header: null, rows: rows.filter((_row, index) => index !== separator) };
}

/** The cells of an HTML table; th-only rows (or the thead) are the header. */
function htmlGrid(html: string): Grid {
	const head = /<thead\b[^>]*>([\s\S]*?)<\/thead>/i.exec(html)?.[1];
	const cellsOf = (row: string) =>
		[...row.matchAll(/<(th|td)\b[^>]*>([\s\S]*?)<\/\1>/gi)].map((cell) => ({
			th: (cell[1] ?? '').toLowerCase() === 'th',
			text: htmlText(cell[2] ?? '').replace(/\*\*/g, ''),
		}));
	const rowsOf = (part: string) =>
		[...part.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)].map((row) => cellsOf(row[1] ?? ''));
	let header: string[] | null = head ? (rowsOf(head)[0]?.map((cell) => cell.text) ?? null) : null;
	const body = rowsOf(head ? html.replace(/<thead\b[^>]*>[\s\S]*?<\/thead>/i, '') : html).filter(
		(cells) => cells.length > 0,
	);
	if (!header && body[0]?.length && body[0].every((cell) => cell.th)) {
		header = body.shift()?.map((cell) => cell.text) ?? null;
	}
	return { header, rows: body.map((cells) => cells.map((cell) => cell.text)) };
}

/** A grid into the table: first cell the nutrient, then one cell per column; a VNR column. */
function addGrid(ctx: Context, grid: Grid): void {
	const width = Math.max(0, ...grid.rows.map((row) => row.length)) - 1;
	const labels = Array.from({ length: width }, (_unused, index) =>
		(grid.header?.[index + 1] ?? '').replace(/\*/g, '').trim(),
	);
	const vnrIndex = labels.findIndex((label) => /vnr|nrv|%\s*(ar|ri)\b/i.test(label));
	const unlabelled = labels.filter((label, index) => !label && index !== vnrIndex).length;
	let position = 0;
	const columns = labels.map((label, index) => {
		if (index === vnrIndex) return '';
		if (!label) {
			// Two bare value columns on a label are per 100 g, then per serving.
			position++;
			if (unlabelled > 1 && position === 1) {
				ctx.notes.fallback('label.nutrition', 'colonne senza intestazione: la prima è «Per 100 g»');
				return ctx.builder.column('grid_100', 'Per 100 g', 'per100');
			}
			return position <= 2
				? defaultColumn(ctx)
				: ctx.builder.column(`grid_${index}`, `Colonna ${index + 1}`, 'serving');
		}
		const clean = label.charAt(0).toUpperCase() + label.slice(1);
		return ctx.builder.column(`grid_${index}`, clean, kindOf(clean));
	});
	for (const row of grid.rows) {
		const name = row[0];
		const vnr = vnrIndex >= 0 ? vnrText(row[vnrIndex + 1]) : undefined;
		let added = false;
		columns.forEach((column, index) => {
			if (!column) return;
			const value = cellText(row[index + 1], name ?? '');
			if (value) {
				ctx.builder.add(name, column, value, added ? undefined : vnr);
				added = true;
			}
		});
		if (!added) ctx.builder.skipped++;
	}
}

/** Reads a value of any shape into the builder; returns the shape's name. */
function addValue(ctx: Context, value: unknown, depth = 0): string | null {
	if (depth > 4) return null;
	if (typeof value === 'string') {
		if (looksLikeJson(value)) {
			const parsed = parseJson(value);
			if (!parsed.ok) {
				ctx.notes.warning(
					ctx.source,
					`JSON non leggibile (${parsed.error}): nessuna tabella da qui`,
				);
				return null;
			}
			const shape = addValue(ctx, parsed.value, depth + 1);
			return shape && `${shape} (stringa JSON)`;
		}
		if (/<table\b/i.test(value)) {
			for (const table of value.match(/<table\b[\s\S]*?<\/table>/gi) ?? [])
				addGrid(ctx, htmlGrid(table));
			return 'tabella HTML';
		}
		addLines(ctx, value.split(/\r?\n|;\s*/));
		return value.includes('|') ? 'tabella markdown' : "righe 'nome: valore'";
	}
	if (Array.isArray(value)) {
		if (value.every((item): item is string => typeof item === 'string')) {
			addLines(ctx, value);
			return "righe 'nome: valore'";
		}
		addRows(ctx, value, () => defaultColumn(ctx, true));
		const first = value.find(isRecord);
		if (first && 'nome' in first) return 'elenco {nome, valore, unita}';
		if (first && 'nutrient' in first) return 'elenco {nutrient, amount, unit}';
		return 'elenco {componente, valore}';
	}
	if (!isRecord(value)) {
		ctx.notes.warning(
			ctx.source,
			`tipo non previsto (${value === null ? 'null' : typeof value}): ignorato`,
		);
		return null;
	}
	const wrapped = pick(value, NUTRITION_KEYS);
	if (wrapped) {
		const shape = addValue(ctx, wrapped.value, depth + 1);
		return shape && `${wrapped.key}: ${shape}`;
	}
	const porzione = asText(pick(value, ['porzione', 'label', 'serving'])?.value);
	const dose = asText(value['dose']);
	if (Array.isArray(value['tabella'])) {
		addRows(ctx, value['tabella'], () => {
			const fixed = fixedDose(ctx.product);
			if (fixed) ctx.builder.note(fixed.note);
			const amount = dose ?? fixed?.amount;
			return ctx.builder.column('dose', amount ? `Per dose (${amount})` : 'Per dose', 'dose');
		});
		return dose ? 'tabella + dose' : 'tabella';
	}
	if (Array.isArray(value['values'])) {
		const serving = asText(pick(value, ['serving_size', 'servingSize'])?.value);
		const title = asText(pick(value, ['title', 'titolo'])?.value);
		const servings = asText(pick(value, ['servings_per_container', 'servingsPerContainer'])?.value);
		if (servings) ctx.builder.note(`Porzioni per confezione: ${servings}`);
		addRows(ctx, value['values'], () => {
			if (serving)
				return ctx.builder.column(
					'serving',
					`Per porzione (${serving})`,
					kindOf(serving) === 'dose' ? 'dose' : 'serving',
				);
			if (title && /\bper\b/i.test(title)) {
				const label = `Per ${(/\bper\s+(.+)$/i.exec(title)?.[1] ?? '').replace(/[):]+$/, '')}`;
				return ctx.builder.column('title', label, kindOf(label));
			}
			return defaultColumn(ctx);
		});
		return 'nutritional_table';
	}
	const sections = Object.keys(value).filter(
		(key) => /^per_/i.test(key) && (isRecord(value[key]) || Array.isArray(value[key])),
	);
	if (sections.length) {
		for (const key of sections) {
			const section = value[key];
			if (Array.isArray(section)) {
				addRows(ctx, section, () => sectionColumn(ctx, key, undefined));
				continue;
			}
			if (!isRecord(section)) continue;
			const label = asText(pick(section, ['porzione', 'label', 'serving'])?.value);
			const column = sectionColumn(ctx, key, label);
			if (Array.isArray(section['valori'])) addRows(ctx, section['valori'], () => column);
			else addMap(ctx, section, column);
		}
		return `sezioni ${sections.join(', ')}`;
	}
	if (isPresent(value['valori'])) {
		const column = () =>
			porzione
				? ctx.builder.column('porzione', `Per porzione (${porzione})`, kindOf(porzione))
				: defaultColumn(ctx, true);
		const valori = value['valori'];
		if (Array.isArray(valori)) addRows(ctx, valori, column);
		else if (isRecord(valori)) addMap(ctx, valori, column());
		else return addValue(ctx, valori, depth + 1);
		return 'valori {componente, valore}';
	}
	const column = porzione
		? ctx.builder.column('porzione', `Per porzione (${porzione})`, kindOf(porzione))
		: dose
			? ctx.builder.column('dose', `Per dose (${dose})`, 'dose')
			: defaultColumn(ctx);
	addMap(ctx, value, column);
	return 'mappa nome → valore';
}

/** Finishes a parse: the table, or null with a warning when no row survived. */
function finish(ctx: Context, shape: string | null): ParsedNutrition | null {
	const built = ctx.builder.build();
	if (ctx.builder.skipped) {
		ctx.notes.warning(ctx.source, `${ctx.builder.skipped} righe senza nome o valore ignorate`);
	}
	if (!built || !shape) {
		if (shape) ctx.notes.warning(ctx.source, 'tabella vuota: nessuna riga utilizzabile');
		return null;
	}
	return { table: built.table, source: ctx.source, shape, kinds: built.kinds };
}

/** Reads one nutrition value (object, JSON string, list, text lines) found at `source`. */
export function parseNutrition(
	value: unknown,
	product: NutritionHints,
	source: string,
	notes: Notes,
): ParsedNutrition | null {
	const ctx: Context = { product, source, notes, builder: new TableBuilder() };
	return finish(ctx, addValue(ctx, value));
}

/** Reads text lines (a pipe table or 'label: value' lines) under an optional heading. */
export function parseNutritionLines(
	lines: readonly string[],
	heading: string | undefined,
	product: NutritionHints,
	source: string,
	notes: Notes,
): ParsedNutrition | null {
	const ctx: Context = { product, source, notes, builder: new TableBuilder() };
	addLines(ctx, lines, heading);
	const piped = lines.some((line) => line.trim().startsWith('|'));
	return finish(ctx, piped ? 'tabella markdown' : "righe 'nome: valore'");
}

/** Reads an HTML `<table class="nutritional-table">`. */
export function parseNutritionHtml(
	html: string,
	product: NutritionHints,
	source: string,
	notes: Notes,
): ParsedNutrition | null {
	const ctx: Context = { product, source, notes, builder: new TableBuilder() };
	addGrid(ctx, htmlGrid(html));
	return finish(ctx, 'tabella HTML nutritional-table');
}

/** Where to look for nutrition. */
export interface NutritionSources {
	features: Features;
	record: Record<string, unknown>;
	description?: NutritionSection | undefined;
	/** Also read caratteristiche_tecniche as nutrition (food categories). */
	technical?: boolean;
}

/**
 * The nutrition table wherever the old answers put it, first found wins: a key of the features
 * object (or of JSON among the feature lines), a feature text section headed VALORI/NUTRIZ…, a
 * key at the top level of the answer, the long description (HTML table, pipe table, lines), and
 * for food products caratteristiche_tecniche.
 */
export function findNutrition(
	sources: NutritionSources,
	product: NutritionHints,
	notes: Notes,
): ParsedNutrition | null {
	const { features, record, description } = sources;
	const attempts: (() => ParsedNutrition | null)[] = [];
	for (const key of NUTRITION_KEYS) {
		if (isPresent(features.data[key]))
			attempts.push(() => parseNutrition(features.data[key], product, `features.${key}`, notes));
	}
	const section = findSection(features, /valori|nutriz|tabella nutr/i);
	if (section?.lines.length) {
		attempts.push(() =>
			parseNutritionLines(
				section.lines,
				section.heading,
				product,
				`features «${section.heading}»`,
				notes,
			),
		);
	}
	for (const key of NUTRITION_KEYS) {
		if (isPresent(record[key]))
			attempts.push(() => parseNutrition(record[key], product, key, notes));
	}
	if (description) {
		description.tables.forEach((html) =>
			attempts.push(() => parseNutritionHtml(html, product, 'long_description (HTML)', notes)),
		);
		if (description.lines.length) {
			attempts.push(() =>
				parseNutritionLines(
					description.lines,
					description.heading,
					product,
					'long_description',
					notes,
				),
			);
		}
	}
	if (sources.technical) {
		const technical =
			pick(features.data, ['caratteristiche_tecniche']) ??
			pick(record, ['caratteristiche_tecniche']);
		if (technical) {
			attempts.push(() => parseNutrition(technical.value, product, `${technical.key}`, notes));
		}
	}
	for (const attempt of attempts) {
		const found = attempt();
		if (found) return found;
	}
	return null;
}
