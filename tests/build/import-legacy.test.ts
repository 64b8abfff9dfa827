import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from '../../scripts/start-server.mjs';
import { awkwardExport } from '../fixtures/legacy/awkward-export';
import { createScratchProject, root } from './helpers/scratch-project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * End to end: the fixture export and an export in the old system's awkward shapes (docs/import.md)
 * are imported into the EMPTY products folder of a scratch project (links to the real
 * code, a copy of the rest of content/), a second import changes nothing, and the scratch
 * project is built as `npm run build` does (astro build, then the server's modules) and served
 * by the real server: every imported product page answers 200 with its nutrition values or the
 * 'not available' text, and 'Foto in arrivo' where the export had no photo. The scratch project
 * has its own node_modules folder of links, so that Astro's cache (node_modules/.astro) is its
 * own and the real project's is never touched.
 */

const run = promisify(execFile);
const fixture = path.join(root, 'tests/fixtures/legacy/export.json');
const importer = path.join(root, 'tools/import-legacy/cli.mjs');
let workdir: string;
let project: string;
let products: string;
let server: RunningServer | undefined;

beforeAll(async () => {
	workdir = await mkdtemp(path.join(tmpdir(), 'import-legacy-'));
	project = path.join(workdir, 'project');
	products = path.join(project, 'content/products');
	await createScratchProject(project, { withProducts: false });
	await mkdir(products);
}, 60_000);

afterAll(async () => {
	await server?.stop();
	await rm(workdir, { recursive: true, force: true });
});

/** Runs the import command on an export (the fixture by default) into the scratch folder. */
async function importFixture(...args: string[]): Promise<string> {
	const [file = fixture, ...rest] = args[0]?.endsWith('.json') ? args : [fixture, ...args];
	const { stdout } = await run(process.execPath, [importer, file, '--out', products, ...rest], {
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

	it('writes one file per product into the empty folder, and no picture', async () => {
		const report = await importFixture();
		expect(report).toContain('Totale: 23 importati, 6 saltati, 38 avvisi, su 29 voci.');
		expect(report).toContain('voce 24: nome mancante');
		expect(report).toContain('voce 25 «Tappetino Yoga»: categoria sconosciuta «yoga»');
		expect(report).toContain('voce 26 «Guanti da Boxe»: nessun prezzo');
		expect(report).toMatch(
			/voce 27 «Creatina Micronizzata \(doppione\)»: slug «creatina-micronizzata» già usato dalla voce 8/,
		);
		expect(report).toMatch(/· label\.regime: integratore: la tabella ha la colonna %VNR/);
		expect(report).toMatch(/! features: JSON non leggibile/);
		// The old photo's address, for the editor to fetch; the page shows 'Foto in arrivo'.
		expect(report).toContain(
			'! images: foto da scaricare dal vecchio sistema: https://vecchio.vigorsport.it/uploads/prodotti/mass-gainer-extreme.png; salvala come mass-gainer-extreme.png',
		);
		first = await hashes();
		const files = Object.keys(first);
		expect(files.filter((file) => file.endsWith('.md'))).toHaveLength(23);
		expect(files.filter((file) => !file.endsWith('.md'))).toEqual([]);
		expect(files).toContain('supplementi/magnesio-potassio-plus.md');
		const magnesium = await readFile(
			path.join(products, 'supplementi/magnesio-potassio-plus.md'),
			'utf8',
		);
		expect(magnesium).not.toMatch(/^images:/m);
	}, 180_000);

	it('a second import changes nothing and reports every product as existing', async () => {
		const report = await importFixture();
		expect(await hashes()).toEqual(first);
		expect(report).toContain('Totale: 0 importati, 29 saltati, 0 avvisi, su 29 voci.');
		expect(report.match(/: esiste già \(usa --force per sovrascriverlo\)/g)).toHaveLength(23);
	}, 120_000);

	it('with --force it writes the same bytes', async () => {
		const report = await importFixture('--force');
		expect(await hashes()).toEqual(first);
		expect(report.match(/\(invariato\)/g)).toHaveLength(23);
	}, 120_000);

	it('imports the awkward shapes of the old system, skipping only what has no category', async () => {
		const file = path.join(workdir, 'awkward-export.json');
		await writeFile(file, JSON.stringify(awkwardExport));
		const report = await importFixture(file);
		// Six products, one warning each for its photo, one for the truncated JSON.
		expect(report).toContain('Totale: 6 importati, 1 saltati, 7 avvisi, su 7 voci.');
		expect(report).toContain('voce 7 «Prodotto Senza Categoria»: categoria mancante');
		expect(report).toMatch(/shaker-trasparente-700\.md\n(.*\n)*? +· variants: nessuna variante/);
		const nothing = path.join(workdir, 'nothing.json');
		await writeFile(nothing, JSON.stringify([awkwardExport.at(-1), 'testo']));
		// Nothing importable: exit code 1 with the reasons; an unreadable export too.
		await expect(importFixture(nothing)).rejects.toMatchObject({ code: 1 });
		await writeFile(nothing, '[{"name": "troncato');
		const failure: unknown = await importFixture(nothing).catch((error: unknown) => error);
		expect(failure).toMatchObject({ code: 1 });
		expect((failure as { stderr?: string }).stderr).toContain('Impossibile leggere');
	}, 120_000);

	it('the site builds with the imported products, serves each one and shows their labels', async () => {
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
		const dist = path.join(project, 'dist');
		await run(process.execPath, [path.join(root, 'scripts/compile-server.mjs')], {
			cwd: root,
			env: { ...env, DIST_DIR: dist },
		});
		server = await startServer({
			env: {
				DIST_DIR: dist,
				CONTACT_DB_PATH: path.join(workdir, 'messages.sqlite'),
				SMTP_HOST: '',
			},
		});

		// Every imported product answers 200 with its nutrition values or the 'not available'
		// text (merchandise: its specs tab instead), and 'Foto in arrivo' as its picture.
		const imported = await hashes();
		const pages = Object.keys(imported).filter((file) => file.endsWith('.md'));
		expect(pages).toHaveLength(23 + awkwardExport.length - 1);
		for (const file of pages) {
			const [category = '', name = ''] = file.split('/');
			const address = `${server.url}/prodotti/${category}/${name.replace(/\.md$/, '')}`;
			const response = await fetch(address);
			expect(response.status, address).toBe(200);
			const html = await response.text();
			expect(html, address).toMatch(/<img[^>]+alt="Foto di [^"]+ in arrivo"/);
			expect(html, address).not.toMatch(/"image":/);
			if (category === 'merchandising-e-cosmetici') continue;
			expect(html, address).toMatch(
				/<th[^>]*scope="row"|Valori nutrizionali non disponibili per questo prodotto/,
			);
		}
		const shaker = await fetch(
			`${server.url}/prodotti/merchandising-e-cosmetici/shaker-trasparente-700`,
		);
		expect(await shaker.text()).toContain('Formato unico');
		const tshirt = await (
			await fetch(`${server.url}/prodotti/merchandising-e-cosmetici/t-shirt-tecnica`)
		).text();
		for (const size of ['S', 'M', 'L']) expect(tshirt).toMatch(new RegExp(`>\\s*${size}\\s*<`));
		const rice = await (
			await fetch(`${server.url}/prodotti/alimenti-fit/crema-di-riso-troncata`)
		).text();
		expect(rice).toContain('Valori nutrizionali non disponibili per questo prodotto');
		// The category page's cards and the JSON API show the same 'Foto in arrivo' picture.
		const category = await (await fetch(`${server.url}/prodotti/merchandising-e-cosmetici`)).text();
		expect(category).toContain('alt="Foto di T-shirt Tecnica in arrivo"');
		const api = (await (
			await fetch(`${server.url}/api/products/merchandising-e-cosmetici.json`)
		).json()) as { slug: string; imageUrl: string }[];
		const photo = api.find((product) => product.slug === 't-shirt-tecnica')?.imageUrl ?? '';
		expect(photo).toMatch(/foto-in-arrivo.*\.webp$/);
		expect((await fetch(`${server.url}${photo}`)).status).toBe(200);

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
