import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createScratchProject, root } from './helpers/scratch-project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * End to end: the fixture export is imported into the EMPTY products folder of a scratch project
 * (links to the real code, a copy of the rest of content/), a second import changes nothing, and
 * a real `astro build` of the scratch project renders the imported products' nutrition tables
 * and ingredients. The scratch project has its own node_modules folder of links, so that Astro's
 * cache (node_modules/.astro) is its own and the real project's is never touched.
 */

const run = promisify(execFile);
const fixture = path.join(root, 'tests/fixtures/legacy/export.json');
const importer = path.join(root, 'scripts/import-legacy.mjs');
let workdir: string;
let project: string;
let products: string;

beforeAll(async () => {
	workdir = await mkdtemp(path.join(tmpdir(), 'import-legacy-'));
	project = path.join(workdir, 'project');
	products = path.join(project, 'content/products');
	await createScratchProject(project, { withProducts: false });
	await mkdir(products);
}, 60_000);

afterAll(async () => {
	await rm(workdir, { recursive: true, force: true });
});

/** Runs the import command on the fixture into the scratch products folder. */
async function importFixture(...args: string[]): Promise<string> {
	const { stdout } = await run(process.execPath, [importer, fixture, '--out', products, ...args], {
		cwd: root,
		maxBuffer: 16 * 1024 * 1024,
	});
	return stdout;
}

/** SHA-256 of every file under the products folder, by relative path. */
async function hashes(): Promise<Record<string, string>> {
	const out: Record<string, string> = {};
	for (const category of (await readdir(products)).sort()) {
		for (const file of (await readdir(path.join(products, category))).sort()) {
			const data = await readFile(path.join(products, category, file));
			out[`${category}/${file}`] = createHash('sha256').update(data).digest('hex');
		}
	}
	return out;
}

/** A built product page. */
const page = (category: string, slug: string) =>
	readFile(path.join(project, 'dist/client/prodotti', category, `${slug}.html`), 'utf8');

/** What a built product page shows: nutrition rows, allergens in bold, and its text. */
async function shown(category: string, slug: string) {
	const html = await page(category, slug);
	const strip = (text: string) =>
		text
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim();
	const rows = [...html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)]
		.filter((row) => row[1]?.includes('scope="row"'))
		.map((row) =>
			[...(row[1] ?? '').matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
				strip(cell[1] ?? ''),
			),
		);
	const allergens = [...html.matchAll(/<strong[^>]*>([^<]+)<\/strong>/g)].map((match) => match[1]);
	return { rows, allergens, text: strip(html) };
}

describe('importing the old system export', () => {
	let first: Record<string, string>;

	it('writes one file and one picture per product into the empty folder', async () => {
		const report = await importFixture();
		expect(report).toContain('Totale: 23 importati, 6 saltati, su 29 voci.');
		expect(report).toContain('voce 24: nome mancante');
		expect(report).toContain('voce 25 «Tappetino Yoga»: categoria sconosciuta «yoga»');
		expect(report).toContain('voce 26 «Guanti da Boxe»: nessun prezzo');
		expect(report).toMatch(
			/voce 27 «Creatina Micronizzata \(doppione\)»: slug «creatina-micronizzata» già usato dalla voce 8/,
		);
		expect(report).toContain('23 illustrazioni create');
		expect(report).toMatch(/· label\.regime: integratore: la tabella ha la colonna %VNR/);
		expect(report).toMatch(/! features: JSON non leggibile/);
		first = await hashes();
		const files = Object.keys(first);
		expect(files.filter((file) => file.endsWith('.md'))).toHaveLength(23);
		expect(files.filter((file) => file.endsWith('.jpg'))).toHaveLength(23);
		expect(files).toContain('supplementi/magnesio-potassio-plus.md');
		expect(files).toContain('supplementi/magnesio-potassio-plus.jpg');
	}, 180_000);

	it('a second import changes nothing and reports every product as existing', async () => {
		const report = await importFixture();
		expect(await hashes()).toEqual(first);
		expect(report).toContain('Totale: 0 importati, 29 saltati, su 29 voci.');
		expect(report.match(/: esiste già \(usa --force per sovrascriverlo\)/g)).toHaveLength(23);
	}, 120_000);

	it('with --force it writes the same bytes', async () => {
		const report = await importFixture('--force');
		expect(await hashes()).toEqual(first);
		expect(report.match(/\(invariato\)/g)).toHaveLength(23);
	}, 120_000);

	it('the site builds with the imported products and shows their labels', async () => {
		const env: NodeJS.ProcessEnv = {
			...process.env,
			ASTRO_TELEMETRY_DISABLED: '1',
			FORCE_COLOR: '0',
		};
		delete env['CONTENT_DIR'];
		await run(process.execPath, [path.join(project, 'node_modules/astro/astro.js'), 'build'], {
			cwd: project,
			env,
			maxBuffer: 64 * 1024 * 1024,
		});

		// valori_nutrizionali sections, UPPER-CASE allergens, expert tip from the marker.
		const whey = await shown('proteine', 'whey-isolate-native');
		expect(whey.rows).toContainEqual(['Proteine', '86 g', '26 g']);
		expect(whey.allergens).toEqual(['latte', 'soia']);
		expect(whey.text).toContain('Una porzione dopo l’allenamento');

		// a list of {nome, valore, unita} at the top level, soy isolate serving label.
		const soy = await shown('proteine', 'proteina-soia-isolata');
		expect(soy.text).toContain('Per 40 g**');
		expect(soy.rows).toContainEqual(['Proteine', '36 g']);
		expect(soy.allergens).toEqual(['soia']);

		// an HTML nutritional-table in the long description, with %VNR.
		const magnesium = await shown('supplementi', 'magnesio-potassio-plus');
		expect(magnesium.rows).toContainEqual(['Magnesio', '300 mg', '80%']);
		expect(magnesium.text).toContain('Citrato di magnesio, citrato di potassio');
		expect(magnesium.text).toContain('1 bustina al giorno');

		// a markdown pipe table in the long description; the oat slug's single ingredients field.
		const oats = await shown('alimenti-fit', 'avena-istantanea-vaniglia');
		expect(oats.rows).toContainEqual(['Fibre', '10 g', '5,0 g']);
		expect(oats.allergens).toEqual(['avena']);

		// a JSON line among the feature text lines: 'Per 4 compresse'.
		const bcaa = await shown('aminoacidi-e-creatina', 'bcaa-4-1-1-compresse');
		expect(bcaa.text).toContain('Per 4 compresse');
		expect(bcaa.rows).toContainEqual(['L-leucina', '2000 mg']);

		// truncated JSON features: the long description's 'label: value' lines give the table.
		const vitaminD = await shown('supplementi', 'vitamina-d3-gocce');
		expect(vitaminD.rows).toContainEqual(['Vitamina D3', '25 µg', '500%']);
		expect(vitaminD.text).toContain('Olio extravergine di oliva, colecalciferolo');

		// HTML bold allergen in the ingredients; per_softgel with %VNR.
		const krill = await shown('supplementi', 'olio-di-krill');
		expect(krill.rows).toContainEqual(['Vitamina E', '2 mg', '17%']);
		expect(krill.allergens).toEqual(['crostacei']);

		// merchandise: technical specs, no nutrition tab.
		const towel = await shown('merchandising-e-cosmetici', 'asciugamano-microfibra');
		expect(towel.text).toContain('Microfibra: 80% poliestere, 20% poliammide');
		expect(towel.text).not.toContain('Valori Nutrizionali');

		// every imported food product shows a nutrition table and an ingredient list.
		for (const file of Object.keys(first).filter((name) => name.endsWith('.md'))) {
			const [category = '', name = ''] = file.split('/');
			if (category === 'merchandising-e-cosmetici') continue;
			const product = await shown(category, name.replace(/\.md$/, ''));
			expect(product.rows.length, file).toBeGreaterThan(0);
			expect(product.text, file).toMatch(/Ingredienti [A-Z]/);
		}
	}, 300_000);
});
