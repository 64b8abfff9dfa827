/**
 * Legacy URL redirects (docs/navigation.md), the single implementation of their rules and of
 * their matching. Rules are written in the `_redirects` syntax shared by Netlify and Cloudflare
 * Pages: `:name` matches one path segment, a final `*` matches the rest and is put back as
 * `:splat`; the first matching rule wins.
 *
 * The build writes the rules to `dist/client/_redirects` (src/pages/[hostFile].ts) for CDNs,
 * and `scripts/compile-server.mjs` bundles this very file into `dist/server/serve.mjs`, our
 * Node server (src/server/main.ts), which reads the same `_redirects` file with
 * `parseRedirectsFile` and answers with `matchRedirect`. Pure: no I/O, no `astro:*` imports.
 */
import { categoryPath, productPath } from './catalogue/paths';

/** HTTP status of every legacy redirect: permanent, so search engines move their links. */
export const REDIRECT_STATUS = 301;

/** One redirect rule as written on a line of a `_redirects` file. */
export interface RedirectRule {
	readonly from: string;
	readonly to: string;
	readonly status: typeof REDIRECT_STATUS;
}

/** Old category slug -> new category slug. */
export const LEGACY_CATEGORY_SLUGS: Readonly<Record<string, string>> = Object.freeze({
	aminoacidi: 'aminoacidi-e-creatina',
	'vitamine-minerali-antiossidanti': 'supplementi',
	'pre-workout': 'dimagranti',
	energetici: 'pre-workout-energetici',
	'accessori-e-merchandising': 'merchandising-e-cosmetici',
});

const rule = (from: string, to: string): RedirectRule => ({ from, to, status: REDIRECT_STATUS });

/** The rules moving one category path prefix (`/prodotti/x` or `/products/x`) to the new one. */
function categoryRules(fromPrefix: string, toPrefix: string): RedirectRule[] {
	return [
		rule(`${fromPrefix}/varianti`, `${toPrefix}/varianti`),
		rule(`${fromPrefix}/:slug`, `${toPrefix}/:slug`),
		rule(fromPrefix, toPrefix),
	];
}

/** Every legacy redirect, most specific first, given each product slug's category slug. */
export function buildRedirectRules(
	productCategories: Readonly<Record<string, string>>,
): RedirectRule[] {
	const rules: RedirectRule[] = [];
	for (const [oldSlug, newSlug] of Object.entries(LEGACY_CATEGORY_SLUGS)) {
		rules.push(...categoryRules(categoryPath(oldSlug), categoryPath(newSlug)));
	}
	rules.push(rule('/categorie', '/prodotti'));
	// A legacy category under /products reaches its new slug in one hop, not through
	// /prodotti/{old}.
	for (const [oldSlug, newSlug] of Object.entries(LEGACY_CATEGORY_SLUGS)) {
		rules.push(...categoryRules(`/products/${oldSlug}`, categoryPath(newSlug)));
	}
	rules.push(rule('/products/*', '/prodotti/:splat'), rule('/products', '/prodotti'));
	const products = Object.entries(productCategories).sort(([a], [b]) =>
		a < b ? -1 : a > b ? 1 : 0,
	);
	for (const [productSlug, categorySlug] of products) {
		const category = LEGACY_CATEGORY_SLUGS[categorySlug] ?? categorySlug;
		rules.push(rule(`/product/${productSlug}`, productPath(category, productSlug)));
	}
	// Old product addresses whose slug is not (or no longer) in the catalogue.
	rules.push(rule('/product/:slug', '/prodotti'), rule('/product', '/prodotti'));
	return rules;
}

/** The text of a `_redirects` file holding the rules, one per line, columns aligned. */
export function formatRedirectsFile(rules: readonly RedirectRule[]): string {
	const fromWidth = Math.max(0, ...rules.map((r) => r.from.length));
	const toWidth = Math.max(0, ...rules.map((r) => r.to.length));
	const lines = rules.map(
		(r) => `${r.from.padEnd(fromWidth)}  ${r.to.padEnd(toWidth)}  ${r.status}`,
	);
	return [
		'# Legacy addresses of the old site. Generated at build by src/lib/redirects.ts:',
		'# do not edit by hand. The first matching rule wins.',
		...lines,
		'',
	].join('\n');
}

/** The rules of a `_redirects` text (comments skipped); throws on a line it cannot honour. */
export function parseRedirectsFile(text: string): RedirectRule[] {
	// Honoured: "/from /to" and "/from /to 301"; not: other statuses, conditions (Country=…).
	const rules: RedirectRule[] = [];
	text.split(/\r?\n/).forEach((raw, index) => {
		const line = raw.trim();
		if (line === '' || line.startsWith('#')) return;
		const [from, to, status, ...rest] = line.split(/\s+/);
		const where = `_redirects line ${index + 1}`;
		if (from === undefined || !from.startsWith('/') || to === undefined) {
			throw new Error(`${where}: expected "/from /to [301]", got "${line}"`);
		}
		if ((status !== undefined && status !== String(REDIRECT_STATUS)) || rest.length > 0) {
			throw new Error(`${where}: only "${REDIRECT_STATUS}" may follow the target, got "${line}"`);
		}
		rules.push(rule(stripTrailingSlash(from), to));
	});
	return rules;
}

/** `/a/b/` -> `/a/b`; the root `/` stays as it is. */
function stripTrailingSlash(path: string): string {
	const stripped = path.replace(/\/+$/, '');
	return stripped === '' ? '/' : stripped;
}

/** The placeholder values when `pattern` matches `pathname`, else null. */
function matchPattern(pattern: string, pathname: string): Map<string, string> | null {
	const wanted = pattern.split('/');
	const given = pathname.split('/');
	const values = new Map<string, string>();
	for (const [i, part] of wanted.entries()) {
		if (part === '*' && i === wanted.length - 1) {
			const rest = given.slice(i).join('/');
			if (rest === '') return null;
			values.set('splat', rest);
			return values;
		}
		const value = given[i];
		if (value === undefined) return null;
		if (part.startsWith(':') && part.length > 1) {
			if (value === '') return null;
			values.set(part.slice(1), value);
		} else if (part !== value) {
			return null;
		}
	}
	return wanted.length === given.length ? values : null;
}

/** The filled-in target of the first rule matching a path (trailing slash ignored), or null. */
export function matchRedirect(rules: readonly RedirectRule[], pathname: string): string | null {
	// `pathname` carries no query string: the server appends the request's own to the target.
	const path = stripTrailingSlash(pathname);
	for (const { from, to } of rules) {
		const values = matchPattern(from, path);
		if (values) {
			return to.replace(/:([A-Za-z_]\w*)/g, (token, name: string) => values.get(name) ?? token);
		}
	}
	return null;
}
