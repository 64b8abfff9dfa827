import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { productFile, toYaml, wrapBody } from '../../../../tools/import-legacy/markdown';
import type { ProductFrontmatter } from '../../../../tools/import-legacy/product';

const tricky = [
	'true',
	'no',
	'null',
	'~',
	'123',
	'1.5',
	'1e3',
	'0x1F',
	'2026-01-01',
	'12:30',
	'-10% sul formato da 2 kg',
	'**latte** e cacao',
	'Nota: con due punti',
	'Gusto #1',
	"Valle d'Aosta",
	'Citazione "doppia"',
	'[non una lista]',
	'{non un oggetto}',
	'a, b, c',
	'@menzione',
	'`codice`',
	'% per cento',
	'Riga\ncon a capo',
	'  spazi intorno  ',
	'80%',
	'./foto.jpg',
	'> citazione',
	'| tabella',
	'40 × 80 cm',
	'Può contenere tracce di uova.',
	'',
];

describe('YAML of the frontmatter', () => {
	it.each(tricky)('%j is read back unchanged in every position', (text) => {
		const data = {
			plain: text,
			list: [text, 'altro'],
			items: [{ text, n: 1 }],
			rows: [{ nutrient: text, values: [text] }],
			nested: { text },
		};
		expect(parse(toYaml(data))).toEqual(data);
	});

	it('numbers as editors write them, booleans, empty lists', () => {
		expect(toYaml({ price: 29.9, whole: 45, cents: 1.3, ratio: 0.125, flag: true, none: [] })).toBe(
			'price: 29.90\nwhole: 45\ncents: 1.30\nratio: 0.125\nflag: true\nnone: []\n',
		);
	});

	it('folds long texts with >- and reads them back as one line', () => {
		const long = `${'Proteine del siero del **latte**, cacao magro, emulsionante: lecitina di **soia**. '.repeat(3).trim()}`;
		const yaml = toYaml({ label: { ingredients: long } });
		expect(yaml).toMatch(/^label:\n {2}ingredients: >-\n {4}Proteine/);
		expect(yaml.split('\n').every((line) => line.length <= 100)).toBe(true);
		expect(parse(yaml)).toEqual({ label: { ingredients: long } });
	});

	it('writes variants and nutrition rows one per line, like the hand-written files', () => {
		const yaml = toYaml({
			variants: [{ flavour: 'Cioccolato', size: '900 g', price: 29.9 }],
			label: {
				nutrition: {
					columns: ['Per 100 g'],
					rows: [{ nutrient: 'Proteine', values: ['80 g'], vnr: '10%' }],
				},
			},
			badges: ['miglior-prezzo', 'consigliato'],
		});
		expect(yaml).toBe(
			[
				'variants:',
				'  - { flavour: Cioccolato, size: 900 g, price: 29.90 }',
				'label:',
				'  nutrition:',
				"    columns: ['Per 100 g']",
				'    rows:',
				"      - { nutrient: Proteine, values: ['80 g'], vnr: '10%' }",
				'badges: [miglior-prezzo, consigliato]',
				'',
			].join('\n'),
		);
	});

	it('a product file: frontmatter, then the body', () => {
		const frontmatter = {
			name: 'Prova',
			brand: 'Grivola Nutrition',
			category: 'proteine',
			description: 'Una proteina di prova per il test.',
			images: [{ src: './prova.jpg', alt: 'Confezione di Prova' }],
			variants: [{ size: '1 kg', price: 10 }],
		} satisfies ProductFrontmatter;
		const text = productFile(frontmatter, '\nTesto.\n\n');
		expect(text).toBe(
			[
				'---',
				'name: Prova',
				'brand: Grivola Nutrition',
				'category: proteine',
				'description: Una proteina di prova per il test.',
				'images:',
				'  - src: ./prova.jpg',
				'    alt: Confezione di Prova',
				'variants:',
				'  - { size: 1 kg, price: 10 }',
				'---',
				'',
				'Testo.',
				'',
			].join('\n'),
		);
		expect(productFile(frontmatter, '')).toMatch(/---\n$/);
	});
});

describe('body wrapping', () => {
	it('wraps paragraphs at 100 characters without starting a line with markup', () => {
		const words = 'parola '.repeat(13).trim();
		const paragraph = `${words} - trattino ${words} 1. numero ${words} # cancelletto ${words}`;
		const wrapped = wrapBody(paragraph);
		const lines = wrapped.split('\n');
		expect(lines.length).toBeGreaterThan(1);
		for (const line of lines) {
			expect(line).not.toMatch(/^(?:[-+*>#|]|\d+[.)]\s)/);
		}
		expect(wrapped.replace(/\n/g, ' ')).toBe(paragraph);
	});

	it('leaves short lines, lists, headings and tables alone', () => {
		const body = `- ${'voce '.repeat(30)}\n### ${'titolo '.repeat(20)}\nBreve.`;
		expect(wrapBody(body)).toBe(body);
	});
});
