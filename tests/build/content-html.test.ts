import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSource } from '../../src/lib/http/csp';
import {
	buildHostileSite,
	FORBIDDEN_HTML,
	HOSTILE_PRODUCT_PATH,
	XSS_TITLE,
} from './helpers/hostile-site';

/**
 * Content with hostile HTML (a script, a meta refresh, an iframe, an img with onerror, a form…)
 * in a product's body and in a legal page: the real build, on a tiny copy of the site, keeps
 * none of it in any page, and the Content-Security-Policy allows no hash of it.
 */

let workdir: string;
let dist: string;

beforeAll(async () => {
	workdir = await mkdtemp(path.join(tmpdir(), 'content-html-'));
	({ dist } = await buildHostileSite(path.join(workdir, 'project')));
}, 300_000);

afterAll(async () => {
	await rm(workdir, { recursive: true, force: true });
});

const page = (address: string) => readFile(path.join(dist, 'client', `${address}.html`), 'utf8');

describe('hostile HTML in content', () => {
	it.each([HOSTILE_PRODUCT_PATH, '/privacy-policy'])('%s keeps none of it', async (address) => {
		const html = await page(address);
		// The safe parts of the same markdown are there: the test looks at the right place.
		expect(html).toContain('Testo rimasto innocuo.');
		expect(html).toContain('Anche questo.');
		expect(html).toContain('<a href="https://www.vigorsport.it">link vero</a>');
		for (const forbidden of FORBIDDEN_HTML) expect(html).not.toMatch(forbidden);
	});

	it('shows a frontmatter text with markup as text', async () => {
		const html = await page(HOSTILE_PRODUCT_PATH);
		expect(html).toContain('&lt;script&gt;document.title=');
	});

	it('no built page has a script the policy would allow from content', async () => {
		const headers = await readFile(path.join(dist, 'client/_headers'), 'utf8');
		expect(headers).toMatch(/script-src 'self'/);
		expect(headers).not.toContain(hashSource(`document.title='${XSS_TITLE}'`));
		const files = await readdir(path.join(dist, 'client'), { recursive: true });
		for (const file of files.filter((name) => name.endsWith('.html'))) {
			const html = await readFile(path.join(dist, 'client', file), 'utf8');
			expect(html, file).not.toMatch(/<script>document\.title/);
		}
	});
});
