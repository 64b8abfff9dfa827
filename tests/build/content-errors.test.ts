import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { astroBin, createScratchProject } from './helpers/scratch-project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * A content file with a wrong field must stop the build with a message that names the file and
 * the field. One scratch project (links to the real code, a copy of content/) serves every case:
 * each breaks one file, runs `astro sync`, the content step of `astro build`, there, and puts the
 * file back. Astro stops at the first wrong file, so only wrong fields of one file, or files that
 * pass, can share a run (each `astro sync` takes seconds); sharing the project spares a copy per
 * case, and Astro's content cache in it re-reads only the changed files.
 */

const run = promisify(execFile);
let workdir: string;
let project: string;

beforeAll(async () => {
	workdir = await mkdtemp(path.join(tmpdir(), 'content-errors-'));
	project = path.join(workdir, 'project');
	await createScratchProject(project);
}, 60_000);

afterAll(async () => {
	await rm(workdir, { recursive: true, force: true });
});

/** Astro prints field names in bold: drop the terminal colour codes. */
function plain(text: string): string {
	// eslint-disable-next-line no-control-regex
	return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/** Applies each edit to its file of content/, runs astro sync, puts the files back; returns its output. */
async function syncWithBrokenFiles(
	edits: { file: string; edit: (text: string) => string }[],
): Promise<{ ok: boolean; output: string }> {
	const originals = new Map<string, string>();
	try {
		for (const { file, edit } of edits) {
			const target = path.join(project, 'content', file);
			const original = await readFile(target, 'utf8');
			const broken = edit(original);
			expect(broken, 'the fixture edit must change the file').not.toBe(original);
			originals.set(target, original);
			await writeFile(target, broken);
		}
		const { stdout, stderr } = await run(process.execPath, [astroBin, 'sync'], {
			cwd: project,
			env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
		});
		return { ok: true, output: plain(stdout + stderr) };
	} catch (error) {
		const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
		if (!('stdout' in (error as object))) throw error;
		return { ok: false, output: plain(stdout + stderr) };
	} finally {
		for (const [target, original] of originals) await writeFile(target, original);
	}
}

/** Applies `edit` to one file of content/, runs astro sync, puts the file back; returns its output. */
function syncWithBrokenFile(
	file: string,
	edit: (text: string) => string,
): Promise<{ ok: boolean; output: string }> {
	return syncWithBrokenFiles([{ file, edit }]);
}

describe('a wrong field in a content file', () => {
	// The shop's fields and each closure are checked in the one parse of the file, which reports
	// every wrong field.
	it('a misspelt shop phone and a closure that ends before it starts fail naming the file and the fields', async () => {
		const { ok, output } = await syncWithBrokenFile('shops/torino.md', (text) =>
			text
				.replace(/^phone:/m, 'telefono:')
				.replace(/^mapLink:/m, 'closures:\n  - from: 2027-08-22\n    to: 2027-08-09\nmapLink:'),
		);
		expect(ok).toBe(false);
		expect(output).toContain('shops/torino.md');
		expect(output).toMatch(/\bphone: campo obbligatorio mancante/);
		expect(output).toMatch(/\btelefono: campo sconosciuto/);
		expect(output).toMatch(
			/\bclosures\.0\.to: in «closures» la chiusura finisce prima di cominciare: «to» \(2027-08-09\) deve essere uguale o successivo a «from» \(2027-08-22\)/,
		);
	}, 120_000);

	it('a wrong category flag fails naming the file and the field', async () => {
		const { ok, output } = await syncWithBrokenFile('categories/proteine.md', (text) =>
			text.replace(/^hasNutrition: true/m, 'hasNutrition: si'),
		);
		expect(ok).toBe(false);
		expect(output).toContain('categories/proteine.md');
		expect(output).toMatch(/\bhasNutrition: «hasNutrition» deve essere true oppure false/);
	}, 120_000);

	it('a legal page with a bad date fails naming the file and the field', async () => {
		const { ok, output } = await syncWithBrokenFile('pages/privacy-policy.md', (text) =>
			text.replace(/^updated: .*$/m, 'updated: ieri'),
		);
		expect(ok).toBe(false);
		expect(output).toContain('pages/privacy-policy.md');
		expect(output).toMatch(/\bupdated: «updated» deve essere una data/);
	}, 120_000);

	// Both fields are checked by the one schema of the file, which reports every wrong field.
	it('a product price written with a comma and an unknown badge fail naming the file and the fields, and the badges allowed', async () => {
		const { ok, output } = await syncWithBrokenFile(
			'products/proteine/whey-concentrate-80.md',
			(text) =>
				text
					.replace(/price: 29\.90/, "price: '29,90'")
					.replace(/^badges: \[(.*)\]$/m, 'badges: [$1, super-offerta]'),
		);
		expect(ok).toBe(false);
		expect(output).toContain('products/proteine/whey-concentrate-80.md');
		expect(output).toMatch(
			/variants\.0\.price: «variants\.price» deve essere un prezzo in euro, con il punto per i decimali\. Esempio: 39\.90/,
		);
		expect(output).toMatch(/badges\.\d: «badges» deve essere uno di: miglior-prezzo, disponibile/);
	}, 120_000);

	it('a product photo that is not there fails naming the file and the field', async () => {
		const { ok, output } = await syncWithBrokenFile(
			'products/proteine/whey-concentrate-80.md',
			(text) =>
				text.replace(/src: \.\/whey-concentrate-80\.jpg/, 'src: ./whey-concentrate-80-nuova.jpg'),
		);
		expect(ok).toBe(false);
		expect(output).toContain('Foto mancanti nei contenuti');
		expect(output).toMatch(
			/content\/products\/proteine\/whey-concentrate-80\.md: images\.0\.src: la foto «\.\/whey-concentrate-80-nuova\.jpg» non esiste\. Salvala nella cartella content\/products\/proteine\/ .*Esempio: src: \.\/whey-isolate-90\.jpg/,
		);
		expect(output).not.toMatch(/ImageNotFound/);
	}, 120_000);

	// One run for both: each file is checked on its own, so two files that pass together pass
	// alone too.
	it('a product without photos passes (its pages show «Foto in arrivo»), and so does the untouched content', async () => {
		const { ok, output } = await syncWithBrokenFiles([
			{
				file: 'products/proteine/whey-concentrate-80.md',
				edit: (text) => text.replace(/^images:\n(?: {2}.*\n)+/m, ''),
			},
			{
				file: 'shops/torino.md',
				edit: (text) => text.replace(/^phone: .*$/m, 'phone: "+39 011 000 0000"'),
			},
		]);
		expect(output).not.toMatch(/does not match collection schema|Foto mancanti/);
		expect(ok).toBe(true);
	}, 120_000);
});
