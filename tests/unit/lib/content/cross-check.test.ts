import { describe, expect, it } from 'vitest';
import { crossCheckProducts, type ProductRef } from '../../../../src/lib/content/cross-check';

const categories = new Set(['proteine', 'supplementi']);
const ref = (file: string, category: string): ProductRef => ({
	file,
	slug: file.split('/').at(-1)?.replace(/\.md$/, '') ?? '',
	category,
});

describe('crossCheckProducts', () => {
	it('accepts consistent products', () => {
		expect(
			crossCheckProducts(
				[
					ref('content/products/proteine/whey.md', 'proteine'),
					ref('content/products/supplementi/zinco.md', 'supplementi'),
				],
				categories,
			),
		).toEqual([]);
	});

	it.each([
		[
			'an unknown category',
			[ref('content/products/proteine/whey.md', 'proteina')],
			/\*\*category\*\*: la categoria «proteina» non esiste/,
		],
		[
			'a file in another category’s folder',
			[ref('content/products/supplementi/whey.md', 'proteine')],
			/cartella «supplementi» ma indica la categoria «proteine»/,
		],
		[
			'a reserved file name',
			[ref('content/products/proteine/varianti.md', 'proteine')],
			/«varianti\.md» è riservato/,
		],
		[
			'the same file name in two categories',
			[
				ref('content/products/proteine/zinco.md', 'proteine'),
				ref('content/products/supplementi/zinco.md', 'supplementi'),
			],
			/supplementi\/zinco\.md: il nome del file «zinco\.md» è già usato da content\/products\/proteine\/zinco\.md/,
		],
	])('reports %s with the file', (_name, products, message) => {
		const problems = crossCheckProducts(products, categories);
		expect(problems).toHaveLength(1);
		expect(problems[0]).toMatch(message);
		expect(problems[0]).toMatch(/^content\/products\//);
	});
});
