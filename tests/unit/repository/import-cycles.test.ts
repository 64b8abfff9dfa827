import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderGraph, importCycles, importGraph } from '../../helpers/import-graph';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('importCycles', () => {
	it.each([
		['none', { a: ['b'], b: ['c'], c: [] }, []],
		['two files', { a: ['b'], b: ['a'] }, [['a', 'b']]],
		[
			'a circle of three, beside a tail',
			{ a: ['b'], b: ['c'], c: ['a'], d: ['a'] },
			[['a', 'b', 'c']],
		],
		['a file importing itself', { a: ['a'] }, [['a']]],
		[
			'two separate cycles',
			{ a: ['b'], b: ['a'], c: ['d'], d: ['c'] },
			[
				['a', 'b'],
				['c', 'd'],
			],
		],
	])('%s', (_, edges, expected) => {
		expect(importCycles(new Map(Object.entries(edges)))).toEqual(expected);
	});
});

describe('folderGraph', () => {
	it('joins the files of each folder under the prefix, and leaves the rest out', () => {
		const files = {
			'src/lib/a/one.ts': ['src/lib/a/two.ts', 'src/lib/b/x.ts', 'src/stores/s.ts'],
			'src/lib/a/two.ts': [],
			'src/lib/b/x.ts': ['src/lib/icons.ts'],
			'src/lib/icons.ts': [],
		};
		expect(Object.fromEntries(folderGraph(new Map(Object.entries(files)), 'src/lib/'))).toEqual({
			'src/lib/a': ['src/lib/b'],
			'src/lib/b': ['src/lib/icons.ts'],
			'src/lib/icons.ts': [],
		});
	});
});

describe('the import graph of src/ and tools/', () => {
	const graph = importGraph(root, ['src', 'tools']);

	it('resolves `~/`, relative, type-only and .astro imports', () => {
		expect(graph.get('src/pages/prodotti/[category]/[slug].astro')).toEqual(
			expect.arrayContaining([
				'src/lib/content/queries.ts',
				'src/components/product/ProductDetails.astro',
			]),
		);
		expect(graph.get('tools/import-legacy/regime.ts')).toContain(
			'src/lib/content/product-schema.ts',
		);
	});

	// A cycle, even of types only, means two modules cannot be understood, tested or moved
	// apart; the shared part belongs in a module of its own that both import. dependency-cruiser
	// (`npm run lint`, rule no-cycles) checks the same over the files it can read; this graph
	// also reads the frontmatter of .astro files, which it cannot.
	it('has no cycle, type-only imports included', () => {
		expect(importCycles(graph)).toEqual([]);
	});

	// The folders of src/lib are the site's parts (catalogue, content, favourites, pickup…): one
	// reads another, never both ways, so a part can be understood from the ones below it.
	it('has no cycle between the folders of src/lib', () => {
		expect(importCycles(folderGraph(graph, 'src/lib/'))).toEqual([]);
	});
});
