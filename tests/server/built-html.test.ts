import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { sitePages } from '../../src/integrations/html-files';
import { MANIFEST_PATH } from '../../src/lib/http/headers';
import { ROOT } from '../../scripts/start-server.mjs';

/**
 * Every built page is valid HTML and keeps in its HTML what a browser, a crawler or a checker
 * reads there (docs/testing.md): html-validate with the repository's configuration
 * (.htmlvalidate.mjs: the HTML standard's rules, as the W3C Nu HTML Checker applies them), and
 * the manifest's link in the head of every page. Reads dist/client, so it runs after the build.
 */
const CLIENT = join(process.env.DIST_DIR ?? join(ROOT, 'dist'), 'client');
const pages = await sitePages(CLIENT);
const validator = new HtmlValidate(new FileSystemConfigLoader());

describe('the built pages', () => {
	it('are all found', () => {
		// The site has about a hundred pages; none found would make the checks below pass vacuously.
		expect(pages.length).toBeGreaterThan(50);
		expect(pages).toContain('index.html');
	});

	it('are valid HTML', { timeout: 120_000 }, async () => {
		const problems: string[] = [];
		for (const page of pages) {
			const report = await validator.validateString(
				await readFile(join(CLIENT, page), 'utf8'),
				page,
			);
			for (const { messages } of report.results) {
				for (const { ruleId, message, line, column } of messages) {
					problems.push(`${page}:${line}:${column} ${ruleId}: ${message}`);
				}
			}
		}
		expect(problems).toEqual([]);
	});

	it('link the manifest in their head', { timeout: 30_000 }, async () => {
		const missing: string[] = [];
		for (const page of pages) {
			const html = await readFile(join(CLIENT, page), 'utf8');
			const head = html.slice(0, html.indexOf('</head>'));
			if (!head.includes(`<link rel="manifest" href="${MANIFEST_PATH}">`)) missing.push(page);
		}
		expect(missing).toEqual([]);
	});
});
