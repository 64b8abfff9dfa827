import { z } from 'astro/zod';
import { choice, editorSchema, flag, list, pattern, price, record, text } from './fields';
import { BADGES, RIBBONS, type Badge, type Ribbon } from '../catalogue/badges';
import { REGIMES, type Regime } from '../catalogue/label';
import { photoSchema, type ImageHelper } from './schemas';
import { SLUG_PATTERN } from '../slug';

export { BADGES, REGIMES, RIBBONS, type Badge, type Regime, type Ribbon };

const SLUG = SLUG_PATTERN;
const badgeKeys = Object.keys(BADGES) as [Badge, ...Badge[]];
const ribbonKeys = Object.keys(RIBBONS) as [Ribbon, ...Ribbon[]];
const regimeKeys = Object.keys(REGIMES) as [Regime, ...Regime[]];

/**
 * A product file's `stock` is refused with these words: the pieces in a shop change at the
 * counter every hour, and staff keep them in the server's ledger, not in content.
 */
export const STOCK_MOVED =
	'«stock» non si scrive più nei prodotti: i pezzi di ogni negozio li tiene lo staff in /gestione/magazzino. Togli la riga «stock» da questa variante.';

/** One variant: a flavour (or colour) in a size, with its price. */
const variantSchema = (image: ImageHelper) =>
	record(
		'variants',
		{
			/** Flavour or colour; leave out when the product has only one. */
			flavour: text('variants.flavour', '"Cioccolato"', { max: 40 }).optional(),
			/** Size as printed on the pack: 750 g, 30 bustine, 24 barrette, S, M, L. */
			size: text('variants.size', '"900 g"', { max: 40 }),
			/** Price in euros. */
			price: price('variants.price', '39.90'),
			/** Former price in euros, shown struck through; must be higher than price. */
			originalPrice: price('variants.originalPrice', '44.90').optional(),
			/** Photo of this variant when it differs from the product's. */
			image: photoSchema(image, 'variants.image', './whey-cioccolato.jpg').optional(),
		},
		'- { flavour: Cioccolato, size: 900 g, price: 39.90 }',
		{ stock: STOCK_MOVED },
	).superRefine((variant, ctx) => {
		if (variant.originalPrice !== undefined && variant.originalPrice <= variant.price) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['originalPrice'],
				message:
					'«originalPrice» deve essere più alto di «price» (è il prezzo barrato). Esempio: price: 39.90, originalPrice: 44.90',
			});
		}
	});

/** The nutrition table: one shape for every product. */
const nutritionSchema = record(
	'label.nutrition',
	{
		/** Column headings: "Per 100 g", "Per dose giornaliera (2 compresse)". */
		columns: list(
			'label.nutrition.columns',
			text('label.nutrition.columns', '"Per 100 g"', { max: 60 }),
			'columns: ["Per 100 g", "Per porzione (30 g)"]',
			{ min: 1 },
		),
		/** Rows: nutrient, one value per column, and %VNR for vitamins and minerals. */
		rows: list(
			'label.nutrition.rows',
			record(
				'label.nutrition.rows',
				{
					/** Nutrient name; "di cui" rows start with "di cui". */
					nutrient: text('label.nutrition.rows.nutrient', '"Proteine"', { max: 80 }),
					/** One value per column, with its unit. */
					values: list(
						'label.nutrition.rows.values',
						text('label.nutrition.rows.values', '"24 g"', { max: 40 }),
						'values: ["80 g", "24 g"]',
						{ min: 1 },
					),
					/** Percentage of the reference intake (%VNR) per daily dose. */
					vnr: text('label.nutrition.rows.vnr', '"50%"', { max: 12 }).optional(),
				},
				'- { nutrient: Proteine, values: ["80 g", "24 g"] }',
			),
			'rows: [{ nutrient: Energia, values: ["1650 kJ / 390 kcal"] }]',
			{ min: 1 },
		),
		/** Notes under the table, such as "*VNR: Valori Nutritivi di Riferimento". */
		footnotes: list(
			'label.nutrition.footnotes',
			text('label.nutrition.footnotes', '"*VNR: Valori Nutritivi di Riferimento"'),
			'footnotes: ["*VNR: Valori Nutritivi di Riferimento"]',
		).optional(),
	},
	'nutrition: { columns: ["Per 100 g"], rows: [{ nutrient: Energia, values: ["1650 kJ / 390 kcal"] }] }',
).superRefine((table, ctx) => {
	table.rows.forEach((row, index) => {
		if (row.values.length !== table.columns.length) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['rows', index, 'values'],
				message: `la riga «${row.nutrient}» ha ${row.values.length} valori ma la tabella ha ${table.columns.length} colonne: scrivi un valore per colonna`,
			});
		}
	});
});

/** What the pack's label says. */
const labelSchema = record(
	'label',
	{
		/** integratore (food supplement) or alimento (ordinary food). */
		regime: choice('label.regime', regimeKeys, 'integratore'),
		nutrition: nutritionSchema.optional(),
		/** Ingredient list; put allergens between double asterisks: **latte**. */
		ingredients: text(
			'label.ingredients',
			'"Proteine del siero del **latte**, cacao magro, emulsionante: lecitina di **soia**."',
		).optional(),
		/** Allergens contained, as a list. */
		allergens: list(
			'label.allergens',
			text('label.allergens', '"latte"'),
			'["latte", "soia"]',
		).optional(),
		/** May-contain statement. */
		traces: text('label.traces', '"Può contenere tracce di uova e frutta a guscio."').optional(),
		/** How to take or use it. */
		usage: text('label.usage', '"Sciogliere 30 g in 250 ml di acqua o latte."').optional(),
		/** Recommended daily dose; required for supplements. */
		dailyDose: text('label.dailyDose', '"2 compresse al giorno"').optional(),
		/** Product-specific warnings; the three statements required for supplements are added by the site. */
		warnings: list(
			'label.warnings',
			text('label.warnings', '"Non adatto ai minori di 18 anni."'),
			'["Non adatto ai minori di 18 anni."]',
		).optional(),
	},
	'label: { regime: alimento, nutrition: {…}, ingredients: "…" }',
).superRefine((label, ctx) => {
	if (label.regime === 'integratore' && !label.dailyDose) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['dailyDose'],
			message:
				'un integratore deve indicare la dose giornaliera raccomandata in «dailyDose». Esempio: dailyDose: "2 compresse al giorno"',
		});
	}
	if (label.ingredients && /\*\*[^*]*$/.test(label.ingredients.replace(/\*\*[^*]+\*\*/g, ''))) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['ingredients'],
			message:
				'in «ingredients» un allergene non è chiuso: scrivi **latte** con due asterischi prima e dopo',
		});
	}
});

/** Technical specs of a non-food product ('Caratteristiche Tecniche'). */
const specSchema = record(
	'specs',
	{
		label: text('specs.label', '"Materiale"', { max: 60 }),
		value: text('specs.value', '"Poliestere riciclato 100%"', { max: 200 }),
	},
	'- { label: Materiale, value: "Poliestere 100%" }',
);

/**
 * A product file's fields and their rules, before editorSchema() wraps them: its `z.input` is
 * the frontmatter type of the importer (tools/import-legacy/frontmatter.ts).
 */
export const productEntrySchema = ({ image }: { image: ImageHelper }) =>
	record(
		'prodotto',
		{
			/** Product name. */
			name: text('name', '"Whey Isolate 90"', { max: 80 }),
			/** Maker's brand. */
			brand: text('brand', '"Nordika Nutrition"', { max: 40 }),
			/** Category file name; must match the folder the file is in. */
			category: pattern(
				'category',
				SLUG,
				'deve essere il nome del file di una categoria',
				'proteine',
			),
			/** One or two sentences for cards and search engines. */
			description: text(
				'description',
				'"Proteine isolate del siero, 24 g per porzione, poche calorie."',
				{ min: 20, max: 300 },
			),
			/**
			 * Photos, the first is the main one. None yet is normal (an imported product whose
			 * photo is still on the old server): the pages show the 'Foto in arrivo' picture.
			 */
			images: list(
				'images',
				photoSchema(image, 'images', './whey-isolate-90.jpg'),
				'images: [{ src: ./whey-isolate-90.jpg, alt: "Barattolo di Whey Isolate 90" }]',
			).default([]),
			/** Badges on the card. */
			badges: list(
				'badges',
				choice('badges', badgeKeys, 'miglior-prezzo'),
				'badges: [miglior-prezzo, consigliato]',
			).optional(),
			/** Corner ribbon. */
			ribbon: choice('ribbon', ribbonKeys, 'best-seller').optional(),
			/** Special offer: its text appears as a chip next to the price. */
			offer: text('offer', '"-10% fino al 30 novembre"', { max: 80 }).optional(),
			/** Newly arrived product: shows NUOVO. */
			isNew: flag('isNew').optional(),
			/** Key points for the 'Caratteristiche' box. */
			highlights: list(
				'highlights',
				text('highlights', '"24 g di proteine per porzione"', { max: 120 }),
				'highlights: ["24 g di proteine per porzione"]',
			).optional(),
			/** Flavours and sizes, each with its price. */
			variants: list(
				'variants',
				variantSchema(image),
				'variants: [{ size: 900 g, price: 39.90 }]',
				{
					min: 1,
				},
			),
			/** Label data of a food or supplement. */
			label: labelSchema.optional(),
			/** Technical specs of clothing and accessories. */
			specs: list('specs', specSchema, 'specs: [{ label: Materiale, value: "…" }]', {
				min: 1,
			}).optional(),
		},
		'prodotto',
	).superRefine((product, ctx) => {
		const seen = new Map<string, number>();
		product.variants.forEach((variant, index) => {
			const key = `${variant.flavour ?? ''}|${variant.size}`.toLowerCase();
			const first = seen.get(key);
			if (first !== undefined) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['variants', index],
					message: `questa variante ripete gusto e formato della variante ${first + 1} (${variant.flavour ?? 'senza gusto'}, ${variant.size})`,
				});
			} else seen.set(key, index);
		});
		const flavoured = product.variants.filter((variant) => variant.flavour).length;
		if (flavoured > 0 && flavoured < product.variants.length) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['variants'],
				message: '«flavour» va indicato in tutte le varianti oppure in nessuna',
			});
		}
	});

/**
 * Products: one markdown file per product in `content/products/<category>/<slug>.md`. The body
 * is the long description; a section headed `## Il consiglio dell'esperto` becomes the tip box.
 */
export const productSchema = (helpers: { image: ImageHelper }) =>
	editorSchema(productEntrySchema(helpers));
