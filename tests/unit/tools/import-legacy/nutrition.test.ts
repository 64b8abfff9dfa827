import { describe, expect, it } from 'vitest';
import { parseFeatures } from '../../../../tools/import-legacy/features';
import {
	findNutrition,
	fixedDose,
	nutrientName,
	parseNutrition,
	parseNutritionHtml,
	parseNutritionLines,
	servingLabel,
	type NutritionHints,
} from '../../../../tools/import-legacy/nutrition';
import { decideRegime } from '../../../../tools/import-legacy/regime';
import { Notes } from '../../../../tools/import-legacy/values';

const protein: NutritionHints = { slug: 'whey-test', name: 'Whey Test', category: 'proteine' };
const supplement: NutritionHints = {
	slug: 'vitamina-test',
	name: 'Vitamina Test',
	category: 'supplementi',
};
const amino: NutritionHints = {
	slug: 'bcaa-test',
	name: 'BCAA Test',
	category: 'aminoacidi-e-creatina',
};

/** Parses and returns the table (throws in the test when there is none). */
function table(value: unknown, hints: NutritionHints = protein, notes = new Notes()) {
	const parsed = parseNutrition(value, hints, 'test', notes);
	if (!parsed) throw new Error(`no table: ${JSON.stringify(notes.list)}`);
	return parsed;
}

const per100 = {
	energia: '1561 kJ / 369 kcal',
	grassi: 1.2,
	di_cui_saturi: 0.8,
	carboidrati: '2,1 g',
	di_cui_zuccheri: '1.5 g',
	fibre: 0.4,
	proteine: 86,
	sale: 0.45,
};

describe('nutrient names and values', () => {
	it.each([
		['energia', 'Energia'],
		['di_cui_saturi', 'di cui acidi grassi saturi'],
		['di_cui_zuccheri', 'di cui zuccheri'],
		['fibre', 'Fibre'],
		['vitamina_E', 'Vitamina E'],
		['vitamina_b12', 'Vitamina B12'],
		['creatina_M', 'Creatina monoidrato'],
		['l_carnitina', 'L-carnitina'],
		['l_leucina', 'L-leucina'],
		['calcio', 'Calcio'],
		['Vitamina D3', 'Vitamina D3'],
		['**Proteine**:', 'Proteine'],
	])('%s → %s', (key, name) => {
		expect(nutrientName(key)).toBe(name);
	});

	it('writes bare numbers with the unit of their nutrient and the decimal comma', () => {
		const { table: t } = table({ per_100g: per100 });
		expect(t.rows.map((row) => `${row.nutrient}=${row.values[0] ?? ''}`)).toEqual([
			'Energia=1561 kJ / 369 kcal',
			'Grassi=1,2 g',
			'di cui acidi grassi saturi=0,8 g',
			'Carboidrati=2,1 g',
			'di cui zuccheri=1,5 g',
			'Fibre=0,4 g',
			'Proteine=86 g',
			'Sale=0,45 g',
		]);
	});

	it('joins energia_kj and energia_kcal in one row', () => {
		expect(table({ per_100g: { energia_kj: 1561, energia_kcal: 369 } }).table.rows).toEqual([
			{ nutrient: 'Energia', values: ['1561 kJ / 369 kcal'] },
		]);
	});
});

describe('valori_nutrizionali with sections', () => {
	it.each([
		['per_100g', {}, 'Per 100 g', 'per100'],
		['per_100ml', {}, 'Per 100 ml', 'per100'],
		['per_porzione', { porzione: '30 g' }, 'Per porzione (30 g)', 'serving'],
		['per_porzione', {}, 'Per 30 g**', 'serving'],
		['per_dose', { porzione: '2 compresse' }, 'Per dose (2 compresse)', 'dose'],
		['per_dose', {}, 'Per dose', 'dose'],
		['per_softgel', {}, 'Per softgel', 'dose'],
		['per_porzione_50g', { porzione: 'ignorata' }, 'Per porzione (50 g)', 'serving'],
		['per_2_bars', {}, 'Per 2 barrette', 'serving'],
		['per_barretta_45g', {}, 'Per barretta (45 g)', 'serving'],
		['per_3_compresse', {}, 'Per 3 compresse', 'dose'],
	])('%s %j → column «%s»', (key, extra, column, kind) => {
		const parsed = table({ valori_nutrizionali: { [key]: { ...extra, proteine: 24 } } });
		expect(parsed.table.columns).toEqual([column]);
		expect(parsed.kinds).toEqual([kind]);
		expect(parsed.table.rows).toEqual([{ nutrient: 'Proteine', values: ['24 g'] }]);
	});

	it('several sections become columns; a missing value is a dash', () => {
		const { table: t } = table({
			per_100g: { energia: '1500 kJ / 360 kcal', proteine: 80, calcio: '500 mg' },
			per_porzione: { porzione: '30 g', energia: '450 kJ / 108 kcal', proteine: 24 },
		});
		expect(t).toEqual({
			columns: ['Per 100 g', 'Per porzione (30 g)'],
			rows: [
				{ nutrient: 'Energia', values: ['1500 kJ / 360 kcal', '450 kJ / 108 kcal'] },
				{ nutrient: 'Proteine', values: ['80 g', '24 g'] },
				{ nutrient: 'Calcio', values: ['500 mg', '–'] },
			],
		});
	});

	it('a section may hold a valori list of {componente, valore}', () => {
		const { table: t } = table({
			per_100g: {
				porzione: '100 g',
				valori: [
					{ componente: 'Energia', valore: '2270 kJ / 545 kcal' },
					{ componente: 'Grassi', valore: '42 g' },
					{ componente: 'Vitamina E', valore: null },
					{ valore: '3 g' },
				],
			},
		});
		expect(t.rows).toEqual([
			{ nutrient: 'Energia', values: ['2270 kJ / 545 kcal'] },
			{ nutrient: 'Grassi', values: ['42 g'] },
		]);
	});

	it('a nutrient object may carry its value, unit and %VNR', () => {
		const { table: t } = table(
			{ per_softgel: { vitamina_E: { valore: '2', unita: 'mg', vnr: 17 }, epa: '60 mg' } },
			supplement,
		);
		expect(t).toEqual({
			columns: ['Per softgel'],
			rows: [
				{ nutrient: 'Vitamina E', values: ['2 mg'], vnr: '17%' },
				{ nutrient: 'EPA', values: ['60 mg'] },
			],
			footnotes: ['*VNR: Valori Nutritivi di Riferimento'],
		});
	});
});

describe('the other shapes of the old data', () => {
	it('valori_nutrizionali as a list of {nome, valore, unita}', () => {
		const parsed = table([
			{ nome: 'Grassi', valore: 1.0, unita: 'g' },
			{ nome: 'Proteine', valore: '36', unita: 'g' },
			{ nome: 'Energia', valore: '640 kJ / 151 kcal', unita: '' },
		]);
		expect(parsed.shape).toBe('elenco {nome, valore, unita}');
		expect(parsed.table.rows).toEqual([
			{ nutrient: 'Grassi', values: ['1 g'] },
			{ nutrient: 'Proteine', values: ['36 g'] },
			{ nutrient: 'Energia', values: ['640 kJ / 151 kcal'] },
		]);
	});

	it('valori_nutrizionali with tabella (nutriente/componente, quantita, per_100g, per_30g, vnr) and dose', () => {
		const parsed = table(
			{
				dose: '1 misurino da 30 g',
				tabella: [
					{ nutriente: 'Proteine', quantita: '24 g', per_100g: '80 g', per_30g: '24 g' },
					{ componente: 'Calcio', quantita: '120 mg', vnr: 15 },
				],
			},
			supplement,
		);
		expect(parsed.table).toEqual({
			columns: ['Per dose (1 misurino da 30 g)', 'Per 100 g', 'Per 30 g'],
			rows: [
				{ nutrient: 'Proteine', values: ['24 g', '80 g', '24 g'] },
				{ nutrient: 'Calcio', values: ['120 mg', '–', '–'], vnr: '15%' },
			],
			footnotes: ['*VNR: Valori Nutritivi di Riferimento'],
		});
	});

	it('nutritional_table (title, serving_size, servings_per_container, values)', () => {
		const parsed = table(
			{
				nutritional_table: {
					title: 'Valori nutrizionali',
					serving_size: '1 compressa',
					servings_per_container: 60,
					values: [
						{ nutrient: 'Vitamina C', amount: 80, unit: 'mg', daily_value: 100 },
						{ nutrient: 'Zinco', amount: '10', unit: 'mg', daily_value: '100%' },
						{ nutrient: 'Biotina', amount: null, unit: 'µg' },
					],
				},
			},
			supplement,
		);
		expect(parsed.table).toEqual({
			columns: ['Per porzione (1 compressa)'],
			rows: [
				{ nutrient: 'Vitamina C', values: ['80 mg'], vnr: '100%' },
				{ nutrient: 'Zinco', values: ['10 mg'], vnr: '100%' },
			],
			footnotes: ['*VNR: Valori Nutritivi di Riferimento', 'Porzioni per confezione: 60'],
		});
		expect(parsed.kinds).toEqual(['dose']);
	});

	it('nutritional_table without serving size takes its title', () => {
		expect(
			table({
				title: 'Valori per 100 g',
				values: [{ nutrient: 'Proteine', amount: 80, unit: 'g' }],
			}).table.columns,
		).toEqual(['Per 100 g']);
	});

	it('informazioni_nutrizionali and ingredienti_valori wrappers', () => {
		expect(
			table(
				{ informazioni_nutrizionali: { porzione: '2 compresse', magnesio: '300 mg' } },
				supplement,
			).table,
		).toEqual({
			columns: ['Per porzione (2 compresse)'],
			rows: [{ nutrient: 'Magnesio', values: ['300 mg'] }],
		});
		const parsed = table(
			{
				ingredienti_valori: {
					ingredienti: 'Acqua, L-carnitina',
					porzione: '1 fiala da 25 ml',
					valori: { l_carnitina: '2000 mg' },
				},
			},
			supplement,
		);
		expect(parsed.table.columns).toEqual(['Per porzione (1 fiala da 25 ml)']);
		expect(parsed.kinds).toEqual(['dose']);
		expect(parsed.table.rows).toEqual([{ nutrient: 'L-carnitina', values: ['2000 mg'] }]);
	});

	it('caratteristiche_tecniche key-value map', () => {
		expect(table({ calcio: '800 mg', vitamina_d3: '10 µg' }, supplement).table).toEqual({
			columns: ['Per dose giornaliera'],
			rows: [
				{ nutrient: 'Calcio', values: ['800 mg'] },
				{ nutrient: 'Vitamina D3', values: ['10 µg'] },
			],
		});
	});

	it('a markdown pipe table, VNR column included', () => {
		const parsed = parseNutritionLines(
			[
				'| Valori medi | per 100 g | Per porzione (50 g) | %VNR |',
				'|---|:--:|---|---|',
				'| Energia | 1560 kJ / 372 kcal | 780 kJ / 186 kcal | |',
				'| **Ferro** | 4 mg | 2 mg | 14% |',
				'| | 1 g | 1 g | |',
			],
			undefined,
			protein,
			'test',
			new Notes(),
		);
		expect(parsed?.table).toEqual({
			columns: ['Per 100 g', 'Per porzione (50 g)'],
			rows: [
				{ nutrient: 'Energia', values: ['1560 kJ / 372 kcal', '780 kJ / 186 kcal'] },
				{ nutrient: 'Ferro', values: ['4 mg', '2 mg'], vnr: '14%' },
			],
			footnotes: ['*VNR: Valori Nutritivi di Riferimento'],
		});
	});

	it('a pipe table without a header row: per 100 g, then the serving default', () => {
		const parsed = parseNutritionLines(
			['| Proteine | 80 g | 24 g |'],
			undefined,
			protein,
			'test',
			new Notes(),
		);
		expect(parsed?.table.columns).toEqual(['Per 100 g', 'Per 30 g**']);
	});

	it('an HTML table with the nutritional-table class', () => {
		const parsed = parseNutritionHtml(
			'<table class="nutritional-table"><thead><tr><th>Componente</th><th>Per dose (1 bustina)</th><th>%VNR</th></tr></thead>' +
				'<tbody><tr><td><strong>Magnesio</strong></td><td>300&nbsp;mg</td><td>80%</td></tr><tr><td></td><td>1 mg</td><td></td></tr></tbody></table>',
			supplement,
			'test',
			new Notes(),
		);
		expect(parsed?.table).toEqual({
			columns: ['Per dose (1 bustina)'],
			rows: [{ nutrient: 'Magnesio', values: ['300 mg'], vnr: '80%' }],
			footnotes: ['*VNR: Valori Nutritivi di Riferimento'],
		});
		expect(parsed?.kinds).toEqual(['dose']);
	});

	it('plain "label: value" lines, with %VNR and the column named by the heading', () => {
		const parsed = parseNutritionLines(
			['Zinco: 15 mg (150% VNR)', '- Rame: 1 mg – 100% VNR', 'Selenio: 55 µg', 'riga senza valore'],
			'Valori nutrizionali per dose giornaliera (1 capsula)',
			supplement,
			'test',
			new Notes(),
		);
		expect(parsed?.table).toEqual({
			columns: ['Per dose giornaliera (1 capsula)'],
			rows: [
				{ nutrient: 'Zinco', values: ['15 mg'], vnr: '150%' },
				{ nutrient: 'Rame', values: ['1 mg'], vnr: '100%' },
				{ nutrient: 'Selenio', values: ['55 µg'] },
			],
			footnotes: ['*VNR: Valori Nutritivi di Riferimento'],
		});
	});

	it.each([
		['VALORI NUTRIZIONALI (per 100 ml)', 'Per 100 ml'],
		['Valori nutrizionali per 4 gocce:', 'Per 4 gocce'],
		['Valori nutrizionali', 'Per 30 g**'],
	])('heading %j names the column %j', (heading, column) => {
		expect(
			parseNutritionLines(['Proteine: 0 g'], heading, protein, 'test', new Notes())?.table.columns,
		).toEqual([column]);
	});

	it('text lines in a string, and a JSON string', () => {
		expect(table('Energia: 468 kJ / 111 kcal\nProteine: 24 g').table.rows).toHaveLength(2);
		expect(table('{"per_100g": {"proteine": 80}}').table.columns).toEqual(['Per 100 g']);
	});
});

describe('serving labels and fixed notes of the old site', () => {
	it.each([
		[{ slug: 'mass-gainer-extreme', name: 'Extreme Mass Gainer' }, 'Per 79 g**'],
		[{ slug: 'proteina-soia-isolata', name: 'Proteina di Soia Isolata' }, 'Per 40 g**'],
		[{ slug: 'soy-isolate', name: 'Soy Isolate' }, 'Per 40 g**'],
		[{ slug: 'whey', name: 'Whey' }, 'Per 30 g**'],
	])('%j → %s', (product, label) => {
		const hints = { ...product, category: 'proteine' as const };
		expect(servingLabel(hints)).toBe(label);
		const parsed = table({ per_porzione: { proteine: 20 } }, hints);
		expect(parsed.table.columns).toEqual([label]);
		expect(parsed.table.footnotes).toEqual(['**Porzione consigliata']);
	});

	it('array-shaped amino acid data is per 4 tablets', () => {
		expect(table([{ componente: 'L-leucina', valore: '2000 mg' }], amino).table.columns).toEqual([
			'Per 4 compresse',
		]);
	});

	it.each([
		[{ slug: 'eaa-essenziali', name: 'EAA Essenziali' }, '10 g', '1 dose = 10 g'],
		[{ slug: 'aminoacidi-essenziali', name: 'Aminoacidi essenziali' }, '10 g', '1 dose = 10 g'],
		[{ slug: 'eaa-pro', name: 'EAA Pro' }, '14 g = 2 misurini', '1 dose = 14 g (2 misurini)'],
		[{ slug: 'amino-plus-tabs', name: 'Amino Plus Tabs' }, '5 compresse', '1 dose = 5 compresse'],
	])('%j: 1 dose = %s', (product, amount, note) => {
		const hints = { ...product, category: 'aminoacidi-e-creatina' as const };
		expect(fixedDose(hints)).toEqual({ amount, note });
		const perDose = table({ per_dose: { l_leucina: '3 g' } }, hints).table;
		expect(perDose.columns).toEqual([`Per dose (${amount})`]);
		expect(perDose.footnotes).toEqual([note]);
		// A list of components has no column name: the fixed dose names it.
		expect(table([{ componente: 'L-leucina', valore: '3 g' }], hints).table.columns).toEqual([
			`Per dose (${amount})`,
		]);
	});

	it('no fixed note for other products', () => {
		expect(fixedDose(protein)).toBeUndefined();
		expect(fixedDose(amino)).toBeUndefined();
	});
});

describe('malformed nutrition: no table and a warning, never an exception', () => {
	it.each([
		['truncated JSON string', '{"per_dose": {"porzione": "4 gocce", "vitamina_D3": "25'],
		['empty sections', { per_100g: {} }],
		['empty list', []],
		['empty nutritional_table', { title: 'Valori', values: [] }],
		['empty tabella', { tabella: [] }],
		['rows without names or values', [{ nome: '', valore: 3 }, { componente: 'Ferro' }]],
		['a number', 42],
		['a boolean', false],
		['null', null],
		['a list of numbers', [1, 2]],
	])('%s', (_name, value) => {
		const notes = new Notes();
		expect(parseNutrition(value, protein, 'features.valori_nutrizionali', notes)).toBeNull();
		expect(notes.list.some((note) => note.kind === 'warning')).toBe(true);
	});

	it('skipped rows are counted in a warning', () => {
		const notes = new Notes();
		const parsed = parseNutrition(
			{
				dose: '3 g',
				tabella: [
					{ componente: 'Creatina', quantita: '3 g' },
					{ componente: '', quantita: '1 g' },
					{ componente: 'Energia', quantita: '' },
				],
			},
			amino,
			'valori_nutrizionali',
			notes,
		);
		expect(parsed?.table.rows).toEqual([{ nutrient: 'Creatina', values: ['3 g'] }]);
		expect(notes.list).toContainEqual({
			kind: 'warning',
			field: 'valori_nutrizionali',
			message: '2 righe senza nome o valore ignorate',
		});
	});
});

describe('where the old answers put nutrition', () => {
	const json = JSON.stringify({ valori_nutrizionali: { per_100g: { proteine: 80 } } });

	it.each([
		[
			'a key of the features object',
			{
				features: parseFeatures(
					{ valori_nutrizionali: { per_100g: { proteine: 80 } } },
					new Notes(),
				),
			},
			'features.valori_nutrizionali',
		],
		[
			'the features object as a JSON string',
			{ features: parseFeatures(json, new Notes()) },
			'features.valori_nutrizionali',
		],
		[
			'a JSON string under a features key',
			{
				features: parseFeatures(
					{ valori_nutrizionali: JSON.stringify({ per_100g: { proteine: 80 } }) },
					new Notes(),
				),
			},
			'features.valori_nutrizionali',
		],
		[
			'a JSON line among the feature text lines',
			{ features: parseFeatures(['**CARATTERISTICHE:**', json], new Notes()) },
			'features.valori_nutrizionali',
		],
		[
			'label: value feature lines',
			{
				features: parseFeatures(
					['**VALORI NUTRIZIONALI (per 100 g):**', 'Proteine: 80 g'],
					new Notes(),
				),
			},
			'features «VALORI NUTRIZIONALI (per 100 g)»',
		],
		[
			'the top level of the answer',
			{ record: { informazioni_nutrizionali: { per_100g: { proteine: 80 } } } },
			'informazioni_nutrizionali',
		],
		[
			'an HTML table in the long description',
			{
				description: {
					lines: [],
					tables: [
						'<table class="nutritional-table"><tr><th>x</th><th>Per 100 g</th></tr><tr><td>Proteine</td><td>80 g</td></tr></table>',
					],
				},
			},
			'long_description (HTML)',
		],
		[
			'a pipe table in the long description',
			{
				description: {
					lines: ['| x | Per 100 g |', '|---|---|', '| Proteine | 80 g |'],
					tables: [],
				},
			},
			'long_description',
		],
		[
			'caratteristiche_tecniche',
			{ record: { caratteristiche_tecniche: { proteine: '80 g' } }, technical: true },
			'caratteristiche_tecniche',
		],
	])('%s', (_name, sources, source) => {
		const found = findNutrition(
			{ features: parseFeatures(undefined, new Notes()), record: {}, ...sources },
			protein,
			new Notes(),
		);
		expect(found?.source).toBe(source);
		expect(found?.table.rows).toEqual([{ nutrient: 'Proteine', values: ['80 g'] }]);
	});

	it('an unreadable source gives way to the next one', () => {
		const notes = new Notes();
		const found = findNutrition(
			{
				features: parseFeatures(
					{ valori_nutrizionali: { per_100g: {} }, nutritional_table: '{"values": [' },
					notes,
				),
				record: { informazioni_nutrizionali: 'Proteine: 24 g' },
			},
			protein,
			notes,
		);
		expect(found?.source).toBe('informazioni_nutrizionali');
		expect(notes.list.filter((note) => note.kind === 'warning')).toHaveLength(2);
	});

	it('nothing anywhere is null', () => {
		expect(
			findNutrition(
				{ features: parseFeatures(undefined, new Notes()), record: {} },
				protein,
				new Notes(),
			),
		).toBeNull();
	});
});

describe('label regime: supplement or food', () => {
	const rows = (names: string[]) => names.map((nutrient) => ({ nutrient, values: ['1 g'] }));

	it.each([
		[
			'%VNR → integratore',
			'proteine',
			{
				table: {
					columns: ['Per 100 g'],
					rows: [{ nutrient: 'Calcio', values: ['1 mg'], vnr: '10%' }],
				},
				kinds: ['per100'],
			},
			'integratore',
		],
		[
			'per dose → integratore',
			'alimenti-fit',
			{ table: { columns: ['Per dose'], rows: rows(['Energia']) }, kinds: ['dose'] },
			'integratore',
		],
		[
			'per 100 g with energy, fats, carbohydrates → alimento',
			'supplementi',
			{
				table: { columns: ['Per 100 g'], rows: rows(['Energia', 'Grassi', 'Carboidrati']) },
				kinds: ['per100'],
			},
			'alimento',
		],
		[
			'per 100 g without energy → category',
			'supplementi',
			{ table: { columns: ['Per 100 g'], rows: rows(['Proteine']) }, kinds: ['per100'] },
			'integratore',
		],
		[
			'per serving → category (proteine)',
			'proteine',
			{ table: { columns: ['Per 30 g**'], rows: rows(['Energia']) }, kinds: ['serving'] },
			'alimento',
		],
		['no table, supplement category', 'aminoacidi-e-creatina', null, 'integratore'],
		['no table, food category', 'pre-workout-energetici', null, 'alimento'],
		['no table, dimagranti', 'dimagranti', null, 'integratore'],
	] as const)('%s', (_name, category, nutrition, regime) => {
		const choice = decideRegime(category, nutrition as Parameters<typeof decideRegime>[1]);
		expect(choice.regime).toBe(regime);
		expect(choice.reason).not.toBe('');
	});
});
