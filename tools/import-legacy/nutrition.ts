import type { NutritionTable } from '../../src/lib/catalogue/label';
import type { NutritionSection } from './description';
import { findSection, type Features } from './features';
import { cellText, META_KEYS, normKey, nutrientName, vnrText } from './nutrition-cells';
import {
	defaultColumn,
	fixedDose,
	kindOf,
	sectionColumn,
	TableBuilder,
	type ColumnKind,
	type Context,
	type NutritionHints,
} from './nutrition-columns';
import { addGrid, addLines, htmlGrid } from './nutrition-grid';
import { asText, isPresent, isRecord, looksLikeJson, parseJson, pick, type Notes } from './values';

/**
 * Nutrition data of the old system in every shape it took, turned into this site's single
 * table shape {columns, rows: [{nutrient, values, vnr?}], footnotes} (docs/import.md). Rows
 * missing a nutrient name or a value are skipped; unreadable or empty data gives no table and a
 * warning, never an exception. Serving labels and fixed notes follow the old site's. Here: the
 * shapes of the data (maps, lists, JSON) and where to look; nutrition-columns.ts: the columns and
 * the table builder; nutrition-grid.ts: text lines and tables; nutrition-cells.ts: names and cells.
 */

export { nutrientName } from './nutrition-cells';
export {
	fixedDose,
	servingLabel,
	SERVING_FOOTNOTE,
	type ColumnKind,
	type NutritionHints,
} from './nutrition-columns';

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
