import { describe, expect, it } from 'vitest';
import { markedAllergens, parseIngredients, splitExpertTip } from '../../src/lib/catalogue/label';

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
		['**Arachidi** tostate', [{ text: 'Arachidi', allergen: true }, { text: ' tostate', allergen: false }]],
		['', []],
	])('%s', (text, parts) => {
		expect(parseIngredients(text)).toEqual(parts);
	});

	it('lists marked allergens once each, in lower case', () => {
		expect(markedAllergens('**Latte** scremato, siero di **latte**, **soia**')).toEqual(['latte', 'soia']);
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
		[
			'<p>A</p><h2>Il consiglio dell&#39;esperto</h2>',
			{ description: '<p>A</p>', tip: null },
		],
		['<h2>Altro titolo</h2><p>X</p>', { description: '<h2>Altro titolo</h2><p>X</p>', tip: null }],
	])('%s', (html, expected) => {
		expect(splitExpertTip(html)).toEqual(expected);
	});
});
