// @ts-check
/**
 * The import rules of docs/ARCHITECTURE.md, checked by dependency-cruiser on every
 * `npm run lint`. Each rule has a name that a broken import is reported with, beside the two
 * files. `.astro` files are not read by dependency-cruiser (it has no Astro parser): the facade
 * rule for their frontmatter is ESLint's `no-restricted-imports` (eslint.config.js), and their
 * cycles are tests/unit/repository/import-cycles.test.ts's.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
	forbidden: [
		{
			name: 'no-cycles',
			comment:
				'No module imports itself back through others, not even for a type: two modules in a ' +
				'circle cannot be understood, tested or moved apart. Put the shared part in a module of ' +
				'its own that both import.',
			severity: 'error',
			from: {},
			to: { circular: true },
		},
		{
			name: 'lib-imports-no-server-component-or-page',
			comment:
				'src/lib is pure logic that the browser, the build and the server share: it imports no ' +
				'server module, component, layout or page.',
			severity: 'error',
			from: { path: '^src/lib/' },
			to: { path: '^src/(server|components|layouts|pages)/' },
		},
		{
			name: 'core-imports-no-thing',
			comment:
				'src/server/core is what every thing stands on: it imports no thing folder, no facade ' +
				'and no top-level server file. What it needs of the things is handed to it (the Registry).',
			severity: 'error',
			from: { path: '^src/server/core/' },
			to: { path: '^src/server/', pathNot: '^src/server/core/' },
		},
		{
			name: 'thing-imports-thing-through-its-face',
			comment:
				"A thing (src/server/<thing>/) reaches another thing only through that thing's index.ts, " +
				'its face, so that what is inside a thing can change without the others knowing.',
			severity: 'error',
			from: { path: '^src/server/([^/]+)/' },
			to: {
				path: '^src/server/[^/]+/',
				pathNot: ['^src/server/$1/', '^src/server/core/', '^src/server/[^/]+/index\\.ts$'],
			},
		},
		{
			name: 'pages-reach-server-through-facade',
			comment:
				'Pages, layouts and components reach the server only through its facade: ' +
				'src/server/services/index.ts for types and src/server/services/routes.ts at run time.',
			severity: 'error',
			from: { path: '^src/(pages|components|layouts)/' },
			to: {
				path: '^src/server/',
				pathNot: '^src/server/services/(index|routes)\\.ts$',
			},
		},
	],
	options: {
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '^(dist|node_modules|\\.astro)/' },
		// Type-only imports count: a cycle of types is still a cycle.
		tsPreCompilationDeps: true,
		tsConfig: { fileName: 'tsconfig.json' },
		// .astro files are listed (so imports of them resolve) but not read.
		extraExtensionsToScan: ['.astro'],
		enhancedResolveOptions: {
			extensions: ['.ts', '.tsx', '.mjs', '.js', '.astro'],
		},
		skipAnalysisNotInRules: true,
	},
};
