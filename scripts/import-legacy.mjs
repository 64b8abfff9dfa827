#!/usr/bin/env node
/**
 * Imports products exported from the old system (issue 8, DECISIONS.md 3): a JSON array whose
 * items are the old API's product answer merged with its details answer ({ ...product,
 * ...details }) or holding both ({ product, details }). Each product becomes
 * <out>/<category>/<slug>.md; the conversion is the pure code in src/lib/import/, compiled here
 * with esbuild (scripts/typescript.mjs). Then scripts/generate-images.mjs draws the missing
 * product pictures in <out>, so that the site builds before the real photos arrive.
 *
 *   npm run import:legacy -- <export.json> [--out content/products] [--force] [--no-images]
 *
 * An existing file is never overwritten without --force; a second import of the same export
 * changes nothing (with --force it rewrites the same bytes). The report lists what was imported,
 * what was skipped and why, and per product the fields that fell back or need checking.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTypeScript } from './typescript.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE =
	'Uso: npm run import:legacy -- <export.json> [--out content/products] [--force] [--no-images]';

/** Reads the command line; exits with the usage line on a mistake. */
function options(argv) {
	const result = { file: null, out: 'content/products', force: false, images: true };
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i];
		if (arg === '--force') result.force = true;
		else if (arg === '--no-images') result.images = false;
		else if (arg === '--out') result.out = argv[++i] ?? '';
		else if (arg.startsWith('--out=')) result.out = arg.slice(6);
		else if (arg === '--help' || arg === '-h') {
			console.log(USAGE);
			process.exit(0);
		} else if (arg.startsWith('-') || result.file) {
			console.error(`Argomento non riconosciuto: ${arg}\n${USAGE}`);
			process.exit(2);
		} else result.file = arg;
	}
	if (!result.file || !result.out) {
		console.error(USAGE);
		process.exit(2);
	}
	return result;
}

/** The records of the export: a list, or { products: [...] }, or one object. */
function records(data) {
	if (Array.isArray(data)) return data;
	if (data && typeof data === 'object' && Array.isArray(data.products)) return data.products;
	return [data];
}

/** Where each existing product file is, by slug (file names are unique across categories). */
function existingFiles(out) {
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

const shown = (file) => path.relative(process.cwd(), file) || file;

async function main() {
	const opts = options(process.argv.slice(2));
	const source = path.resolve(opts.file);
	const out = path.resolve(opts.out);
	let data;
	try {
		data = JSON.parse(await readFile(source, 'utf8'));
	} catch (error) {
		console.error(`Impossibile leggere ${opts.file}: ${error.message}`);
		process.exit(1);
	}
	const { convertLegacyProduct, productFile } = await importTypeScript(
		path.join(ROOT, 'src/lib/import/index.ts'),
	);

	const existing = existingFiles(out);
	const imported = [];
	const skipped = [];
	const seen = new Map();
	const items = records(data);
	for (const [index, entry] of items.entries()) {
		const label = `voce ${index + 1}`;
		const result = convertLegacyProduct(entry);
		if (result.status === 'skipped') {
			skipped.push(`${label}${result.name ? ` «${result.name}»` : ''}: ${result.reason}`);
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
			skipped.push(`${shown(target)}: esiste già (usa --force per sovrascriverlo)`);
			continue;
		}
		const text = productFile(result.frontmatter, result.body);
		const before = other ? await readFile(target, 'utf8') : null;
		await mkdir(path.dirname(target), { recursive: true });
		if (before !== text) await writeFile(target, text);
		imported.push({
			file: shown(target),
			state: before === null ? 'nuovo' : before === text ? 'invariato' : 'sovrascritto',
			notes: result.notes,
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
	console.log(`\nSaltati (${skipped.length}):`);
	for (const line of skipped) console.log(`  – ${line}`);

	if (opts.images && imported.length) {
		console.log('\nFoto: disegno le illustrazioni mancanti (scripts/generate-images.mjs)…');
		const run = spawnSync(
			process.execPath,
			[path.join(ROOT, 'scripts/generate-images.mjs'), '--content', out],
			{ encoding: 'utf8' },
		);
		const created = (run.stdout ?? '').split('\n').filter((line) => line.includes('creata'));
		for (const line of created) console.log(`  ${line.trim()}`);
		if (run.status !== 0) {
			console.error(`  generazione delle immagini non riuscita:\n${run.stderr}`);
			process.exitCode = 1;
		} else {
			console.log(`  ${created.length} illustrazioni create, le altre esistevano già.`);
		}
		console.log(
			'  Sono illustrazioni provvisorie: salva la foto vera di ogni prodotto con lo stesso nome.',
		);
	}
	console.log(
		`\nTotale: ${imported.length} importati, ${skipped.length} saltati, su ${items.length} voci.`,
	);
	if (imported.length) {
		console.log(
			'Controlla i campi segnati sopra (· ripiego usato, ! dato scartato o da verificare), poi `npm start`.',
		);
	}
}

await main();
