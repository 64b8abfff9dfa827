import { describe, expect, it } from 'vitest';
import {
	buildRedirectRules,
	formatRedirectsFile,
	LEGACY_CATEGORY_SLUGS,
	matchRedirect,
	parseRedirectsFile,
	REDIRECT_STATUS,
	type RedirectRule,
} from '../../../src/lib/redirects';

const LEGACY: readonly (readonly [string, string])[] = [
	['aminoacidi', 'aminoacidi-e-creatina'],
	['vitamine-minerali-antiossidanti', 'supplementi'],
	['pre-workout', 'dimagranti'],
	['energetici', 'pre-workout-energetici'],
	['accessori-e-merchandising', 'merchandising-e-cosmetici'],
];

const PRODUCTS = {
	'whey-isolate-900g': 'proteine',
	'creatina-monoidrato': 'aminoacidi-e-creatina',
	'shaker-vigor': 'accessori-e-merchandising',
};

/** [incoming path, expected target], for every legacy slug and sub-path. */
const legacyCases: [string, string][] = LEGACY.flatMap(([oldSlug, newSlug]) => [
	[`/prodotti/${oldSlug}`, `/prodotti/${newSlug}`],
	[`/prodotti/${oldSlug}/`, `/prodotti/${newSlug}`],
	[`/prodotti/${oldSlug}/varianti`, `/prodotti/${newSlug}/varianti`],
	[`/prodotti/${oldSlug}/varianti/`, `/prodotti/${newSlug}/varianti`],
	[`/prodotti/${oldSlug}/prodotto-di-prova`, `/prodotti/${newSlug}/prodotto-di-prova`],
	[`/prodotti/${oldSlug}/42`, `/prodotti/${newSlug}/42`],
	[`/products/${oldSlug}`, `/prodotti/${newSlug}`],
	[`/products/${oldSlug}/`, `/prodotti/${newSlug}`],
	[`/products/${oldSlug}/varianti`, `/prodotti/${newSlug}/varianti`],
	[`/products/${oldSlug}/prodotto-di-prova`, `/prodotti/${newSlug}/prodotto-di-prova`],
]);

const otherCases: [string, string][] = [
	['/categorie', '/prodotti'],
	['/categorie/', '/prodotti'],
	['/products', '/prodotti'],
	['/products/', '/prodotti'],
	['/products/proteine', '/prodotti/proteine'],
	['/products/proteine/', '/prodotti/proteine'],
	['/products/proteine/varianti', '/prodotti/proteine/varianti'],
	['/products/proteine/whey-isolate-900g', '/prodotti/proteine/whey-isolate-900g'],
	['/product', '/prodotti'],
	['/product/whey-isolate-900g', '/prodotti/proteine/whey-isolate-900g'],
	['/product/whey-isolate-900g/', '/prodotti/proteine/whey-isolate-900g'],
	['/product/creatina-monoidrato', '/prodotti/aminoacidi-e-creatina/creatina-monoidrato'],
	// A product filed under a legacy category slug still reaches the new one in one hop.
	['/product/shaker-vigor', '/prodotti/merchandising-e-cosmetici/shaker-vigor'],
	['/product/prodotto-sconosciuto', '/prodotti'],
	['/product/prodotto-sconosciuto/', '/prodotti'],
];

const nonMatches: string[] = [
	'/',
	'/prodotti',
	'/prodotti/',
	'/prodotti/proteine',
	'/prodotti/proteine/varianti',
	'/prodotti/aminoacidi-e-creatina',
	'/prodotti/aminoacidi-e-creatina/creatina-monoidrato',
	'/prodotti/pre-workout-energetici',
	'/prodotti/pre-workout-energetici/varianti',
	'/prodotti/aminoacidi/a/b',
	'/prodotti/aminoacidix',
	'/categorie/altro',
	'/categorie-vecchie',
	'/productsx',
	'/product/a/b',
	'/chi-siamo',
	'/contatti',
	'/api/contact',
	'/_astro/app.1234.js',
	'/PRODUCTS',
];

describe('LEGACY_CATEGORY_SLUGS', () => {
	it('holds exactly the five renamed legacy slugs', () => {
		expect(Object.entries(LEGACY_CATEGORY_SLUGS)).toEqual(LEGACY);
	});
});

describe('buildRedirectRules', () => {
	const rules = buildRedirectRules(PRODUCTS);

	it('makes every rule a permanent redirect to a local path', () => {
		for (const r of rules) {
			expect(r.status).toBe(REDIRECT_STATUS);
			expect(r.status).toBe(301);
			expect(r.from).toMatch(/^\/[^\s]*$/);
			expect(r.to).toMatch(/^\/[^\s]*$/);
		}
	});

	it('writes no rule twice', () => {
		const froms = rules.map((r) => r.from);
		expect(new Set(froms).size).toBe(froms.length);
	});

	it('puts each known product before the catch-all for unknown products', () => {
		const catchAll = rules.findIndex((r) => r.from === '/product/:slug');
		const known = rules.findIndex((r) => r.from === '/product/whey-isolate-900g');
		expect(known).toBeGreaterThanOrEqual(0);
		expect(known).toBeLessThan(catchAll);
	});

	it('sends every /product/{slug} to /prodotti when no product is known', () => {
		expect(matchRedirect(buildRedirectRules({}), '/product/whey-isolate-900g')).toBe('/prodotti');
	});

	it('never redirects to an address that is itself redirected', () => {
		for (const r of rules) {
			const target = r.to.replace(':splat', 'x').replace(':slug', 'y');
			expect(matchRedirect(rules, target), `${r.from} -> ${r.to}`).toBeNull();
		}
	});
});

describe('matchRedirect', () => {
	const rules = buildRedirectRules(PRODUCTS);

	it.each(legacyCases)('legacy category %s -> %s', (from, to) => {
		expect(matchRedirect(rules, from)).toBe(to);
	});

	it.each(otherCases)('%s -> %s', (from, to) => {
		expect(matchRedirect(rules, from)).toBe(to);
	});

	it.each(nonMatches)('leaves %s alone', (path) => {
		expect(matchRedirect(rules, path)).toBeNull();
	});

	it('returns null without rules', () => {
		expect(matchRedirect([], '/categorie')).toBeNull();
	});

	it('keeps percent-encoded segments as they are', () => {
		expect(matchRedirect(rules, '/products/proteine/barretta%20cacao')).toBe(
			'/prodotti/proteine/barretta%20cacao',
		);
	});

	it('uses the first matching rule', () => {
		const ordered: RedirectRule[] = [
			{ from: '/a/:x', to: '/first/:x', status: 301 },
			{ from: '/a/b', to: '/second', status: 301 },
		];
		expect(matchRedirect(ordered, '/a/b')).toBe('/first/b');
	});

	it('fills in several placeholders and leaves unknown ones untouched', () => {
		const custom: RedirectRule[] = [{ from: '/x/:a/:b', to: '/y/:b/:a/:c', status: 301 }];
		expect(matchRedirect(custom, '/x/1/2')).toBe('/y/2/1/:c');
	});
});

describe('formatRedirectsFile / parseRedirectsFile', () => {
	const rules = buildRedirectRules(PRODUCTS);
	const text = formatRedirectsFile(rules);

	it('writes one "from to 301" line per rule after the comments', () => {
		const lines = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
		expect(lines).toHaveLength(rules.length);
		expect(lines[0]).toMatch(
			/^\/prodotti\/aminoacidi\/varianti\s+\/prodotti\/aminoacidi-e-creatina\/varianti\s+301$/,
		);
		expect(text.endsWith('\n')).toBe(true);
	});

	it('round-trips: format -> parse gives the same rules', () => {
		expect(parseRedirectsFile(text)).toEqual(rules);
	});

	it.each([...legacyCases, ...otherCases])('round trip still sends %s -> %s', (from, to) => {
		expect(matchRedirect(parseRedirectsFile(text), from)).toBe(to);
	});

	it.each(nonMatches)('round trip still leaves %s alone', (path) => {
		expect(matchRedirect(parseRedirectsFile(text), path)).toBeNull();
	});

	it('reads hand-written files: CRLF, tabs, comments, blank lines, default status', () => {
		const parsed = parseRedirectsFile(
			'# commento\r\n\r\n/vecchio\t/nuovo\r\n  /old/*   /new/:splat   301  \r\n/slash/ /x\n',
		);
		expect(parsed).toEqual([
			{ from: '/vecchio', to: '/nuovo', status: 301 },
			{ from: '/old/*', to: '/new/:splat', status: 301 },
			{ from: '/slash', to: '/x', status: 301 },
		]);
		expect(matchRedirect(parsed, '/old/a/b')).toBe('/new/a/b');
		expect(matchRedirect(parsed, '/old')).toBeNull();
		expect(matchRedirect(parsed, '/slash/')).toBe('/x');
	});

	it.each([
		['/solo-origine'],
		['senza-slash /x'],
		['/a /b 302'],
		['/a /b 200'],
		['/a /b 301 Country=it'],
	])('rejects the unsupported line %j', (line) => {
		expect(() => parseRedirectsFile(line)).toThrow(/_redirects line 1/);
	});

	it('reads an empty file as no rules', () => {
		expect(parseRedirectsFile('')).toEqual([]);
		expect(formatRedirectsFile([])).toMatch(/^#/);
		expect(parseRedirectsFile(formatRedirectsFile([]))).toEqual([]);
	});
});
