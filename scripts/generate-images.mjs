#!/usr/bin/env node
// @ts-check
/**
 * Generates the illustrative pictures of the site (categories, shops, home, about, gallery, share
 * image, logo and favicon, and one pack shot for every product photo named in
 * content/products/) by composing SVG and rasterising it with sharp.
 *
 *   node scripts/generate-images.mjs           creates only the files that do not exist yet
 *   node scripts/generate-images.mjs --force   regenerates every file
 *
 * Only the sample catalogue is drawn: imported products show the neutral 'Foto in arrivo'
 * picture until an editor adds the real photo.
 *
 * By default an existing file is never overwritten, so the real photos that editors drop into
 * `content/` survive. Every picture has its own fixed random seed: a run with --force always
 * produces the same images.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jobs, productJobs, QUALITY, renderJpeg, ROOT } from './generate-images/jobs.mjs';
import { FAVICON_SVG, LOGO_SVG } from './generate-images/logo.mjs';

// The drawings live in scripts/generate-images/: svg.mjs (SVG helpers), palette.mjs, props/
// (objects), furniture.mjs, scenes/ (categories, shops, the site's own pictures), packs/ and
// products.mjs (the product photos), jobs.mjs (what to draw, SVG and JPEG).
export { svgOf, renderJpeg } from './generate-images/jobs.mjs';
export { productPhotos } from './generate-images/products.mjs';

const FORCE = process.argv.includes('--force');

async function main() {
	let written = 0;
	let skipped = 0;
	let total = 0;
	/** @type {(file: string, data: Buffer, note?: string) => Promise<void>} */
	const save = async (file, data, note = '') => {
		const target = path.join(ROOT, file);
		await mkdir(path.dirname(target), { recursive: true });
		await writeFile(target, data);
		written++;
		total += data.length;
		console.log(`  creata   ${file} (${Math.round(data.length / 1024)} KB${note})`);
	};
	/** @type {(file: string) => boolean} */
	const exists = (file) => {
		if (!FORCE && existsSync(path.join(ROOT, file))) {
			skipped++;
			console.log(`  esiste   ${file} (non sovrascritta; usa --force per rigenerarla)`);
			return true;
		}
		return false;
	};

	console.log(FORCE ? 'Rigenero tutte le immagini…' : 'Creo le immagini mancanti…');
	for (const job of [...jobs(), ...(await productJobs())]) {
		if (exists(job.file)) continue;
		const { output, quality } = await renderJpeg(job);
		await save(job.file, output, quality === QUALITY ? '' : `, qualità ${quality}`);
	}
	for (const [file, svg] of /** @type {const} */ ([
		['src/assets/logo.svg', LOGO_SVG],
		['public/favicon.svg', FAVICON_SVG],
	])) {
		if (!exists(file)) await save(file, Buffer.from(svg));
	}
	console.log(
		`Fatto: ${written} file creati (${Math.round(total / 1024)} KB), ${skipped} già presenti.`,
	);
}

// Run as a command; imported (by the property test), it only defines the drawings.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
