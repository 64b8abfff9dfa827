import { describe, expect, it } from 'vitest';
import {
	splitLongDescription,
	type LongDescription,
} from '../../../../tools/import-legacy/description';
import { parseFeatures } from '../../../../tools/import-legacy/features';
import {
	findIngredients,
	isBarOatCream,
	markAllergens,
} from '../../../../tools/import-legacy/ingredients';
import { findDailyDose, findUsage, findWarnings } from '../../../../tools/import-legacy/usage';
import { Notes } from '../../../../tools/import-legacy/values';

const noDescription: LongDescription = { body: '' };

describe('allergens in bold', () => {
	it.each([
		['kept when already marked', 'Siero del **latte**, cacao.', 'Siero del **latte**, cacao.'],
		[
			'HTML strong and b',
			'Nocciole (<strong>frutta a guscio</strong>), <b>latte</b>.',
			'Nocciole (**frutta a guscio**), **latte**.',
		],
		['__underscores__', 'Siero del __latte__.', 'Siero del **latte**.'],
		[
			'UPPER CASE words',
			'Siero del LATTE, lecitina di SOIA, UOVA.',
			'Siero del **latte**, lecitina di **soia**, **uova**.',
		],
		[
			'auto-marked when nothing is marked',
			'Mandorle, proteine del latte, lecitina di soia.',
			'**Mandorle**, proteine del **latte**, lecitina di **soia**.',
		],
		[
			'coconut milk and nutmeg are not allergens',
			'Latte di cocco, noce moscata, noci di cocco.',
			'Latte di cocco, noce moscata, noci di cocco.',
		],
		[
			'cereals with gluten',
			"Fiocchi d'avena, farina di frumento.",
			"Fiocchi d'**avena**, farina di **frumento**.",
		],
		['no allergen at all', 'Olio di oliva, colecalciferolo.', 'Olio di oliva, colecalciferolo.'],
	])('%s', (_name, input, expected) => {
		expect(markAllergens(input, new Notes())).toBe(expected);
	});

	it('reports automatic marks as a fallback to check', () => {
		const notes = new Notes();
		markAllergens('Proteine del latte.', notes);
		expect(notes.list).toEqual([
			{
				kind: 'fallback',
				field: 'label.ingredients',
				message: 'allergeni evidenziati in automatico (latte): verificare sulla confezione',
			},
		]);
	});

	it('an unclosed ** is removed and the allergens marked again', () => {
		const notes = new Notes();
		expect(markAllergens('Siero del **latte, cacao.', notes)).toBe('Siero del **latte**, cacao.');
		expect(notes.list[0]?.kind).toBe('warning');
	});

	it('marks the allergens the old record listed apart', () => {
		expect(markAllergens('Proteine del siero (**latte**), lupino.', new Notes(), ['lupino'])).toBe(
			'Proteine del siero (**latte**), **lupino**.',
		);
	});
});

describe("ingredients by the old site's priority", () => {
	const find = (
		features: unknown,
		record: Record<string, unknown> = {},
		slug = 'prodotto',
		description: LongDescription = noDescription,
	) =>
		findIngredients(
			{ features: parseFeatures(features, new Notes()), record, description, slug },
			new Notes(),
		);

	it.each([
		['barretta-cocco', true],
		['protein-bar', true],
		['bars-box', true],
		['avena-istantanea', true],
		['oats-vaniglia', true],
		['crema-nocciola', true],
		['cream-of-rice', true],
		['whey-isolate', false],
		['barbabietola', false],
	])('%s is a bar, oat or cream slug: %s', (slug, expected) => {
		expect(isBarOatCream(slug)).toBe(expected);
	});

	it('(1) an INGREDIENTI heading in the feature text comes first', () => {
		expect(
			find(['**INGREDIENTI:** Proteine del **latte**.'], { ingredienti: 'altro' }).ingredients,
		).toBe('Proteine del **latte**.');
	});

	it('(2) bar, oat and cream slugs read the single ingredients field before ingredienti', () => {
		const features = { ingredients: 'Datteri, **anacardi**.', ingredienti: 'Vecchio testo.' };
		expect(find(features, {}, 'barretta-datteri').ingredients).toBe('Datteri, **anacardi**.');
		expect(find(features, {}, 'whey-isolate').ingredients).toBe('Vecchio testo.');
		expect(find({}, { ingredients: 'Farina di **avena**.' }, 'avena-vaniglia').ingredients).toBe(
			'Farina di **avena**.',
		);
	});

	it.each([
		['features.ingredienti', { ingredienti: 'Cacao.' }, {}],
		['features.ingrediente', { ingrediente: 'Cacao.' }, {}],
		['ingredienti at the top level', {}, { ingredienti: 'Cacao.' }],
		['ingrediente at the top level', {}, { ingrediente: 'Cacao.' }],
		['ingredienti_valori.ingredienti', { ingredienti_valori: { ingredienti: 'Cacao.' } }, {}],
		[
			'(4) the ingredients of the ingredients + usage pair',
			{ ingredients: 'Cacao.', usage: 'Bere.' },
			{},
		],
		['a list of names', { ingredienti: ['Cacao', 'aromi'] }, {}],
		['an object with description', { ingredienti: { description: 'Cacao.' } }, {}],
	])('(3) %s', (_name, features, record) => {
		expect(find(features, record).ingredients).toMatch(/^Cacao/);
	});

	it("(7) an 'Ingredienti:' section of the long description comes last", () => {
		const description = splitLongDescription('Storia.\n\nIngredienti: Olio di oliva.', new Notes());
		expect(find({}, {}, 'olio', description)).toEqual({
			ingredients: 'Olio di oliva.',
			source: 'long_description «Ingredienti:»',
		});
		expect(find({ ingredienti: 'Cacao.' }, {}, 'olio', description).ingredients).toBe('Cacao.');
	});

	it('moves the "may contain" sentence to traces and lists the allergens', () => {
		expect(
			find({ ingredienti: 'Siero del LATTE, cacao. Può contenere tracce di soia e uova.' }),
		).toEqual({
			ingredients: 'Siero del **latte**, cacao.',
			allergens: ['latte'],
			traces: 'Può contenere tracce di soia e uova.',
			source: 'features.ingredienti',
		});
		expect(
			find({
				ingredienti: {
					description: 'Cacao, **latte**.',
					allergens: ['latte'],
					traces: 'tracce di **soia**',
				},
			}),
		).toMatchObject({ allergens: ['latte'], traces: 'Tracce di soia' });
	});

	it('nothing found: a fallback note, the page refers to the pack', () => {
		const notes = new Notes();
		expect(
			findIngredients(
				{
					features: parseFeatures({ ingredienti: 42 }, new Notes()),
					record: {},
					description: noDescription,
					slug: 'x',
				},
				notes,
			),
		).toEqual({});
		expect(notes.list[0]).toMatchObject({ kind: 'fallback', field: 'label.ingredients' });
	});
});

describe("usage ('Modalità d'uso')", () => {
	const find = (
		features: unknown,
		record: Record<string, unknown> = {},
		description = noDescription,
	) =>
		findUsage({ features: parseFeatures(features, new Notes()), record, description }, new Notes());

	it.each([
		["a MODALITÀ D'USO heading", ["**MODALITÀ D'USO:** Sciogliere 30 g."], {}],
		['a heading with USO', ['**USO CONSIGLIATO:**', 'Sciogliere 30 g.'], {}],
		['modalita_uso', { modalita_uso: 'Sciogliere 30 g.' }, {}],
		['usage', { usage: 'Sciogliere 30 g.' }, {}],
		['how_to_use', {}, { how_to_use: 'Sciogliere 30 g.' }],
		['HTML how_to_use', {}, { how_to_use: '<p>Sciogliere <b>30 g</b>.</p>' }],
	])('from %s', (_name, features, record) => {
		expect(find(features, record)).toBe('Sciogliere 30 g.');
	});

	it('the heading beats the fields, the fields beat how_to_use', () => {
		expect(find(["**MODALITÀ D'USO:** A."], { how_to_use: 'B.' })).toBe('A.');
		expect(find({ modalita_uso: 'A.' }, { how_to_use: 'B.' })).toBe('A.');
	});

	it("the long description's usage section, else nothing with a fallback note", () => {
		expect(find({}, {}, { body: '', usage: 'Una capsula.' })).toBe('Una capsula.');
		const notes = new Notes();
		expect(
			findUsage(
				{ features: parseFeatures(undefined, notes), record: {}, description: noDescription },
				notes,
			),
		).toBeUndefined();
		expect(notes.list[0]?.message).toContain('Seguire le indicazioni riportate sulla confezione.');
	});
});

describe('daily dose and warnings', () => {
	it.each([
		['Assumere 2 compresse al giorno con acqua.', undefined, undefined, '2 compresse al giorno'],
		['Assumere una compressa al giorno.', undefined, undefined, 'una compressa al giorno'],
		['Bere 1 fiala al giorno, 30 minuti prima.', undefined, undefined, '1 fiala al giorno'],
		[
			'Sciogliere 3 g (1 misurino raso) in acqua, una volta al giorno.',
			undefined,
			undefined,
			'3 g al giorno',
		],
		['Sciogliere 10 g in acqua.', undefined, '10 g', '1 dose (10 g) al giorno'],
		['Sciogliere in acqua.', 'Per dose (1 bustina)', undefined, '1 bustina al giorno'],
		[undefined, undefined, undefined, 'Vedi confezione'],
	])('%j → %s', (usage, column, fixed, expected) => {
		expect(findDailyDose(usage, column, fixed, new Notes())).toBe(expected);
	});

	it('keeps the product’s own warnings, drops the statements the site adds', () => {
		const notes = new Notes();
		expect(
			findWarnings(
				parseFeatures(
					{
						avvertenze:
							'Non superare la dose giornaliera raccomandata. Tenere fuori dalla portata dei bambini. Non adatto ai minori di 14 anni.',
					},
					notes,
				),
				{},
				notes,
			),
		).toEqual(['Non adatto ai minori di 14 anni.']);
		expect(
			findWarnings(parseFeatures(['**AVVERTENZE:**', '- Contiene caffeina.'], notes), {}, notes),
		).toEqual(['Contiene caffeina.']);
		expect(
			findWarnings(parseFeatures(undefined, notes), { avvertenze: ['Uno.', 'Uno.'] }, notes),
		).toEqual(['Uno.']);
	});
});
