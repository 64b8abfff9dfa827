import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The one way an on-demand page gets what it shows (docs/ARCHITECTURE.md, "How an on-demand page
 * gets its view"): every page of src/pages that reads the server calls one page function of
 * src/server/services/pages.ts and returns the Response it may give, and leaves the guard, the
 * status, the headers and the redirects to it; and it stays short, its markup in components.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const pagesDir = join(root, 'src/pages');

/** Most lines a page may have: near 80, with room for its comment and its script. */
const MAX_PAGE_LINES = 90;

function astroFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return astroFiles(path);
		return entry.name.endsWith('.astro') ? [path] : [];
	});
}

/** The on-demand pages that import the server's facade, by path from the repository. */
const serverPages = astroFiles(pagesDir)
	.map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }))
	.filter(({ text }) => /export const prerender = false/.test(text))
	.filter(({ text }) => /server\/services\/routes'/.test(text));

describe('the on-demand pages that read the server', () => {
	it('are found (the staff area, the customer’s link, the alert’s link)', () => {
		const paths = serverPages.map(({ path }) => path);
		expect(paths).toContain('src/pages/gestione/preparazione.astro');
		expect(paths).toContain('src/pages/prenotazione/[token].astro');
		expect(paths).toContain('src/pages/avviso.astro');
	});

	it.each(serverPages.map(({ path, text }) => [path, text]))(
		'%s gets its view from one page function',
		(_, text) => {
			const frontmatter = text.split('---')[1] ?? '';
			expect(frontmatter).toMatch(
				/const page = await \w+Page\(Astro\);\nif \(page instanceof Response\) return page;\n/,
			);
			// The guard, the status, the headers and the redirects are the page function's.
			expect(frontmatter).not.toMatch(/requireStaff|Astro\.response|Astro\.redirect/);
		},
	);

	it.each(serverPages.map(({ path, text }) => [path, text]))(
		`%s has at most ${MAX_PAGE_LINES} lines`,
		(_, text) => {
			expect(text.split('\n').length).toBeLessThanOrEqual(MAX_PAGE_LINES);
		},
	);
});
