import { describe, expect, it } from 'vitest';
import {
	hasVnr,
	isSubRow,
	markedAllergens,
	nutritionFootnotes,
	parseIngredients,
	splitExpertTip,
	GENERAL_WARNINGS,
	SUPPLEMENT_STATEMENTS,
	usageWarnings,
	VNR_FOOTNOTE,
} from '../../../../src/lib/catalogue/label';

describe('parseIngredients', () => {
	it.each([
		['Maltodestrine, aromi.', [{ text: 'Maltodestrine, aromi.', allergen: false }]],
		[
			'Proteine del siero del **latte**, emulsionante: lecitina di **soia**.',
			[
				{ text: 'Proteine del siero del ', allergen: false },
				{ text: 'latte', allergen: true },
				{ text: ', emulsionante: lecitina di ', allergen: false },
				{ text: 'soia', allergen: true },
				{ text: '.', allergen: false },
			],
		],
		[
			'**Arachidi** tostate',
			[
				{ text: 'Arachidi', allergen: true },
				{ text: ' tostate', allergen: false },
			],
		],
		['', []],
	])('%s', (text, parts) => {
		expect(parseIngredients(text)).toEqual(parts);
	});

	it('lists marked allergens once each, in lower case', () => {
		expect(markedAllergens('**Latte** scremato, siero di **latte**, **soia**')).toEqual([
			'latte',
			'soia',
		]);
	});
});

describe('splitExpertTip', () => {
	it.each([
		['<p>Descrizione.</p>', { description: '<p>Descrizione.</p>', tip: null }],
		[
			'<p>Descrizione.</p>\n<h2 id="il-consiglio-dellesperto">Il consiglio dell’esperto</h2>\n<p>Bevine molta.</p>',
			{ description: '<p>Descrizione.</p>', tip: '<p>Bevine molta.</p>' },
		],
		[
			"<p>A</p><h2>Il consiglio dell'esperto</h2><p>B</p>",
			{ description: '<p>A</p>', tip: '<p>B</p>' },
		],
		['<p>A</p><h2>Il consiglio dell&#39;esperto</h2>', { description: '<p>A</p>', tip: null }],
		['<h2>Altro titolo</h2><p>X</p>', { description: '<h2>Altro titolo</h2><p>X</p>', tip: null }],
	])('%s', (html, expected) => {
		expect(splitExpertTip(html)).toEqual(expected);
	});
});

describe('nutrition table rendering', () => {
	const food = {
		columns: ['Per 100 g', 'Per porzione (30 g)'],
		rows: [
			{ nutrient: 'Energia', values: ['1650 kJ / 390 kcal', '495 kJ / 117 kcal'] },
			{ nutrient: 'di cui zuccheri', values: ['3 g', '0,9 g'] },
		],
	};
	const supplement = {
		columns: ['Per dose giornaliera (1 compressa)'],
		rows: [{ nutrient: 'Vitamina C', values: ['80 mg'], vnr: '100%' }],
	};

	it.each([
		['a food table has no VNR note', food, []],
		['a table with %VNR gets the note', supplement, [VNR_FOOTNOTE]],
		[
			'an editor note about VNR is not repeated',
			{ ...supplement, footnotes: ['*VNR: Valori Nutrizionali di Riferimento'] },
			['*VNR: Valori Nutrizionali di Riferimento'],
		],
		[
			'other notes are kept before the VNR note',
			{ ...supplement, footnotes: ['1 dose = 10 g'] },
			['1 dose = 10 g', VNR_FOOTNOTE],
		],
	])('%s', (_name, table, notes) => {
		expect(nutritionFootnotes(table)).toEqual(notes);
	});

	it.each([
		[food, false],
		[supplement, true],
	])('hasVnr %#', (table, expected) => {
		expect(hasVnr(table)).toBe(expected);
	});

	it.each([
		['di cui zuccheri', true],
		['Di cui acidi grassi saturi', true],
		['Carboidrati', false],
		['dicui', false],
	])('%s is a sub-row: %s', (nutrient, expected) => {
		expect(isSubRow(nutrient)).toBe(expected);
	});
});

describe('usageWarnings', () => {
	it('gives a supplement the three statements required in Italy and the medical advice', () => {
		expect(usageWarnings('integratore')).toEqual([...SUPPLEMENT_STATEMENTS, GENERAL_WARNINGS[2]]);
	});

	it('gives an ordinary food the general warnings', () => {
		expect(usageWarnings('alimento')).toEqual([...GENERAL_WARNINGS]);
		expect(usageWarnings(undefined)).toEqual([...GENERAL_WARNINGS]);
	});

	it('adds the product’s own warnings once', () => {
		expect(
			usageWarnings('integratore', ['Contiene caffeina.', SUPPLEMENT_STATEMENTS[0]]).slice(-1),
		).toEqual(['Contiene caffeina.']);
		expect(usageWarnings('integratore', ['Contiene caffeina.'])).toHaveLength(5);
	});
});
