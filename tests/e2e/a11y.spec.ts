import AxeBuilder from './helpers/axe';
import { expect, test } from './helpers/test';
import { crawlSite } from '../helpers/crawl';
import { samplePages } from './helpers/page-sample';

/** WCAG 2.2 AA, the level Italian law (Legge Stanca, EN 301 549) asks of a shop's site. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Pages are checked in this many tests, run side by side by the Playwright workers. */
const SHARDS = 4;
/** A missing page: its 404 answer must be accessible too. */
const NOT_FOUND_PATH = '/pagina-che-non-esiste';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** A readable account of the violations found on one page. */
function describeViolations(path: string, violations: AxeResults['violations']): string {
	const lines = [`${path}: ${violations.length} violation(s)`];
	for (const violation of violations) {
		lines.push(`  [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}`);
		lines.push(`    ${violation.helpUrl}`);
		for (const node of violation.nodes.slice(0, 5)) {
			lines.push(`    - ${node.target.join(' ')}`);
			if (node.failureSummary) {
				lines.push(...node.failureSummary.split('\n').map((line) => `        ${line}`));
			}
		}
		if (violation.nodes.length > 5) lines.push(`    … and ${violation.nodes.length - 5} more`);
	}
	return lines.join('\n');
}

let pagesToCheck: string[] = [];

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
	// Every kind of page as a first-time visitor sees it, with the cookie banner open.
	test.use({ consentBanner: true });
	test.describe.configure({ mode: 'parallel' });

	test.beforeAll(async () => {
		const { baseURL } = test.info().project.use;
		if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
		const { pages, html } = await crawlSite(baseURL);
		// In a fixed order: the crawl's order varies from run to run, and each worker shares out
		// the pages from its own crawl.
		const paths = [...new Set(pages.map((page) => page.split('?')[0] ?? page))].sort();
		const htmlOf = new Map<string, string>();
		for (const [address, text] of html) {
			const path = address.split('?')[0] ?? address;
			if (!htmlOf.has(path) || address === path) htmlOf.set(path, text);
		}
		// Every page type, each product category, product page shape and category page shape once.
		pagesToCheck = samplePages(paths, (path) => htmlOf.get(path) ?? '');
		pagesToCheck.push(NOT_FOUND_PATH);
		console.log(`axe: ${pagesToCheck.length} of ${paths.length + 1} pages`);
	});

	for (let shard = 0; shard < SHARDS; shard++) {
		test(`pages, group ${shard + 1} of ${SHARDS}`, async ({ page }) => {
			const mine = pagesToCheck.filter((_, index) => index % SHARDS === shard);
			// A product page takes axe a few seconds alone, and up to 40 s on a 2-core machine that
			// also runs a build and another browser.
			test.setTimeout(30_000 + mine.length * 45_000);
			const reports: string[] = [];
			for (const path of mine) {
				await test.step(path, async () => {
					const response = await page.goto(path, { waitUntil: 'load' });
					expect(response?.status(), path).toBe(path === NOT_FOUND_PATH ? 404 : 200);
					// Only the violations are gathered, not the long list of what passed. options()
					// replaces the options set before it, so it comes before withTags().
					const { violations } = await new AxeBuilder({ page })
						.options({ resultTypes: ['violations'] })
						.withTags(WCAG_TAGS)
						.analyze();
					if (violations.length > 0) reports.push(describeViolations(path, violations));
				});
			}
			expect(reports.length, `Accessibility violations:\n\n${reports.join('\n\n')}`).toBe(0);
		});
	}
});
