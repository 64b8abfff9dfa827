import { markedAllergens } from '../../src/lib/catalogue/label';
import type { LongDescription } from './description';
import { findSection, sectionText, type Features } from './features';
import {
	asList,
	asText,
	htmlText,
	isRecord,
	looksLikeJson,
	parseJson,
	pick,
	type Notes,
} from './values';

/**
 * The ingredient list by the old site's priority order (docs/import.md), with allergens marked **in
 * bold** as this site's content wants them (docs/import.md) and the 'may contain' sentence moved to
 * traces.
 */

/** The 14 allergen groups of Reg. UE 1169/2011 as they are written in Italian ingredient lists. */
const ALLERGENS: readonly RegExp[] = [
	/latte(?!\s+di\s+(?:cocco|riso|avena|mandorl))/,
	/lattosio/,
	/soia/,
	/uov[ao]/,
	/frumento|grano(?!\s+saraceno)|glutine|farro|kamut|segale|orzo|avena/,
	/arachid[ei]/,
	/frutta\s+a\s+guscio|mandorl[ae]|nocciol[ae]|noc[ei](?!\s+(?:di\s+cocco|moscata))|pistacchi[o]?|anacardi|noci\s+pecan|macadamia/,
	/sesamo/,
	/sedano/,
	/senape/,
	/pesce|acciughe|tonno|salmone/,
	/crostacei|gamber[io]|krill/,
	/molluschi/,
	/lupin[io]/,
	/solfiti|anidride\s+solforosa/,
];

const WORD = (source: string) => new RegExp(`(?<![\\p{L}])(?:${source})(?![\\p{L}])`, 'giu');

/** Applies `edit` to the parts of `text` outside **bold** spans. */
function outsideBold(text: string, edit: (part: string) => string): string {
	return text
		.split(/(\*\*[^*]+\*\*)/)
		.map((part, index) => (index % 2 === 1 ? part : edit(part)))
		.join('');
}

/**
 * Marks the allergens of an ingredient list as **word**: HTML bold and __word__ become **word**,
 * UPPER-CASE allergens are marked in lower case, and a list with no mark at all gets its
 * allergen words marked (reported as a fallback, to be checked against the pack).
 */
export function markAllergens(input: string, notes: Notes, known: readonly string[] = []): string {
	let text = (/<[a-z][^>]*>/i.test(input) ? htmlText(input) : input)
		.replace(/__([^_]+)__/g, '**$1**')
		.replace(/\s+/g, ' ')
		.trim();
	if ((text.match(/\*\*/g)?.length ?? 0) % 2 === 1) {
		notes.warning(
			'label.ingredients',
			'asterischi non chiusi: grassetti tolti e allergeni rimarcati',
		);
		text = text.replace(/\*\*/g, '');
	}
	const upperCase = text.replace(/[^\p{L}]/gu, '');
	const allUpper = upperCase.length > 0 && upperCase === upperCase.toUpperCase();
	if (!allUpper) {
		for (const pattern of ALLERGENS) {
			text = outsideBold(text, (part) =>
				part.replace(WORD(pattern.source), (word) =>
					word.length >= 3 && word === word.toUpperCase() ? `**${word.toLowerCase()}**` : word,
				),
			);
		}
	}
	const wanted = known.map((word) => word.trim().toLowerCase()).filter(Boolean);
	for (const word of wanted) {
		text = outsideBold(text, (part) =>
			part.replace(WORD(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), (found) => `**${found}**`),
		);
	}
	if (!text.includes('**')) {
		const marked: string[] = [];
		for (const pattern of ALLERGENS) {
			text = outsideBold(text, (part) =>
				part.replace(WORD(pattern.source), (word) => {
					marked.push(word.toLowerCase());
					return `**${word}**`;
				}),
			);
		}
		if (marked.length) {
			notes.fallback(
				'label.ingredients',
				`allergeni evidenziati in automatico (${[...new Set(marked)].join(', ')}): verificare sulla confezione`,
			);
		}
	}
	return text;
}

/** An ingredient value in any shape: text, list of names, or {description, allergens, traces}. */
function ingredientValue(value: unknown): { text?: string; allergens: string[]; traces?: string } {
	let data = value;
	if (typeof data === 'string' && looksLikeJson(data)) {
		const parsed = parseJson(data);
		if (parsed.ok) data = parsed.value;
	}
	if (Array.isArray(data)) {
		const names = data.map((item) => asText(item)).filter(Boolean);
		return names.length ? { text: names.join(', '), allergens: [] } : { allergens: [] };
	}
	if (isRecord(data)) {
		const text = pick(data, [
			'descrizione',
			'description',
			'elenco',
			'testo',
			'text',
			'ingredienti',
			'ingredients',
		]);
		const traces = asText(pick(data, ['tracce', 'traces'])?.value);
		const inner = text ? ingredientValue(text.value) : { allergens: [] };
		const result: { text?: string; allergens: string[]; traces?: string } = {
			allergens: asList(pick(data, ['allergeni', 'allergens'])?.value).flatMap((item) => {
				const word = asText(item);
				return word ? word.split(/\s*,\s*/) : [];
			}),
		};
		if (inner.text) result.text = inner.text;
		if (traces) result.traces = traces;
		return result;
	}
	const text = typeof data === 'string' ? data.trim() : undefined;
	return text ? { text, allergens: [] } : { allergens: [] };
}

/** What the label's ingredient fields get. */
export interface IngredientsResult {
	ingredients?: string;
	allergens?: string[];
	traces?: string;
	/** Where the list was found. */
	source?: string;
}

/** Where to look for ingredients. */
export interface IngredientSources {
	features: Features;
	record: Record<string, unknown>;
	description: LongDescription;
	slug: string;
}

/** Bars, oats and creams read a single `ingredients` field first (priority 2). */
export function isBarOatCream(slug: string): boolean {
	return /barrett|(?:^|-)bars?(?:-|$)|avena|(?:^|-)oats?(?:-|$)|crema|cream/.test(slug);
}

/**
 * The ingredients by the old site's priority: (1) an INGREDIENTI heading in the feature text; (2)
 * for bar, oat and cream slugs the single `ingredients` field; (3) an `ingredienti` or
 * `ingrediente` field (also inside ingredienti_valori); (4) the `ingredients` field of the
 * ingredients + usage pair; (7) an 'Ingredienti:' section of the long description. The old site's
 * built-in texts (5, 8) were not exported: without a list the page refers visitors to the pack.
 */
export function findIngredients(sources: IngredientSources, notes: Notes): IngredientsResult {
	const { features, record, description, slug } = sources;
	const inner = (container: unknown) =>
		isRecord(container) ? pick(container, ['ingredienti', 'ingrediente'])?.value : undefined;
	const section = findSection(features, /ingredient/i);
	const candidates: [string, unknown][] = [
		[`features «${section?.heading ?? ''}»`, section ? sectionText(section) : undefined],
		...(isBarOatCream(slug)
			? ([
					['features.ingredients', features.data['ingredients']],
					['ingredients', record['ingredients']],
				] as [string, unknown][])
			: []),
		['features.ingredienti', pick(features.data, ['ingredienti', 'ingrediente'])?.value],
		['ingredienti', pick(record, ['ingredienti', 'ingrediente'])?.value],
		['features.ingredienti_valori', inner(features.data['ingredienti_valori'])],
		['ingredienti_valori', inner(record['ingredienti_valori'])],
		['features.ingredients', features.data['ingredients']],
		['ingredients', record['ingredients']],
		['long_description «Ingredienti:»', description.ingredients],
	];
	for (const [source, value] of candidates) {
		const found = ingredientValue(value);
		if (!found.text) continue;
		let text = found.text.replace(/^\s*(?:\*\*)?ingredienti\s*:?\s*(?:\*\*)?\s*:?\s*/i, '');
		let traces = found.traces ?? asText(pick(record, ['tracce', 'traces'])?.value);
		const may = /(?:^|(?<=[.;]\s*))((?:può|puo'|potrebbe)\s+contenere\s+tracce\b[^.]*\.?)/i.exec(
			text,
		);
		if (may?.[1]) {
			traces ??= may[1].trim();
			text = text
				.replace(may[1], '')
				.replace(/[\s;,]+$/, '')
				.trim();
		}
		text = markAllergens(text, notes, found.allergens);
		if (!text.replace(/\*/g, '').trim()) continue;
		const result: IngredientsResult = { ingredients: text, source };
		const allergens = markedAllergens(text);
		if (allergens.length) result.allergens = allergens;
		if (traces) {
			const clean = traces.replace(/\*\*/g, '').trim();
			result.traces = clean.charAt(0).toUpperCase() + clean.slice(1);
		}
		return result;
	}
	notes.fallback(
		'label.ingredients',
		'ingredienti non trovati: la scheda rimanda all’etichetta, da completare',
	);
	return {};
}
