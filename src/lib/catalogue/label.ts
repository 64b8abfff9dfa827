/**
 * Rendering rules for the label data of a product (docs/catalogue.md): allergens in bold inside
 * the ingredient list, the statements Italian law requires on food supplements, and the split of
 * the long description from the expert tip.
 */

/** A piece of the ingredient list; `allergen` pieces are shown in bold. */
export interface IngredientPart {
	text: string;
	allergen: boolean;
}

/** Splits "… del **latte** …" into plain and allergen parts (the markers are removed). */
export function parseIngredients(text: string): IngredientPart[] {
	const parts: IngredientPart[] = [];
	const pattern = /\*\*([^*]+)\*\*/g;
	let last = 0;
	for (const match of text.matchAll(pattern)) {
		if (match.index > last) parts.push({ text: text.slice(last, match.index), allergen: false });
		parts.push({ text: match[1] ?? '', allergen: true });
		last = match.index + match[0].length;
	}
	if (last < text.length) parts.push({ text: text.slice(last), allergen: false });
	return parts;
}

/** The allergens marked in an ingredient list, in order, without repeats. */
export function markedAllergens(text: string): string[] {
	const found = parseIngredients(text)
		.filter((part) => part.allergen)
		.map((part) => part.text.toLowerCase());
	return [...new Set(found)];
}

/**
 * The three statements required on every food supplement sold in Italy (D.Lgs. 169/2004,
 * art. 6): do not exceed the daily dose, not a substitute for a varied diet, keep out of reach of
 * children under three.
 */
export const SUPPLEMENT_STATEMENTS = [
	'Non superare la dose giornaliera raccomandata.',
	'Gli integratori non vanno intesi come sostituti di una dieta variata ed equilibrata e di uno stile di vita sano.',
	'Tenere fuori dalla portata dei bambini al di sotto dei tre anni di età.',
] as const;

/** The fixed warnings of the usage tab. */
export const GENERAL_WARNINGS = [
	'Non superare la dose giornaliera consigliata.',
	'Tenere lontano dalla portata dei bambini.',
	'In gravidanza, durante l’allattamento o in presenza di patologie consultare il medico prima dell’uso.',
] as const;

/** The fixed tip of the usage tab. */
export const USAGE_TIP =
	'Per risultati migliori assumi il prodotto con regolarità, possibilmente sempre alla stessa ora e durante i pasti.';

/** Used when a product's label has no usage text. */
export const DEFAULT_USAGE = 'Seguire le indicazioni riportate sulla confezione.';

/** Used when a product has no expert tip. */
export const DEFAULT_TIP =
	'Prima di iniziare un’integrazione chiedi consiglio al tuo medico o a un professionista della nutrizione: sapranno indicarti il prodotto e la dose più adatti a te.';

/** Heading that introduces the expert tip in a product's markdown body. */
export const EXPERT_TIP_HEADING = "Il consiglio dell'esperto";

/**
 * Splits the rendered HTML of a product body into the long description and the expert tip: the
 * tip is everything after an h2 whose text is "Il consiglio dell'esperto" (any apostrophe).
 */
export function splitExpertTip(html: string): { description: string; tip: string | null } {
	const heading =
		/<h2[^>]*>\s*Il consiglio dell(?:'|’|&#39;|&#x27;|&apos;|&rsquo;)esperto\s*<\/h2>/i;
	const match = heading.exec(html);
	if (!match) return { description: html.trim(), tip: null };
	const tip = html.slice(match.index + match[0].length).trim();
	return { description: html.slice(0, match.index).trim(), tip: tip || null };
}

/** The footnote every table with %VNR must carry (Reg. UE 1169/2011). */
export const VNR_FOOTNOTE = '*VNR: Valori Nutritivi di Riferimento';

/**
 * Which labelling rules a food product follows (docs/catalogue.md): a food supplement shows values
 * per daily dose with %VNR and the three mandatory statements; an ordinary food shows the
 * standard table per 100 g.
 */
export const REGIMES = { integratore: 'Integratore alimentare', alimento: 'Alimento' } as const;
export type Regime = keyof typeof REGIMES;

/** What the pack's label says, as written in content (lib/content/product-schema.ts). */
export interface ProductLabel {
	regime: Regime;
	nutrition?: NutritionTable | undefined;
	/** Allergens between double asterisks: **latte**. */
	ingredients?: string | undefined;
	allergens?: string[] | undefined;
	traces?: string | undefined;
	usage?: string | undefined;
	dailyDose?: string | undefined;
	/** The product's own warnings; `usageWarnings` adds the ones the law requires. */
	warnings?: string[] | undefined;
}

/** A line of a non-food product's technical specs. */
export interface Spec {
	label: string;
	value: string;
}

/** A nutrition table as written in content (one shape for every product). */
export interface NutritionTable {
	columns: string[];
	rows: { nutrient: string; values: string[]; vnr?: string | undefined }[];
	footnotes?: string[] | undefined;
}

/** Whether the table needs a %VNR column. */
export function hasVnr(table: NutritionTable): boolean {
	return table.rows.some((row) => row.vnr !== undefined);
}

/** The notes under a table: the editor's, plus the VNR note when a %VNR column exists without it. */
export function nutritionFootnotes(table: NutritionTable): string[] {
	const notes = [...(table.footnotes ?? [])];
	if (hasVnr(table) && !notes.some((note) => /VNR/.test(note))) notes.push(VNR_FOOTNOTE);
	return notes;
}

/** "di cui zuccheri" rows are indented under their parent in the table. */
export function isSubRow(nutrient: string): boolean {
	return /^di cui\b/i.test(nutrient.trim());
}

/**
 * The 'Avvertenze' box: for a supplement the three legal statements and the medical advice, for
 * other products the general warnings; then the product's own.
 */
export function usageWarnings(regime: Regime | undefined, own: readonly string[] = []): string[] {
	const base: string[] =
		regime === 'integratore'
			? [...SUPPLEMENT_STATEMENTS, GENERAL_WARNINGS[2]]
			: [...GENERAL_WARNINGS];
	return [...base, ...own.filter((warning) => !base.includes(warning))];
}
