import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The repository root, for typescript-eslint's project service (import.meta.dirname needs Node 20.11). */
const root = fileURLToPath(new URL('.', import.meta.url));

// `key in table` also finds what every object inherits (`toString`, `constructor`, `valueOf`…):
// with a key from an address, a request or the browser's storage, a page read a function as a
// notice and broke. Tables are looked up by their own keys only (isOwnKey, ownValue:
// src/lib/own-key.ts); `'name' in value` with a literal name (a feature test, a union's tag)
// stays allowed.
const OWN_KEYS_ONLY = {
	selector: 'BinaryExpression[operator="in"]:not([left.type="Literal"])',
	message:
		'Look a key up with isOwnKey or ownValue (src/lib/own-key.ts): `in` also finds inherited names such as toString.',
};

export default defineConfig(
	globalIgnores([
		'dist/',
		'.astro/',
		'node_modules/',
		'test-results/',
		'playwright-report/',
		'data/',
		'bench/results/',
		'.wrangler/',
	]),

	js.configs.recommended,

	// TypeScript, with type information from tsconfig.json.
	{
		files: ['**/*.{ts,tsx,mts,cts}'],
		extends: [tseslint.configs.recommendedTypeChecked],
		languageOptions: {
			parserOptions: { projectService: true, tsconfigRootDir: root },
		},
		rules: {
			// `_name` marks a value left unused on purpose (e.g. omitted from a rest object).
			'@typescript-eslint/no-unused-vars': [
				'error',
				{
					argsIgnorePattern: '^_',
					varsIgnorePattern: '^_',
					caughtErrorsIgnorePattern: '^_',
					ignoreRestSiblings: true,
				},
			],
		},
	},

	// React islands: accessibility of JSX. The plugin object is the one eslint-plugin-astro
	// registers too (flat/jsx-a11y-strict), which ESLint requires to be the very same object.
	{
		files: ['**/*.tsx'],
		plugins: { 'jsx-a11y': jsxA11y },
		languageOptions: jsxA11y.flatConfigs.strict.languageOptions,
		rules: {
			...jsxA11y.flatConfigs.strict.rules,
			// The WAI-ARIA tabs pattern puts tab panels in the tab order.
			'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel'] }],
		},
	},

	// Astro components, including the accessibility of their markup.
	astro.configs['flat/recommended'],
	astro.configs['flat/jsx-a11y-strict'],
	// The frontmatter of .astro files is TypeScript: `astro check` finds undefined names there,
	// and no-undef would flag global types such as ImageMetadata.
	{
		files: ['**/*.astro'],
		rules: { 'no-undef': 'off' },
	},
	// Scripts inside .astro files are virtual files without a TypeScript program.
	{
		files: ['**/*.astro/*.ts', '**/*.astro/*.js'],
		extends: [tseslint.configs.disableTypeChecked],
	},

	// Plain JavaScript (scripts, server, configs) runs in Node, without type information.
	{
		files: ['**/*.{js,mjs,cjs}'],
		languageOptions: { globals: { ...globals.node } },
	},
	// Files under public/ run in the browser (the service worker among them).
	{
		files: ['public/**/*.{js,mjs}'],
		languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
	},

	{
		files: ['src/**/*.{ts,tsx,astro}', 'functions/**/*.ts'],
		rules: { 'no-restricted-syntax': ['error', OWN_KEYS_ONLY] },
	},

	// The server reads every body, a request's or a fetched answer's, through its one bounded
	// reader (readBodyAtMost, src/server/core/submission.ts), which stops at a limit: a
	// body read whole (text(), json(), arrayBuffer(), formData(), blob(), bytes()) or by hand (a
	// stream's reader, a Node request's 'data' events) can take the server's memory.
	{
		files: ['src/server/**/*.ts', 'src/pages/**/*.{ts,astro}', 'src/middleware.ts'],
		rules: {
			'no-restricted-syntax': [
				'error',
				OWN_KEYS_ONLY,
				{
					selector:
						'CallExpression[arguments.length=0][callee.property.name=/^(text|json|arrayBuffer|formData|blob|bytes)$/]',
					message: 'Read a body only through readBodyAtMost (src/server/core/submission.ts).',
				},
				{
					selector: 'CallExpression[callee.property.name="getReader"]',
					message: 'Read a body only through readBodyAtMost (src/server/core/submission.ts).',
				},
				{
					selector:
						'CallExpression[callee.property.name=/^(on|once|addListener)$/][arguments.0.value=/^(data|readable)$/]',
					message: 'Read a body only through readBodyAtMost (src/server/core/submission.ts).',
				},
			],
		},
	},

	// Pages, layouts and components reach the server only through its facade. dependency-cruiser
	// checks this rule (pages-reach-server-through-facade, .dependency-cruiser.cjs) for every file
	// it can read; it cannot read .astro files, so their frontmatter is checked here.
	{
		files: ['src/pages/**/*.astro', 'src/components/**/*.astro', 'src/layouts/**/*.astro'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['**/server/**', '!**/server/services', '!**/server/services/routes'],
							message:
								'pages-reach-server-through-facade: import the server only from src/server/services (types) or src/server/services/routes.',
						},
					],
				},
			],
		},
	},

	prettier,
);
