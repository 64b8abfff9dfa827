import type { NutritionTable } from '../../src/lib/catalogue/label';
import { splitLongDescription } from './description';
import { findSection, parseFeatures, sectionText, stripBullet, type Features } from './features';
import {
	brandOf,
	buildVariants,
	legacyImageUrls,
	mapCategory,
	mapFlags,
	parseAvailability,
	productSlug,
	type CategorySlug,
	type Flags,
	type VariantOut,
} from './fields';
import { findIngredients } from './ingredients';
import { findNutrition, fixedDose, type NutritionHints } from './nutrition';
import { decideRegime } from './regime';
import { findDailyDose, findUsage, findWarnings } from './usage';
import {
	asList,
	asText,
	htmlText,
	isRecord,
	Notes,
	pick,
	shorten,
	unwrapJson,
	type ImportNote,
} from './values';

/**
 * One record of the old system's export (product answer plus details answer) → the frontmatter
 * of a product content file, its markdown body and the notes of what fell back (SPEC §2, §3, §9;
 * DECISIONS.md 3, 4, 10, 18). Never throws: a record that cannot become a product is skipped
 * with a reason.
 */

/** The label group of a product file. */
export interface LabelOut {
	regime: 'integratore' | 'alimento';
	nutrition?: NutritionTable;
	ingredients?: string;
	allergens?: string[];
	traces?: string;
	usage?: string;
	dailyDose?: string;
	warnings?: string[];
}

/** The frontmatter of a product file, prices in euros, in the order editors read it. */
export interface ProductFrontmatter {
	name: string;
	brand: string;
	category: CategorySlug;
	description: string;
	/** Photos: the importer writes none (the old system's stay on its server). */
	images?: { src: string; alt: string }[];
	badges?: Flags['badges'];
	ribbon?: NonNullable<Flags['ribbon']>;
	offer?: string;
	isNew?: true;
	highlights?: string[];
	variants: VariantOut[];
	label?: LabelOut;
	specs?: { label: string; value: string }[];
}

/** A record that became a product. */
export interface ConvertedProduct {
	status: 'converted';
	slug: string;
	category: CategorySlug;
	frontmatter: ProductFrontmatter;
	body: string;
	notes: ImportNote[];
}

/** A record that could not become a product. */
export interface SkippedProduct {
	status: 'skipped';
	reason: string;
	name?: string;
	notes: ImportNote[];
}

/** Heading of the expert tip in a product body (src/lib/catalogue/label.ts). */
const TIP_HEADING = "## Il consiglio dell'esperto";

/**
 * The record as one object: `{ product, details }` is merged as `{ ...product, ...details }`, and
 * a `details` object inside a merged record is merged too.
 */
export function mergeRecord(entry: unknown, notes: Notes): Record<string, unknown> | null {
	if (!isRecord(entry)) return null;
	const product = unwrapJson(entry['product'], 'product', notes);
	const details = unwrapJson(entry['details'], 'details', notes);
	const base: Record<string, unknown> = isRecord(product) ? { ...product } : { ...entry };
	if (isRecord(product)) {
		for (const [key, value] of Object.entries(entry)) {
			if (key !== 'product' && key !== 'details' && !(key in base)) base[key] = value;
		}
	}
	delete base['details'];
	return isRecord(details) ? { ...base, ...details } : base;
}

/** Plain text for cards: markdown and HTML marks removed. */
function plainText(text: string): string {
	return htmlText(text)
		.replace(/\*\*|__|^#+\s*/g, '')
		.replace(/\s+/g, ' ')
		.trim();
}

/** Sentences of `text` that fit in `max` characters (at least a shortened first one). */
function fitSentences(text: string, max: number): string {
	if (text.length <= max) return text;
	let out = '';
	for (const sentence of text.split(/(?<=[.!?])\s+/)) {
		if ((out ? `${out} ${sentence}` : sentence).length > max) break;
		out = out ? `${out} ${sentence}` : sentence;
	}
	return out.length >= 20 ? out : shorten(text, max);
}

/** The card description (20 to 300 characters): the short one, else the long one's start. */
function describe(
	record: Record<string, unknown>,
	body: string,
	name: string,
	brand: string,
	notes: Notes,
): string {
	const short = asText(
		pick(record, ['description', 'short_description', 'shortDescription'])?.value,
	);
	let text = short ? plainText(short) : '';
	if (!text) {
		const first = body.split(/\n\s*\n/).find((paragraph) => !paragraph.startsWith('#'));
		text = first ? plainText(first) : '';
		if (text)
			notes.fallback('description', 'descrizione breve mancante: presa dalla descrizione lunga');
	}
	if (text.length > 300) {
		text = fitSentences(text, 300);
		notes.fallback('description', 'descrizione breve oltre 300 caratteri: accorciata');
	}
	if (text.length < 20) {
		const generic = `${name} di ${brand}${text ? `: ${text}` : '.'}`;
		text = generic.length >= 20 ? generic : `${generic} Chiedi informazioni nei nostri negozi.`;
		notes.fallback(
			'description',
			'descrizione breve mancante o troppo corta: testo generico da rivedere',
		);
	}
	return shorten(text, 300);
}

/** A list of short texts from a list, a JSON list, or lines of text. */
function textList(value: unknown, notes: Notes, field: string): string[] {
	const data = unwrapJson(value, field, notes);
	const items = typeof data === 'string' ? data.split(/\r?\n|;\s*/) : asList(data);
	return items.flatMap((item) => {
		if (isRecord(item)) {
			const label = asText(pick(item, ['label', 'nome', 'titolo', 'title'])?.value);
			const text = asText(pick(item, ['value', 'valore', 'testo', 'text'])?.value);
			return label && text ? [`${label}: ${text}`] : text ? [text] : [];
		}
		if (typeof item !== 'string') {
			notes.warning(field, `valore di tipo ${typeof item} ignorato`);
			return [];
		}
		const text = asText(item);
		return text ? [stripBullet(text).replace(/\*\*/g, '')] : [];
	});
}

/**
 * The 'Caratteristiche' points: nutritionalHighlights, else (food products) caratteristiche, a
 * CARATTERISTICHE section or the feature lines before any heading.
 */
function highlightsOf(
	features: Features,
	record: Record<string, unknown>,
	food: boolean,
	notes: Notes,
): string[] {
	const own =
		pick(features.data, ['nutritionalHighlights', 'nutritional_highlights', 'highlights']) ??
		pick(record, ['nutritionalHighlights', 'highlights']);
	let items = own ? textList(own.value, notes, own.key) : [];
	if (!items.length && food) {
		const caratteristiche = features.data['caratteristiche'];
		const section = findSection(features, /caratteristic|punti di forza/i, /tecnic/i);
		items =
			caratteristiche !== undefined && !isRecord(caratteristiche)
				? textList(caratteristiche, notes, 'caratteristiche')
				: (section?.lines.map((line) => stripBullet(line).replace(/\*\*/g, '')) ?? []);
	}
	if (!items.length && food) {
		// Feature lines before any heading are the old site's bullet points.
		items = features.intro
			.map((line) => stripBullet(line).replace(/\*\*/g, ''))
			.filter((line) => line.length <= 120);
	}
	return [...new Set(items.filter(Boolean).map((item) => shorten(item, 120)))].slice(0, 8);
}

/** Technical specs of a non-food product: caratteristiche_tecniche, caratteristiche, sections. */
function specsOf(
	features: Features,
	record: Record<string, unknown>,
	notes: Notes,
): { label: string; value: string }[] {
	const found =
		pick(features.data, ['caratteristiche_tecniche', 'caratteristiche']) ??
		pick(record, ['caratteristiche_tecniche', 'caratteristiche']);
	const data = found ? unwrapJson(found.value, found.key, notes) : undefined;
	let pairs: [string, string][] = [];
	if (isRecord(data)) {
		pairs = Object.entries(data).flatMap(([label, value]): [string, string][] => {
			const text = Array.isArray(value)
				? value
						.map((item) => asText(item))
						.filter(Boolean)
						.join(', ')
				: asText(value);
			return text ? [[label.replace(/_/g, ' '), text]] : [];
		});
	} else if (data !== undefined) {
		pairs = textList(data, notes, found?.key ?? 'caratteristiche').flatMap(
			(line): [string, string][] => {
				const match = /^([^:]{2,60}):\s*(.+)$/.exec(line);
				return match?.[1] && match[2] ? [[match[1], match[2]]] : [];
			},
		);
	}
	if (!pairs.length) {
		pairs = features.sections
			.filter((section) => !/ingredient|valori|nutriz/i.test(section.heading))
			.map((section): [string, string] => [section.heading, sectionText(section)])
			.filter(([, value]) => value);
	}
	return pairs.map(([label, value]) => ({
		label: shorten(label.charAt(0).toUpperCase() + label.slice(1).toLowerCase(), 60),
		value: shorten(value, 200),
	}));
}

/** Converts one record of the export; never throws. */
export function convertLegacyProduct(entry: unknown): ConvertedProduct | SkippedProduct {
	const notes = new Notes();
	try {
		return convert(entry, notes);
	} catch (error) {
		return {
			status: 'skipped',
			reason: `dati non interpretabili (${error instanceof Error ? error.message : String(error)})`,
			notes: notes.list,
		};
	}
}

function convert(entry: unknown, notes: Notes): ConvertedProduct | SkippedProduct {
	const record = mergeRecord(entry, notes);
	if (!record) {
		return { status: 'skipped', reason: 'voce non valida: non è un oggetto', notes: notes.list };
	}
	const rawName = asText(pick(record, ['name', 'nome', 'title'])?.value);
	if (!rawName) return { status: 'skipped', reason: 'nome mancante', notes: notes.list };
	const name = shorten(plainText(rawName), 80);
	if (name !== rawName) notes.fallback('name', 'nome ripulito o accorciato a 80 caratteri');
	const category = mapCategory(record, notes);
	if (!category.slug)
		return { status: 'skipped', reason: category.reason, name, notes: notes.list };
	const slug = productSlug(record, name, notes);
	if (!slug)
		return { status: 'skipped', reason: 'slug non ricavabile dal nome', name, notes: notes.list };
	const brand = brandOf(record, notes);

	const food = category.slug !== 'merchandising-e-cosmetici';
	const stock = parseAvailability(record['availability'], notes);
	const variants = buildVariants(record, stock, notes);
	if (!variants.length) {
		return {
			status: 'skipped',
			reason: 'nessun prezzo: né varianti, né formati, né prezzo del prodotto',
			name,
			notes: notes.list,
		};
	}

	const features = parseFeatures(
		pick(record, ['features', 'caratteristiche_prodotto'])?.value,
		notes,
	);
	const long = splitLongDescription(
		pick(record, ['long_description', 'longDescription', 'descrizione_lunga'])?.value,
		notes,
	);
	const description = describe(record, long.body, name, brand, notes);
	const flags = mapFlags(record, notes);

	// The old system's photos stay on its server: the file names none, the page shows 'Foto in
	// arrivo', and the report gives the old address so that an editor can fetch the photo.
	const urls = legacyImageUrls(record);
	const extension =
		/\.(jpe?g|png|webp|avif)(?:[?#]|$)/i.exec(urls[0] ?? '')?.[1]?.toLowerCase() ?? 'jpg';
	notes.warning(
		'images',
		urls.length
			? `foto da scaricare dal vecchio sistema: ${urls.join(' ')}; salvala come ${slug}.${extension} accanto al file e aggiungila in «images». Fino ad allora la scheda mostra «Foto in arrivo»`
			: `nessuna foto nel vecchio sistema: aggiungi la foto del prodotto in «images». Fino ad allora la scheda mostra «Foto in arrivo»`,
	);

	const highlights = highlightsOf(features, record, food, notes);
	const frontmatter: ProductFrontmatter = {
		name,
		brand,
		category: category.slug,
		description,
		...(flags.badges.length ? { badges: flags.badges } : {}),
		...(flags.ribbon ? { ribbon: flags.ribbon } : {}),
		...(flags.offer ? { offer: flags.offer } : {}),
		...(flags.isNew ? { isNew: true as const } : {}),
		...(highlights.length ? { highlights } : {}),
		variants,
	};

	const hints: NutritionHints = { slug, name, category: category.slug };
	if (food) {
		frontmatter.label = labelOf(features, record, long, hints, notes);
	} else {
		const specs = specsOf(features, record, notes);
		const ingredients = findIngredients({ features, record, description: long, slug }, new Notes());
		if (ingredients.ingredients)
			specs.push({
				label: 'Ingredienti',
				value: shorten(ingredients.ingredients.replace(/\*\*/g, ''), 200),
			});
		if (specs.length) frontmatter.specs = specs;
		else notes.fallback('specs', 'nessuna caratteristica tecnica trovata: da completare');
	}

	const tip = long.tip ? long.tip.charAt(0).toUpperCase() + long.tip.slice(1) : '';
	const body = [long.body, tip ? `${TIP_HEADING}\n\n${tip}` : ''].filter(Boolean).join('\n\n');
	if (!long.tip)
		notes.fallback('consiglio', "nessun consiglio dell'esperto: la scheda mostra quello generico");
	return {
		status: 'converted',
		slug,
		category: category.slug,
		frontmatter,
		body,
		notes: notes.list,
	};
}

/** The label of a food or supplement: regime, nutrition, ingredients, usage, dose, warnings. */
function labelOf(
	features: Features,
	record: Record<string, unknown>,
	long: ReturnType<typeof splitLongDescription>,
	hints: NutritionHints,
	notes: Notes,
): LabelOut {
	const nutrition = findNutrition(
		{ features, record, description: long.nutrition, technical: true },
		hints,
		notes,
	);
	const choice = decideRegime(hints.category, nutrition);
	notes.fallback('label.regime', `${choice.regime}: ${choice.reason}`);
	const label: LabelOut = { regime: choice.regime };
	if (nutrition) {
		label.nutrition = nutrition.table;
		if (choice.regime === 'alimento' && !nutrition.kinds.includes('per100')) {
			notes.warning(
				'label.nutrition',
				'alimento senza colonna per 100 g: completare dalla confezione',
			);
		}
	} else {
		notes.fallback(
			'label.nutrition',
			'nessuna tabella leggibile: la scheda mostra «Valori nutrizionali non disponibili»',
		);
	}
	const ingredients = findIngredients(
		{ features, record, description: long, slug: hints.slug },
		notes,
	);
	if (ingredients.ingredients) label.ingredients = ingredients.ingredients;
	if (ingredients.allergens) label.allergens = ingredients.allergens;
	if (ingredients.traces) label.traces = ingredients.traces;
	const usage = findUsage({ features, record, description: long }, notes);
	if (usage) label.usage = usage;
	if (choice.regime === 'integratore') {
		const doseColumn = nutrition?.table.columns.find(
			(_column, index) => nutrition.kinds[index] === 'dose',
		);
		label.dailyDose = findDailyDose(usage, doseColumn, fixedDose(hints)?.amount, notes);
	}
	const warnings = findWarnings(features, record, notes);
	if (warnings.length) label.warnings = warnings;
	return label;
}
