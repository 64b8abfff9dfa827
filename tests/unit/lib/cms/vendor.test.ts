import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CMS_BASE, rewriteScript, vendorFiles } from '../../../../src/lib/cms/vendor';

const PACKAGE = 'node_modules/@sveltia/cms';
const source = readFileSync(`${PACKAGE}/dist/sveltia-cms.js`, 'utf8');

describe('the editor files served from the site (src/lib/cms/vendor.ts)', () => {
	it('the stock script would fetch fonts and translations from CDNs', () => {
		expect(source).toContain('https://cdn.jsdelivr.net/fontsource/fonts/');
		expect(source).toMatch(/`\$\{[\w$]+\}@\$\{[\w$]+\}\/locales`/);
	});

	it('the served script fetches them from /admin/cms/ instead', () => {
		const { script, fonts } = rewriteScript(source);
		expect(script).not.toContain('cdn.jsdelivr.net');
		expect(script).not.toMatch(/@\$\{[\w$]+\}\/locales`/);
		expect(script).toContain('`/admin/cms/locales`');
		expect(fonts).toEqual([
			'material-symbols-outlined-latin-wght-normal.woff2',
			'noto-mono-latin-400-normal.woff2',
			'source-sans-3-latin-wght-normal.woff2',
		]);
	});

	it('every file the script asks for is served, the Italian translation among them', () => {
		const files = vendorFiles(PACKAGE).map((file) => `${CMS_BASE}/${file.path}`);
		const { script } = rewriteScript(source);
		for (const url of script.match(/\/admin\/cms\/fonts\/[\w.-]+/g) ?? []) {
			expect(files).toContain(url);
		}
		expect(files).toContain('/admin/cms/locales/it.json');
		expect(files).toContain('/admin/cms/sveltia-cms.js');
	});

	it.each([
		['a font moved', source.replace('https://cdn.jsdelivr.net/fontsource/fonts/noto-mono', 'x')],
		['the translations moved', source.replace(/\/locales`/g, '/i18n`')],
	])('stops the build in Italian when %s (a CMS upgrade)', (_, changed) => {
		expect(() => rewriteScript(changed)).toThrow(/non ha più gli indirizzi attesi/);
	});
});
