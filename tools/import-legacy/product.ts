import { EXPERT_TIP_HEADING } from '../../src/lib/catalogue/label';
import type { SiteCategory } from './categories';
import { mapCategory } from './category';
import { splitLongDescription } from './description';
import { parseFeatures } from './features';
import { brandOf, legacyImageUrls, mapFlags, productSlug } from './fields';
import type { ProductFrontmatter } from './frontmatter';
import { findIngredients } from './ingredients';
import type { NutritionHints } from './nutrition';
import { labelOf } from './product-label';
import { describe, highlightsOf, plainText, specsOf } from './texts';
import { buildVariants, parseAvailability, stockRows, type StockRowOut } from './variants';
import { asText, isRecord, Notes, pick, shorten, unwrapJson, type ImportNote } from './values';

/**
 * One record of the old system's export (product answer plus details answer) → the frontmatter
 * of a product content file, its markdown body and the notes of what fell back
 * (docs/import.md). Never throws: a record that cannot become a product is skipped
 * with a reason.
 */

export type { ProductFrontmatter } from './frontmatter';

/** A record that became a product. */
export interface ConvertedProduct {
	status: 'converted';
	slug: string;
	category: string;
	frontmatter: ProductFrontmatter;
	body: string;
	/** The old stock per variant and shop, for the stock CSV (`npm run magazzino -- importa`). */
	stock: StockRowOut[];
	notes: ImportNote[];
}

/** A record that could not become a product. */
export interface SkippedProduct {
	status: 'skipped';
	reason: string;
	name?: string;
	notes: ImportNote[];
}

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

/** Converts one record of the export into one of the site's categories; never throws. */
export function convertLegacyProduct(
	entry: unknown,
	categories: readonly SiteCategory[],
): ConvertedProduct | SkippedProduct {
	const notes = new Notes();
	try {
		return convert(entry, categories, notes);
	} catch (error) {
		return {
			status: 'skipped',
			reason: `dati non interpretabili (${error instanceof Error ? error.message : String(error)})`,
			notes: notes.list,
		};
	}
}

function convert(
	entry: unknown,
	categories: readonly SiteCategory[],
	notes: Notes,
): ConvertedProduct | SkippedProduct {
	const record = mergeRecord(entry, notes);
	if (!record) {
		return { status: 'skipped', reason: 'voce non valida: non è un oggetto', notes: notes.list };
	}
	const rawName = asText(pick(record, ['name', 'nome', 'title'])?.value);
	if (!rawName) return { status: 'skipped', reason: 'nome mancante', notes: notes.list };
	const name = shorten(plainText(rawName), 80);
	if (name !== rawName) notes.fallback('name', 'nome ripulito o accorciato a 80 caratteri');
	const category = mapCategory(record, categories, notes);
	if (category.slug === null)
		return { status: 'skipped', reason: category.reason, name, notes: notes.list };
	const slug = productSlug(record, name, notes);
	if (!slug)
		return { status: 'skipped', reason: 'slug non ricavabile dal nome', name, notes: notes.list };
	const brand = brandOf(record, notes);

	const food = category.hasNutrition;
	const oldStock = parseAvailability(record['availability'], notes);
	const variants = buildVariants(record, notes);
	const stock = stockRows(variants, oldStock, notes);
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
	const body = [long.body, tip ? `## ${EXPERT_TIP_HEADING}\n\n${tip}` : '']
		.filter(Boolean)
		.join('\n\n');
	if (!long.tip)
		notes.fallback('consiglio', "nessun consiglio dell'esperto: la scheda mostra quello generico");
	return {
		status: 'converted',
		slug,
		category: category.slug,
		frontmatter,
		body,
		stock,
		notes: notes.list,
	};
}
