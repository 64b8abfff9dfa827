import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from './helpers/axe';
import type { Page } from '@playwright/test';
import {
	blockOtherHosts,
	field,
	fieldGroup,
	openEditor,
	reveal,
	savedFile,
	savedFiles,
} from './helpers/editor';
import { EDITOR_PHOTO, EDITOR_SAVES } from './helpers/shared-site';
import { expect, test } from './helpers/test';
import { parse } from 'yaml';
import { imageStandIn } from '../../src/lib/cms/schema-rules';
import { shopSchema } from '../../src/lib/content/shop-schema';

/** The front matter of a content file, parsed. */
function splitFrontmatter(text: string): { data: unknown } {
	const match = /^---\n([\s\S]*?)\n---/.exec(text);
	return { data: parse(match?.[1] ?? '') as unknown };
}

/**
 * The editor at /admin, used as a shop employee would, in a real Chromium with every request to
 * another host aborted. Its test backend holds a copy of content/ (helpers/editor.ts). The round
 * trip's saved files are kept in tests/fixtures/editor-saves, which the browser tests' second
 * site carries (helpers/shared-site.ts); admin-site.spec.ts checks its pages.
 */

const root = path.resolve(import.meta.dirname, '../..');
const PRODUCT = 'content/products/proteine/mass-gainer.md';
const SHOP = 'content/shops/torino.md';
const NEW_PRODUCT = 'content/products/proteine/shaker-pro-700.md';
const NEW_PHOTO = EDITOR_PHOTO.saved;

let outside: string[] = [];
test.beforeEach(async ({ context }) => {
	outside = await blockOtherHosts(context);
});
test.afterEach(() => {
	expect(outside, 'requests to other hosts').toEqual([]);
});

/**
 * Opens a view of the editor by its address (`#/collections/…`): a fresh start of the editor
 * there, as an editor opening a link would have. The page is left first: after a save the editor
 * may still move to another view of its own, and on a loaded machine that came after a bare
 * change of address and took the reload with it.
 */
async function openView(page: Page, view: string) {
	await page.goto('about:blank');
	await page.goto(`/admin#/collections/${view}`);
	await expect(page.getByRole('button', { name: 'Salva' })).toBeVisible();
}

/** Presses Salva and waits until `file` in the repository matches `expected`; returns its text. */
async function save(page: Page, file: string, expected: RegExp): Promise<string> {
	const button = page.getByRole('button', { name: 'Salva' });
	await expect(button).toBeEnabled();
	await button.click();
	let saved = '';
	await expect
		.poll(async () => (saved = (await savedFile(page, file))?.toString('utf8') ?? ''), {
			timeout: 15_000,
		})
		.toMatch(expected);
	return saved;
}

/** Presses Salva on a wrong value: the editor says why, in Italian, and `file` stays as it was. */
async function refused(page: Page, file: string, message: RegExp | string, kept: string) {
	await page.getByRole('button', { name: 'Salva' }).click();
	await expect(page.getByText(message).first()).toBeVisible();
	expect((await savedFile(page, file))?.toString('utf8')).toContain(kept);
}

// The editor is a 0.5 MB single-page application, and every start of it reads the whole content
// folder: one journey, as an editor's morning would be, starts it as few times as it can. It
// runs on one worker while the other takes the rest of the suite. More time, no timing asserted.
test.describe.configure({ timeout: 180_000 });

test('an editor’s round: Italian and accessible, wrong values refused, hours, a closure, a price and a new product with a photo saved as files, and no stock field', async ({
	page,
}) => {
	// The editor's own page: Italian, kept out of search engines and of the sitemap.
	await page.goto('/admin');
	await expect(page.getByRole('button', { name: 'Lavora con Repository di Test' })).toBeVisible();
	await expect(page).toHaveTitle(/Vigor Sport/);
	const sitemap = await (await page.request.get('/sitemap-0.xml')).text();
	expect(sitemap).toContain('/prodotti/proteine');
	expect(sitemap).not.toContain('/admin');
	await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute(
		'content',
		'noindex, nofollow',
	);
	await openEditor(page, root);

	// A product's form, which axe finds nothing wrong with; a negative price is refused, then a
	// price is saved. The form has no stock field: staff keep stock at /gestione/magazzino.
	await openView(page, 'prodotti/entries/proteine/mass-gainer');
	await expect(fieldGroup(page, 'Nome del prodotto').getByRole('textbox')).toHaveValue(
		'Mass Gainer 3000',
	);
	const results = await new AxeBuilder({ page })
		.options({ resultTypes: ['violations'] })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
		.analyze();
	expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
	const variants = fieldGroup(page, 'Varianti (gusto, formato, prezzo)');
	const price = await field(page, variants, 'spinbutton', 'Prezzo (€)');
	await price.fill('-5');
	await refused(
		page,
		PRODUCT,
		/deve essere maggiore|non può essere inferiore|almeno 0[,.]01|minimo/i,
		'price: 26.90',
	);
	await price.fill('24.9');
	await expect(variants.getByRole('spinbutton', { name: 'Sede Aosta' })).toHaveCount(0);
	const normalised = await save(page, PRODUCT, /price: 24\.9\n/);
	expect(normalised).not.toContain('stock');

	// The Torino shop: a closing time before the opening is refused; then the Saturday hours and
	// a summer closure with a note are saved as the shop schema reads them.
	await openView(page, 'negozi/entries/torino');
	const saturday = fieldGroup(page, 'Sabato');
	const range = await field(page, saturday, 'textbox', 'Fascia oraria');
	await range.fill('19:30-15:30');
	await refused(
		page,
		SHOP,
		"l'orario di chiusura deve venire dopo quello di apertura",
		"sabato: ['09:30-12:30']",
	);
	await range.fill('09:00-13:00');
	const closures = fieldGroup(page, 'Chiusure');
	await reveal(page, closures);
	// The editor wraps the name in bidi isolates: Aggiungi ⁨chiusura⁩.
	await closures.getByRole('button', { name: /^Aggiungi \W?chiusura\W?$/ }).click();
	await closures.getByLabel('Dal giorno', { exact: true }).fill('2027-08-09');
	await closures.getByLabel('Al giorno (compreso)', { exact: true }).fill('2027-08-22');
	await (await field(page, closures, 'textbox', 'Nota per i clienti')).fill('Chiuso per ferie');
	const shopFile = await save(page, SHOP, /closures:/);
	expect(shopFile).toMatch(/sabato:\n\s+- 09:00-13:00/);
	const shop = shopSchema({ image: imageStandIn as never }).safeParse(
		splitFrontmatter(shopFile).data,
	);
	expect(shop.success ? shop.data.closures : shop.error.issues).toEqual([
		{ from: '2027-08-09', to: '2027-08-22', note: 'Chiuso per ferie' },
	]);

	// A new product, with a photo uploaded from the computer.
	await openView(page, 'prodotti/new');
	const body = page.locator('body');
	await (await field(page, body, 'textbox', 'Nome del prodotto')).fill('Shaker Pro 700');
	await (await field(page, body, 'textbox', 'Marca')).fill('Vigor Sport');
	const category = fieldGroup(page, 'Categoria');
	await reveal(page, category);
	await category.getByRole('combobox').click();
	await page.getByRole('option', { name: 'Proteine' }).click();
	await (
		await field(page, body, 'textbox', 'Descrizione breve')
	).fill('Shaker da 700 ml con filtro a rete e coperchio a vite, lavabile in lavastoviglie.');
	const photos = fieldGroup(page, 'Foto');
	await reveal(page, photos);
	const browse = photos.getByRole('button', { name: 'Sfoglia' });
	if ((await browse.count()) === 0) await photos.getByRole('button', { name: /Aggiungi/ }).click();
	await browse.first().click();
	const dialog = page.getByRole('dialog', { name: 'Seleziona Immagine' });
	const chooser = page.waitForEvent('filechooser');
	await dialog.getByRole('button', { name: 'Carica' }).click();
	const photo = await readFile(path.join(root, EDITOR_PHOTO.source));
	await (
		await chooser
	).setFiles({ name: 'shaker-pro-700.jpg', mimeType: 'image/jpeg', buffer: photo });
	await dialog.getByRole('button', { name: 'Inserisci' }).click();
	await (
		await field(page, photos, 'textbox', 'Descrizione della foto')
	).fill('Shaker nero da 700 ml con il logo Vigor Sport');
	const newVariants = fieldGroup(page, 'Varianti (gusto, formato, prezzo)');
	await reveal(page, newVariants);
	const size = newVariants.getByRole('textbox', { name: 'Formato', exact: true });
	if ((await size.count()) === 0)
		await newVariants.getByRole('button', { name: /Aggiungi/ }).click();
	await (await field(page, newVariants, 'textbox', 'Formato')).fill('700 ml');
	await (await field(page, newVariants, 'spinbutton', 'Prezzo (€)')).fill('9.9');
	const created = await save(page, NEW_PRODUCT, /Shaker Pro 700/);

	// Saved once more, with a price changed and changed back: the file the editor normalised
	// the first time is written again byte for byte (normalised once, never again).
	await openView(page, 'prodotti/entries/proteine/mass-gainer');
	const again = fieldGroup(page, 'Varianti (gusto, formato, prezzo)');
	await (await field(page, again, 'spinbutton', 'Prezzo (€)')).fill('25');
	await save(page, PRODUCT, /price: 25\n/);
	await openView(page, 'prodotti/entries/proteine/mass-gainer');
	const back = fieldGroup(page, 'Varianti (gusto, formato, prezzo)');
	await (await field(page, back, 'spinbutton', 'Prezzo (€)')).fill('24.9');
	expect(await save(page, PRODUCT, /price: 24\.9\n/)).toBe(normalised);

	// What the editor wrote: the photo in the product's own folder, its path relative to the file.
	expect(created).toContain('src: ./shaker-pro-700/shaker-pro-700.jpg');
	expect(created).toMatch(/size: 700 ml\n\s+price: 9\.9\n/);
	expect(created).not.toContain('stock');
	expect(await savedFile(page, NEW_PHOTO)).toEqual(photo);
	expect((await savedFiles(page)).filter((file) => !file.startsWith('content/'))).toEqual([]);

	// The files the browser tests' second site carries (helpers/shared-site.ts) are these, byte
	// for byte, so that admin-site.spec.ts checks the pages built from what the editor wrote.
	// `--update-snapshots` writes them again after a change of the editor or of those files.
	for (const file of [PRODUCT, SHOP, NEW_PRODUCT]) {
		const saved = (await savedFile(page, file))?.toString('utf8');
		const kept = path.join(EDITOR_SAVES, file);
		if (['all', 'changed'].includes(test.info().config.updateSnapshots)) {
			await mkdir(path.dirname(kept), { recursive: true });
			await writeFile(kept, saved ?? '');
		}
		expect(saved, `${file} as saved, and as kept in tests/fixtures/editor-saves`).toBe(
			await readFile(kept, 'utf8'),
		);
	}
});
