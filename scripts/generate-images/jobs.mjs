// @ts-check
// What to generate, and how one job becomes an SVG and a JPEG.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';
import { H, W } from './palette.mjs';
import { PRODUCT_MAX_BYTES, PRODUCT_SIZE, productPhotos } from './products.mjs';
import { categoryScenes } from './scenes/categories.mjs';
import {
	accessoriesWall,
	consultation,
	fridgeAndBars,
	interiorOverview,
	shelfCloseup,
} from './scenes/interiors.mjs';
import { hero, photoComing, shakersStill, shareImage } from './scenes/site.mjs';
import { storefront } from './scenes/storefront.mjs';
import { defsSvg, group, random, resetDefs } from './svg.mjs';

/** The repository root: job paths start there. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** JPEG quality to start from, and the largest file a picture may become. */
export const QUALITY = 82;
const MAX_BYTES = 150 * 1024;

/**
 * @typedef {import('./svg.mjs').Rng} Rng
 * @typedef {object} Job one picture to draw
 * @property {string} file its path from the repository root
 * @property {number} width
 * @property {number} height
 * @property {(rng: Rng) => string} draw the scene, drawn with the file's own seed
 * @property {readonly [number, number]} view the size of the canvas the scene is drawn on
 * @property {number} [maxBytes] the largest JPEG it may become
 */

/** Reads the frontmatter of a markdown file. @param {string} text @returns {unknown} */
export function frontmatter(text) {
	const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
	return match ? parse(match[1] ?? '') : null;
}

/**
 * The product photos of the sample catalogue to draw: one job per distinct file named in
 * content/products/<category>/<slug>.md. Imported products are never drawn (they show the
 * 'Foto in arrivo' picture until the real photo is added).
 * @returns {Promise<Job[]>}
 */
export async function productJobs() {
	const base = path.join(ROOT, 'content/products');
	if (!existsSync(base)) return [];
	/** @type {Job[]} */
	const list = [];
	for (const category of (await readdir(base)).sort()) {
		const folder = path.join(base, category);
		let files;
		try {
			files = (await readdir(folder)).filter((file) => file.endsWith('.md')).sort();
		} catch {
			continue;
		}
		for (const file of files) {
			let data;
			try {
				data = frontmatter(await readFile(path.join(folder, file), 'utf8'));
			} catch (error) {
				console.log(
					`  salto    content/products/${category}/${file}: ${error instanceof Error ? error.message : error}`,
				);
				continue;
			}
			for (const photo of productPhotos(data, file.replace(/\.md$/, ''), category)) {
				const target = `content/products/${category}/${photo.src.slice(2)}`;
				if (list.some((job) => job.file === target)) continue;
				list.push({
					file: target,
					width: PRODUCT_SIZE,
					height: PRODUCT_SIZE,
					view: [PRODUCT_SIZE, PRODUCT_SIZE],
					maxBytes: PRODUCT_MAX_BYTES,
					draw: photo.draw,
				});
			}
		}
	}
	return list;
}

/**
 * Each job: output path (from the repository root), size, and the scene to draw.
 * @returns {Job[]}
 */
export function jobs() {
	/** @type {Job[]} */
	const list = [];
	/** @type {(file: string, width: number, height: number, draw: Job['draw'], view?: Job['view']) => void} */
	const add = (file, width, height, draw, view = [W, H]) => {
		list.push({ file, width, height, draw, view });
	};
	// The still lifes are drawn slightly larger, so that the products fill the small cards.
	/** @type {(draw: Job['draw']) => Job['draw']} */
	const zoom = (draw) => (rng) =>
		group([draw(rng)], { transform: 'translate(600 620) scale(1.1) translate(-600 -620)' });
	for (const [slug, draw] of Object.entries(categoryScenes))
		add(`content/categories/${slug}.jpg`, 800, 600, zoom(draw));
	for (const shop of ['torino', 'aosta']) {
		const dir = `content/shops/${shop}`;
		add(`${dir}/negozio.jpg`, 1200, 900, (rng) => storefront(rng, shop));
		add(`${dir}/galleria-1.jpg`, 1200, 900, (rng) => interiorOverview(rng, shop));
		add(`${dir}/galleria-2.jpg`, 1200, 900, (rng) => shelfCloseup(rng, shop));
		add(`${dir}/galleria-3.jpg`, 1200, 900, (rng) => consultation(rng, shop));
		add(`${dir}/galleria-4.jpg`, 1200, 900, (rng) => accessoriesWall(rng, shop));
		add(`${dir}/galleria-5.jpg`, 1200, 900, (rng) => fridgeAndBars(rng, shop));
		add(`${dir}/galleria-6.jpg`, 1200, 900, (rng) => storefront(rng, shop, true));
	}
	add('content/settings/condivisione.jpg', 1200, 630, shareImage, [1200, 630]);
	add('src/assets/foto-in-arrivo.jpg', 800, 800, photoComing, [800, 800]);
	add('src/assets/home/hero.jpg', 1600, 900, hero, [1600, 900]);
	add('src/assets/about/chi-siamo-1.jpg', 800, 600, (rng) => storefront(rng, 'torino'));
	add('src/assets/about/chi-siamo-2.jpg', 800, 600, (rng) => consultation(rng, 'aosta'));
	add('src/assets/about/chi-siamo-3.jpg', 800, 600, (rng) => interiorOverview(rng, 'torino'));
	add('src/assets/about/chi-siamo-4.jpg', 800, 600, (rng) => storefront(rng, 'aosta'));
	/** @type {Job['draw'][]} */
	const gallery = [
		(rng) => interiorOverview(rng, 'torino'),
		(rng) => accessoriesWall(rng, 'aosta'),
		shakersStill,
		(rng) => fridgeAndBars(rng, 'torino'),
		(rng) => storefront(rng, 'torino', true),
		(rng) => storefront(rng, 'aosta'),
		(rng) => shelfCloseup(rng, 'aosta'),
		categoryScenes.supplementi,
	];
	gallery.forEach((draw, i) => add(`src/assets/gallery/galleria-${i + 1}.jpg`, 1200, 900, draw));
	return list;
}

/** The SVG of one job, drawn with the job's own seed. @param {Job} job */
export function svgOf({ file, width, height, draw, view }) {
	resetDefs();
	const body = draw(random(file));
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${view[0]} ${view[1]}" preserveAspectRatio="xMidYMid slice"><defs>${defsSvg()}</defs>${body}</svg>`;
}

/** One job as a JPEG, its quality lowered until it fits `maxBytes`. @param {Job} job */
export async function renderJpeg(job) {
	const { maxBytes = MAX_BYTES } = job;
	const svg = svgOf(job);
	const raster = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
	let quality = QUALITY;
	let output = await raster.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
	while (output.length > maxBytes && quality > 50) {
		quality -= 8;
		output = await raster.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
	}
	return { output, quality };
}
