import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './helpers/test';
import { parse } from 'yaml';

/**
 * What editors write in content/ is what visitors see: each shop's phone, address and hours
 * appear on /negozi, /contatti and in the footer of every page, and the footer lists the
 * categories in their order.
 */

const contentDir = path.resolve(import.meta.dirname, '../../content');

/** The frontmatter of a markdown file. */
async function frontmatter(file: string): Promise<Record<string, unknown>> {
	const text = await readFile(file, 'utf8');
	const match = /^---\n([\s\S]*?)\n---/.exec(text);
	if (!match?.[1]) throw new Error(`${file} has no frontmatter`);
	return parse(match[1]) as Record<string, unknown>;
}

async function entries(folder: string) {
	const files = (await readdir(path.join(contentDir, folder))).filter((file) =>
		file.endsWith('.md'),
	);
	return Promise.all(files.map((file) => frontmatter(path.join(contentDir, folder, file))));
}

test('each shop’s phone and name come from its content file', async ({ page }) => {
	const shops = await entries('shops');
	expect(shops.length).toBe(2);
	for (const route of ['/negozi', '/contatti', '/']) {
		await page.goto(route);
		for (const shop of shops) {
			const phone = String(shop['phone']);
			const scope = route === '/' ? page.getByRole('contentinfo') : page.getByRole('main');
			await expect(
				scope.getByRole('link', { name: phone }).first(),
				`${route}: ${phone}`,
			).toBeVisible();
			await expect(scope.getByText(String(shop['name'])).first()).toBeVisible();
		}
	}
});

test('opening hours are shown per group of days, several lines', async ({ page }) => {
	await page.goto('/contatti');
	const torino = page.getByRole('listitem').filter({ hasText: 'Sede di Torino' });
	await expect(torino.getByText('Lun–Ven')).toBeVisible();
	await expect(torino.getByText('09:30–12:30, 15:30–19:30')).toBeVisible();
	// Exact: the open-now line above the hours may read «Chiuso · apre domani alle 9:30».
	await expect(torino.getByText('Dom', { exact: true })).toBeVisible();
	await expect(torino.getByText('Chiuso', { exact: true })).toBeVisible();
});

test('the footer lists the seven categories in the editors’ order', async ({ page }) => {
	const categories = (await entries('categories')).sort(
		(a, b) => Number(a['order']) - Number(b['order']),
	);
	await page.goto('/chi-siamo');
	const list = page.getByRole('navigation', { name: 'Categorie' }).getByRole('link');
	await expect(list).toHaveText(categories.map((category) => String(category['name'])));
	await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
	await expect(page.getByRole('contentinfo')).toContainText('P.IVA');
});
