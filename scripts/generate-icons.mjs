#!/usr/bin/env node
/**
 * Draws the installable app's icons (manifest and Apple touch icon) from the site's mark, the
 * yellow V of public/favicon.svg, into public/icons/. Run it again after changing the mark:
 *
 *   node scripts/generate-icons.mjs
 *
 * "any" icons fill their square; the maskable one keeps the mark inside the central 80 % safe
 * zone, because launchers crop maskable icons to circles or rounded squares.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'public/icons');
const DARK = '#27272a';

/** The mark as SVG on a square of `size`, scaled to `scale` of the square. */
async function mark(size, scale, rounded) {
	const svg = await readFile(path.join(root, 'public/favicon.svg'), 'utf8');
	const inner = svg
		.replace(/<svg[^>]*>/, '')
		.replace('</svg>', '')
		.replace(/<rect[^>]*\/>/, '');
	const offset = (64 * (1 - scale)) / 2;
	return Buffer.from(
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">` +
			`<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${DARK}"/>` +
			`<g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`,
	);
}

const icons = [
	{ file: 'icon-192.png', size: 192, scale: 1, rounded: true },
	{ file: 'icon-512.png', size: 512, scale: 1, rounded: true },
	{ file: 'maskable-512.png', size: 512, scale: 0.72, rounded: false },
	{ file: 'apple-touch-icon.png', size: 180, scale: 0.86, rounded: false },
];

await mkdir(out, { recursive: true });
for (const icon of icons) {
	await sharp(await mark(icon.size, icon.scale, icon.rounded))
		.png({ compressionLevel: 9 })
		.toFile(path.join(out, icon.file));
	console.log(`generate-icons: public/icons/${icon.file} (${icon.size}×${icon.size})`);
}
