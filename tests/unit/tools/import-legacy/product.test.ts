import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { productSchema } from '../../../../src/lib/content/product-schema';
import type { ImageHelper } from '../../../../src/lib/content/schemas';
import { productFile } from '../../../../tools/import-legacy/markdown';
import {
	convertLegacyProduct,
	mergeRecord,
	type ConvertedProduct,
} from '../../../../tools/import-legacy/product';
import { Notes } from '../../../../tools/import-legacy/values';
import { CATEGORY_SLUGS, SITE_CATEGORIES } from '../../../fixtures/categories';

/** Stands in for Astro's image() helper, which needs a build (as tests/unit/lib/content/schemas.test.ts). */
const image = (() => z.string()) as unknown as ImageHelper;
const schema = productSchema({ image });

const fixture = JSON.parse(
	readFileSync(path.resolve(import.meta.dirname, '../../../fixtures/legacy/export.json'), 'utf8'),
) as unknown[];
/** Converts a record into one of the site's categories. */
const convert = (entry: unknown) => convertLegacyProduct(entry, SITE_CATEGORIES);
const results = fixture.map((entry) => convert(entry));
const all = results.filter((result): result is ConvertedProduct => result.status === 'converted');
/** The first product of each slug: the command skips a later one with the same slug. */
const converted = all.filter(
	(result, index) => all.findIndex((other) => other.slug === result.slug) === index,
);
const bySlug = new Map(converted.map((result) => [result.slug, result]));

/** The frontmatter as Astro will read it back from the written file. */
function frontmatterOf(result: ConvertedProduct): unknown {
	const text = productFile(result.frontmatter, result.body);
	const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
	return parse(match?.[1] ?? '');
}

describe('the fixture export', () => {
	it('converts every product and skips the records that cannot be products', () => {
		expect(all).toHaveLength(24);
		// Record 27 repeats the slug of record 8: the command skips it (tests/build).
		expect(
			all.map((result) => result.slug).filter((slug) => slug === 'creatina-micronizzata'),
		).toHaveLength(2);
		expect(converted).toHaveLength(23);
		expect(
			results.flatMap((result, index) =>
				result.status === 'skipped' ? [`${index + 1}: ${result.reason.split(' (')[0] ?? ''}`] : [],
			),
		).toEqual([
			'24: nome mancante',
			'25: categoria sconosciuta «yoga»',
			'26: nessun prezzo: né varianti, né formati, né prezzo del prodotto',
			'28: voce non valida: non è un oggetto',
			'29: voce non valida: non è un oggetto',
		]);
	});

	it('covers all seven categories', () => {
		expect(new Set(converted.map((result) => result.category))).toEqual(new Set(CATEGORY_SLUGS));
	});

	it.each(converted.map((result) => [`${result.category}/${result.slug}`, result] as const))(
		'%s passes the real product schema',
		(_name, result) => {
			const parsed = schema.safeParse(frontmatterOf(result));
			expect(
				parsed.success
					? []
					: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
			).toEqual([]);
		},
	);

	it.each(converted.map((result) => [result.slug, result] as const))(
		'%s is written back exactly as converted (YAML round trip)',
		(_name, result) => {
			expect(frontmatterOf(result)).toEqual(JSON.parse(JSON.stringify(result.frontmatter)));
		},
	);

	it('converting the same export twice gives the same files', () => {
		const again = fixture.map((entry) => convert(entry));
		expect(again).toEqual(results);
		again.forEach((result, index) => {
			const first = results[index];
			if (result.status !== 'converted' || first?.status !== 'converted') return;
			expect(productFile(result.frontmatter, result.body)).toBe(
				productFile(first.frontmatter, first.body),
			);
		});
	});

	it('every food product has a nutrition table and ingredients; merchandise has specs', () => {
		for (const result of converted) {
			const { label, specs } = result.frontmatter;
			if (result.category === 'merchandising-e-cosmetici') {
				expect(label, result.slug).toBeUndefined();
				expect(specs?.length, result.slug).toBeGreaterThan(0);
			} else {
				expect(label?.nutrition?.rows.length, result.slug).toBeGreaterThan(0);
				expect(label?.ingredients, result.slug).toBeTruthy();
			}
		}
	});
});

describe('each shape of the fixture', () => {
	const product = (slug: string) => {
		const result = bySlug.get(slug);
		if (!result) throw new Error(`${slug} not converted`);
		return result;
	};

	it.each([
		// slug, regime, columns, a row, ingredients fragment
		[
			'whey-isolate-native',
			'alimento',
			['Per 100 g', 'Per porzione (30 g)'],
			'Proteine=86 g|26 g',
			'siero del **latte**',
		],
		[
			'mass-gainer-extreme',
			'alimento',
			['Per 100 g', 'Per 79 g**'],
			'Carboidrati=70 g|55 g',
			'farina di **avena**',
		],
		['proteina-soia-isolata', 'alimento', ['Per 40 g**'], 'Proteine=36 g', 'isolate di **soia**'],
		[
			'eaa-essenziali-polvere',
			'integratore',
			['Per dose (10 g)'],
			'L-leucina=3 g',
			'L-leucina, L-lisina cloridrato',
		],
		[
			'eaa-pro-endurance',
			'integratore',
			['Per dose (14 g = 2 misurini)'],
			'Vitamina B6=1,4 mg',
			'citrato di potassio',
		],
		[
			'amino-plus-tabs',
			'integratore',
			['Per dose (5 compresse)'],
			'L-leucina (libera)=250 mg',
			'siero del **latte**',
		],
		[
			'bcaa-4-1-1-compresse',
			'integratore',
			['Per 4 compresse'],
			'L-leucina=2000 mg',
			'L-isoleucina',
		],
		[
			'creatina-micronizzata',
			'integratore',
			['Per dose (3 g)', 'Per 100 g'],
			'Creatina monoidrato=3 g|100 g',
			'Creatina monoidrato',
		],
		[
			'barretta-cocco-mandorle',
			'alimento',
			['Per 100 g', 'Per barretta (45 g)'],
			'di cui polioli=18 g|8,1 g',
			'**Mandorle** (25%)',
		],
		[
			'crema-nocciola-proteica',
			'alimento',
			['Per 100 g', 'Per porzione (15 g)'],
			'Grassi=42 g|6,3 g',
			'Nocciole (**frutta a guscio**)',
		],
		[
			'avena-istantanea-vaniglia',
			'alimento',
			['Per 100 g', 'Per porzione (50 g)'],
			'Fibre=10 g|5,0 g',
			'Farina di **avena**',
		],
		[
			'multivitaminico-active',
			'integratore',
			['Per porzione (1 compressa)'],
			'Magnesio=112,5 mg',
			'ossido di zinco',
		],
		[
			'magnesio-potassio-plus',
			'integratore',
			['Per dose (1 bustina)'],
			'Magnesio=300 mg',
			'Citrato di magnesio',
		],
		[
			'zinco-bisglicinato',
			'integratore',
			['Per dose giornaliera (1 capsula)'],
			'Zinco=15 mg',
			'Zinco bisglicinato',
		],
		[
			'carnitina-fiale-2000',
			'integratore',
			['Per porzione (1 fiala da 25 ml)'],
			'L-carnitina=2000 mg',
			'L-carnitina tartrato',
		],
		[
			'shake-pasto-cioccolato',
			'alimento',
			['Per 100 g', 'Per porzione (50 g)'],
			'Proteine=40 g|20 g',
			'Proteine del **latte**',
		],
		['carbo-drink-agrumi', 'alimento', ['Per 100 ml'], 'Carboidrati=16 g', 'Maltodestrine'],
		[
			'barretta-energetica-datteri',
			'alimento',
			['Per 100 g', 'Per 2 barrette'],
			'Carboidrati=66 g|40 g',
			'**anacardi**',
		],
		['olio-di-krill', 'integratore', ['Per softgel'], 'EPA=60 mg', '(**crostacei**)'],
		[
			'gel-energetico-limone',
			'alimento',
			['Per 100 ml', 'Per porzione (1 gel da 60 ml)'],
			'Carboidrati=41 g|25 g',
			'succo di limone',
		],
		['vitamina-d3-gocce', 'integratore', ['Per 4 gocce'], 'Vitamina D3=25 µg', 'colecalciferolo'],
		[
			'caseina-notte-cacao',
			'alimento',
			['Per 30 g**'],
			'Proteine=24 g',
			'Caseina micellare (**latte**)',
		],
	])('%s', (slug, regime, columns, row, ingredients) => {
		const label = product(slug).frontmatter.label;
		expect(label?.regime).toBe(regime);
		expect(label?.nutrition?.columns).toEqual(columns);
		const [nutrient, values] = row.split('=');
		expect(label?.nutrition?.rows).toContainEqual(
			expect.objectContaining({ nutrient, values: values?.split('|') }),
		);
		expect(label?.ingredients).toContain(ingredients);
		if (regime === 'integratore') expect(label?.dailyDose).toBeTruthy();
	});

	it('prices, stock per shop (for the stock CSV, not the file), flags and the offer', () => {
		const whey = product('whey-isolate-native').frontmatter;
		expect(whey.variants[1]).toEqual({
			flavour: 'Cioccolato',
			size: '2 kg',
			price: 62.9,
			originalPrice: 69.9,
		});
		expect(
			product('whey-isolate-native').stock.filter((row) => row.variantId === 'cioccolato-2-kg'),
		).toEqual([
			{ shopId: 'torino', variantId: 'cioccolato-2-kg', pieces: 6 },
			{ shopId: 'aosta', variantId: 'cioccolato-2-kg', pieces: 3 },
		]);
		expect(whey).toMatchObject({
			badges: ['miglior-prezzo'],
			ribbon: 'best-seller',
			offer: '-10% sul formato da 2 kg',
		});
		expect(product('mass-gainer-extreme').frontmatter).toMatchObject({
			isNew: true,
			ribbon: 'novita',
			badges: ['nuovo'],
			variants: [{ size: '3 kg', price: 39.9, originalPrice: 44.9 }],
		});
		expect(
			product('proteina-soia-isolata').frontmatter.variants.map((variant) => variant.price),
		).toEqual([27.9, 49.9]);
		expect(
			product('eaa-essenziali-polvere')
				.stock.slice(0, 2)
				.map((row) => [row.shopId, row.pieces]),
		).toEqual([
			['torino', 1],
			['aosta', 0],
		]);
		expect(product('carbo-drink-agrumi').frontmatter.variants).toEqual([
			{ size: '500 g', price: 15.9 },
		]);
		expect(product('barretta-cocco-mandorle').frontmatter.badges).toEqual([
			'consigliato',
			'valle-d-aosta',
		]);
	});

	it('names no photo, and reports the old address where the export has one', () => {
		for (const result of converted) {
			expect(result.frontmatter.images).toBeUndefined();
			const note = result.notes.find((item) => item.field === 'images');
			expect(note?.kind).toBe('warning');
			expect(note?.message).toContain('Foto in arrivo');
		}
		expect(
			product('mass-gainer-extreme').notes.find((note) => note.field === 'images')?.message,
		).toMatch(
			/^foto da scaricare dal vecchio sistema: https:\/\/vecchio\.vigorsport\.it\/uploads\/prodotti\/mass-gainer-extreme\.png; salvala come mass-gainer-extreme\.png/,
		);
	});

	it('the body holds the long description and the expert tip section', () => {
		expect(product('whey-isolate-native').body).toMatch(
			/^Native Whey Isolate nasce[\s\S]*\n\n## Il consiglio dell'esperto\n\nUna porzione dopo/,
		);
		const html = product('magnesio-potassio-plus').body;
		expect(html).toContain('Una bustina apporta **300 mg di magnesio**');
		expect(html).toMatch(/## Il consiglio dell'esperto\n\nSciogli la bustina[^\n]*$/);
		expect(html).not.toContain('table');
		expect(product('avena-istantanea-vaniglia').body).not.toContain('|');
		expect(product('zinco-bisglicinato').body).toBe(
			'Lo zinco contribuisce alla normale funzione del sistema immunitario.\n\nOgni capsula contiene 15 mg di zinco da bisglicinato.',
		);
	});

	it('merchandise gets technical specs from caratteristiche_tecniche', () => {
		expect(product('asciugamano-microfibra').frontmatter.specs).toEqual([
			{ label: 'Materiale', value: 'Microfibra: 80% poliestere, 20% poliammide' },
			{ label: 'Dimensioni', value: '40 × 80 cm' },
			{ label: 'Lavaggio', value: 'In lavatrice a 40 °C, senza ammorbidente' },
		]);
	});

	it('malformed records are imported with warnings for what was dropped', () => {
		const messages = (slug: string) =>
			product(slug)
				.notes.filter((note) => note.kind === 'warning' && note.field !== 'images')
				.map((note) => `${note.field}: ${note.message}`);
		expect(messages('vitamina-d3-gocce')).toEqual([
			expect.stringMatching(/^features: JSON non leggibile/),
		]);
		expect(messages('caseina-notte-cacao')).toEqual([
			'availability: voce senza storeId ignorata',
			'long_description: tipo non previsto (number): ignorata',
			'nutritionalHighlights: valore di tipo number ignorato',
			'features.valori_nutrizionali: tabella vuota: nessuna riga utilizzabile',
			'features.nutritional_table: tabella vuota: nessuna riga utilizzabile',
			'label.nutrition: alimento senza colonna per 100 g: completare dalla confezione',
		]);
		expect(messages('carbo-drink-agrumi')).toContain(
			'availability: formato non riconosciuto ("tutto esaurito"): 0 pezzi',
		);
	});

	it('the regime is reported as a fallback with its reason', () => {
		expect(product('multivitaminico-active').notes).toContainEqual({
			kind: 'fallback',
			field: 'label.regime',
			message: 'integratore: la tabella ha la colonna %VNR',
		});
	});
});

describe('records in both layouts', () => {
	const productPart = {
		name: 'Whey Prova',
		slug: 'whey-prova',
		category_slug: 'proteine',
		brand_name: 'Grivola Nutrition',
		description: 'Una proteina del siero di latte di prova.',
		base_price: 2990,
	};
	const detailsPart = {
		how_to_use: 'Sciogliere 30 g.',
		features: { ingredienti: 'Siero di **latte**.' },
	};

	it('{ product, details } and { ...product, ...details } give the same file', () => {
		const wrapped = convert({ product: productPart, details: detailsPart });
		const merged = convert({ ...productPart, ...detailsPart });
		const nested = convert({ ...productPart, details: detailsPart });
		expect(wrapped).toEqual(merged);
		expect(nested).toEqual(merged);
		expect(merged.status).toBe('converted');
	});

	it('details override the product, JSON strings are read', () => {
		expect(
			mergeRecord({ product: '{"name": "A", "price": 1}', details: { price: 2 } }, new Notes()),
		).toEqual({ name: 'A', price: 2 });
		expect(mergeRecord('x', new Notes())).toBeNull();
	});

	it.each([
		['null', null],
		['a number', 5],
		['a list', [1]],
		['an empty object', {}],
		['a name of the wrong type', { name: { it: 'x' }, category_slug: 'proteine', price: 10 }],
	])('%s is skipped with a reason, never thrown', (_name, entry) => {
		const result = convert(entry);
		expect(result.status).toBe('skipped');
		expect(result.status === 'skipped' && result.reason).toBeTruthy();
	});

	it.each([
		['nutritionalHighlights', { features: { nutritionalHighlights: ['24 g di proteine'] } }],
		['a string of highlights', { nutritionalHighlights: '24 g di proteine' }],
		['caratteristiche', { features: { caratteristiche: ['24 g di proteine'] } }],
		['a CARATTERISTICHE section', { features: ['**CARATTERISTICHE:**', '- 24 g di proteine'] }],
		[
			'feature lines before any heading',
			{ features: ['- **24 g di proteine**', '**INGREDIENTI:** Latte'] },
		],
	])('highlights from %s', (_name, extra) => {
		const result = convert({ ...productPart, ...extra });
		expect(result.status === 'converted' && result.frontmatter.highlights).toEqual([
			'24 g di proteine',
		]);
	});

	it('a too long name and description are shortened, a missing description is made', () => {
		const result = convert({
			name: `Proteina ${'molto '.repeat(20)}buona`,
			category_slug: 'proteine',
			price: 10,
			long_description: `${'Una frase lunga sulla proteina. '.repeat(15)}`,
		});
		expect(result.status).toBe('converted');
		if (result.status !== 'converted') return;
		expect(result.frontmatter.name.length).toBeLessThanOrEqual(80);
		expect(result.frontmatter.description.length).toBeLessThanOrEqual(300);
		expect(result.frontmatter.description.length).toBeGreaterThanOrEqual(20);
		expect(schema.safeParse(frontmatterOf(result)).success).toBe(true);
	});
});
