#!/usr/bin/env node
// @ts-check
/**
 * Imports products exported from the old system (docs/import.md): a JSON array whose
 * items are the old API's product answer merged with its details answer ({ ...product,
 * ...details }) or holding both ({ product, details }). Each product becomes
 * <out>/<category>/<slug>.md; the conversion is the pure code beside this file, compiled here
 * with esbuild (scripts/typescript.mjs).
 *
 *   npm run import:legacy -- <export.json> [--out content/products] [--force]
 *                                            [--magazzino magazzino-importato.csv]
 *
 * The old stock does not go into the product files (stock is kept in the server's ledger): it
 * is written to a CSV of `negozio;prodotto;variante;pezzi` (default magazzino-importato.csv in
 * the project folder), one row per imported variant and shop, for
 * `npm run magazzino -- importa magazzino-importato.csv --conferma` on the server.
 *
 * The categories are the site's own (content/categories, or CONTENT_DIR/categories as for the
 * build). Every file is parsed with the site's own product schema before it is written (issue
 * 14): a product that would not build is repaired (an invalid optional field dropped, reported)
 * or skipped with the schema's Italian message, so an import never leaves a folder that breaks
 * the build. Photos stay on the old server: the files name none, the pages show 'Foto in
 * arrivo', and the report lists each product's old photo address for the editor.
 *
 * An existing file is never overwritten without --force; a second import of the same export
 * changes nothing (with --force it rewrites the same bytes). The report lists what was imported,
 * what was skipped and why, and per product the fields that fell back or need checking. The exit
 * code is 1 only when the export cannot be read or none of its products could be imported.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTypeScript } from '../../scripts/typescript.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const USAGE =
	'Uso: npm run import:legacy -- <export.json> [--out content/products] [--force] [--magazzino magazzino-importato.csv]';

/**
 * Reads the command line; exits with the usage line on a mistake.
 * @param {string[]} argv
 * @returns {{ file: string; out: string; force: boolean; stock: string }}
 */
function options(argv) {
	/** @type {{ file: string | null; out: string; force: boolean; stock: string }} */
	const result = {
		file: null,
		out: 'content/products',
		force: false,
		stock: 'magazzino-importato.csv',
	};
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i] ?? '';
		if (arg === '--force') result.force = true;
		else if (arg === '--out') result.out = argv[++i] ?? '';
		else if (arg.startsWith('--out=')) result.out = arg.slice(6);
		else if (arg === '--magazzino') result.stock = argv[++i] ?? '';
		else if (arg.startsWith('--magazzino=')) result.stock = arg.slice(12);
		else if (arg === '--help' || arg === '-h') {
			console.log(USAGE);
			process.exit(0);
		} else if (arg.startsWith('-') || result.file) {
			console.error(`Argomento non riconosciuto: ${arg}\n${USAGE}`);
			process.exit(2);
		} else result.file = arg;
	}
	if (!result.file || !result.out || !result.stock) {
		console.error(USAGE);
		process.exit(2);
	}
	return { ...result, file: result.file };
}

/**
 * The records of the export: a list, or { products: [...] }, or one object.
 * @param {any} data
 * @returns {unknown[]}
 */
function records(data) {
	if (Array.isArray(data)) return data;
	if (data && typeof data === 'object' && Array.isArray(data.products)) return data.products;
	return [data];
}

/**
 * Where each existing product file is, by slug (file names are unique across categories).
 * @param {string} out
 */
function existingFiles(out) {
	/** @type {Map<string, string>} */
	const bySlug = new Map();
	if (!existsSync(out)) return bySlug;
	for (const category of readdirSync(out, { withFileTypes: true })) {
		if (!category.isDirectory()) continue;
		for (const file of readdirSync(path.join(out, category.name))) {
			if (file.endsWith('.md')) bySlug.set(file.slice(0, -3), `${category.name}/${file}`);
		}
	}
	return bySlug;
}

/** @param {string} file */
const shown = (file) => path.relative(process.cwd(), file) || file;

async function main() {
	const opts = options(process.argv.slice(2));
	const source = path.resolve(opts.file);
	const out = path.resolve(opts.out);
	let data;
	try {
		data = JSON.parse(await readFile(source, 'utf8'));
	} catch (error) {
		console.error(`Impossibile leggere ${opts.file}: ${/** @type {Error} */ (error).message}`);
		process.exit(1);
	}
	/** @type {typeof import('./index')} */
	const { convertLegacyProduct, checkConverted, readCategories, importCsv } =
		await importTypeScript(path.join(ROOT, 'tools/import-legacy/index.ts'));
	const content = path.resolve(ROOT, process.env['CONTENT_DIR'] ?? 'content');
	const categories = readCategories(path.join(content, 'categories'));

	const existing = existingFiles(out);
	/** @type {{ file: string; state: string; notes: import('./index').ImportNote[] }[]} */
	const imported = [];
	/** @type {string[]} */
	const skipped = [];
	/** Products that are already there, unchanged: imported by an earlier run. */
	let existingCount = 0;
	/** @type {Map<string, string>} */
	const seen = new Map();
	/** The old stock of the products written or already there unchanged, for the stock CSV. */
	/** @type {{ shopId: string; productId: string; variantId: string; pieces: number }[]} */
	const stockRows = [];
	const items = records(data);
	for (const [index, entry] of items.entries()) {
		const label = `voce ${index + 1}`;
		const result = convertLegacyProduct(entry, categories);
		if (result.status === 'skipped') {
			skipped.push(`${label}${result.name ? ` «${result.name}»` : ''}: ${result.reason}`);
			continue;
		}
		const checked = checkConverted(result);
		if (checked.status === 'skipped') {
			skipped.push(`${label} «${result.frontmatter.name}»: ${checked.reason}`);
			continue;
		}
		const relative = `${result.category}/${result.slug}.md`;
		const target = path.join(out, relative);
		const name = `${label} «${result.frontmatter.name}»`;
		if (seen.has(result.slug)) {
			skipped.push(`${name}: slug «${result.slug}» già usato dalla ${seen.get(result.slug)}`);
			continue;
		}
		seen.set(result.slug, label);
		const other = existing.get(result.slug);
		if (other && other !== relative) {
			skipped.push(`${name}: il nome di file «${result.slug}.md» è già usato da ${other}`);
			continue;
		}
		if (other && !opts.force) {
			existingCount++;
			skipped.push(`${shown(target)}: esiste già (usa --force per sovrascriverlo)`);
			continue;
		}
		const { text } = checked;
		const before = other ? await readFile(target, 'utf8') : null;
		await mkdir(path.dirname(target), { recursive: true });
		if (before !== text) await writeFile(target, text);
		for (const row of result.stock) stockRows.push({ ...row, productId: result.slug });
		imported.push({
			file: shown(target),
			state: before === null ? 'nuovo' : before === text ? 'invariato' : 'sovrascritto',
			notes: checked.notes,
		});
	}

	console.log(`Import dal vecchio sistema: ${shown(source)} → ${shown(out)}\n`);
	console.log(`Importati (${imported.length}):`);
	for (const item of imported) {
		console.log(`  ✓ ${item.file}${item.state === 'nuovo' ? '' : ` (${item.state})`}`);
		for (const note of item.notes) {
			console.log(`      ${note.kind === 'warning' ? '!' : '·'} ${note.field}: ${note.message}`);
		}
	}
	const stockFile = path.resolve(process.cwd(), opts.stock);
	if (stockRows.length) {
		await writeFile(stockFile, importCsv(stockRows));
		console.log(
			`\nMagazzino: ${stockRows.length} righe in ${shown(stockFile)}. I file dei prodotti non` +
				' portano più i pezzi: caricali sul server con `npm run magazzino -- importa ' +
				`${shown(stockFile)} --conferma\` (prima senza --conferma per vedere le differenze).`,
		);
	}
	console.log(`\nSaltati (${skipped.length}):`);
	for (const line of skipped) console.log(`  – ${line}`);

	const warnings = imported.reduce(
		(count, item) => count + item.notes.filter((note) => note.kind === 'warning').length,
		0,
	);
	console.log(
		`\nTotale: ${imported.length} importati, ${skipped.length} saltati, ${warnings} avvisi, su ${items.length} voci.`,
	);
	if (imported.length) {
		console.log(
			'Controlla i campi segnati sopra (· ripiego usato, ! dato scartato o da verificare), poi `npm start`.',
		);
	}
	if (!imported.length && !existingCount) {
		console.error('Nessun prodotto importato: controlla i motivi elencati sopra.');
		process.exitCode = 1;
	}
}

await main();
