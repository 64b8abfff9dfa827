// The synthetic catalogues of npm run bench:build (scripts/bench-build.mjs): real products copied
// round-robin into a scratch project with cold caches.
import {
	copyFile,
	cp,
	lstat,
	mkdir,
	readFile,
	readdir,
	symlink,
	writeFile,
} from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse, stringify } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');

// --- Synthetic catalogue -------------------------------------------------------------------------

/** The real products: category, slug, frontmatter, body and folder. */
export async function realProducts() {
	const base = join(ROOT, 'content/products');
	const products = [];
	for (const category of (await readdir(base)).sort()) {
		const folder = join(base, category);
		if (!(await lstat(folder)).isDirectory()) continue;
		for (const file of (await readdir(folder)).sort()) {
			if (!file.endsWith('.md')) continue;
			const text = await readFile(join(folder, file), 'utf8');
			const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
			if (!match) throw new Error(`content/products/${category}/${file}: no frontmatter`);
			products.push({
				category,
				slug: file.slice(0, -'.md'.length),
				data: parse(match[1] ?? ''),
				body: match[2] ?? '',
				folder,
			});
		}
	}
	if (!products.length) throw new Error('content/products holds no product to copy');
	return products;
}

/** Euros with two decimals at most, as the schema wants. */
const euros = (value) => Math.round(value * 100) / 100;

/**
 * A copy of a JPEG whose bytes differ from the original and from every other copy, with the same
 * pixels: a comment segment (FF FE) naming the copy goes right after the start-of-image marker.
 */
function tagJpeg(bytes, tag) {
	const text = Buffer.from(tag, 'latin1');
	const segment = Buffer.alloc(4 + text.length);
	segment.writeUInt16BE(0xfffe, 0);
	segment.writeUInt16BE(2 + text.length, 2);
	text.copy(segment, 4);
	return Buffer.concat([bytes.subarray(0, 2), segment, bytes.subarray(2)]);
}

/**
 * Writes `count` products into `products` (content/products of a scratch project), round-robin
 * over the real ones, so the categories keep their real proportions. Copy number i of a real
 * product gets a unique slug and name (the cross-check refuses a repeated file name), prices
 * moved by up to ±9% and, every other round, one variant fewer (stock is not in the content files:
 * the server's ledger keeps it, docs/stock.md). `images`:
 * 'distinct' (photo files of its own) or 'shared' (the real photos). Returns how many photo files
 * the catalogue holds.
 */
async function writeCatalogue(products, count, templates, images) {
	const jpegs = new Map();
	const photo = async (file) => {
		if (!jpegs.has(file)) jpegs.set(file, await readFile(file));
		return jpegs.get(file);
	};
	const shared = new Set();
	let photos = 0;
	for (let i = 0; i < count; i++) {
		const template = templates[i % templates.length];
		const round = Math.floor(i / templates.length);
		const number = i + 1;
		const slug = `${template.slug}-${number}`;
		const data = structuredClone(template.data);
		data.name = `${template.data.name} N. ${number}`;
		const factor = 1 + ((number % 7) - 3) * 0.03;
		const kept =
			round % 2 === 1 && data.variants.length > 1 ? data.variants.slice(0, -1) : data.variants;
		data.variants = kept.map((variant) => {
			const price = euros(variant.price * factor);
			const moved = { ...variant, price };
			if (variant.originalPrice !== undefined) {
				moved.originalPrice = Math.max(euros(variant.originalPrice * factor), euros(price + 1));
			}
			return moved;
		});
		const folder = join(products, template.category);
		await mkdir(folder, { recursive: true });
		// Every picture the frontmatter names: the product's photos and the variants' own.
		// A Set: the same object twice (a YAML alias) must be renamed once.
		const pictures = new Set([
			...data.images,
			...data.variants.flatMap((v) => (v.image ? [v.image] : [])),
		]);
		const renamed = new Map();
		for (const picture of pictures) {
			const source = join(template.folder, picture.src);
			if (images === 'shared') {
				if (!shared.has(source)) {
					shared.add(source);
					await copyFile(source, join(folder, basename(source)));
					photos++;
				}
				continue;
			}
			if (!renamed.has(picture.src)) {
				const name = `${slug}-${renamed.size + 1}.jpg`;
				renamed.set(picture.src, `./${name}`);
				await writeFile(join(folder, name), tagJpeg(await photo(source), `${slug} ${name}`));
				photos++;
			}
			picture.src = renamed.get(picture.src);
		}
		const frontmatter = stringify(data, { lineWidth: 0 });
		await writeFile(join(folder, `${slug}.md`), `---\n${frontmatter}---\n${template.body}`);
	}
	return photos;
}

// --- Scratch project -----------------------------------------------------------------------------

/**
 * The way tests/build/helpers/scratch-project.ts does it: code and configuration copied (Astro
 * resolves a linked component's scripts by its real path and would not find them), node_modules
 * a folder of links without Astro's and Vite's caches (so every build is cold and the real
 * project's cache is never touched), content/ copied without its products.
 */
export async function createProject(project, count, templates, images) {
	await mkdir(join(project, 'node_modules'), { recursive: true });
	for (const entry of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
		await cp(join(ROOT, entry), join(project, entry), { recursive: true });
	}
	for (const entry of await readdir(join(ROOT, 'node_modules'))) {
		if (entry === '.astro' || entry === '.vite' || entry === '.cache') continue;
		await symlink(join(ROOT, 'node_modules', entry), join(project, 'node_modules', entry));
	}
	const products = join(ROOT, 'content/products');
	await cp(join(ROOT, 'content'), join(project, 'content'), {
		recursive: true,
		filter: (source) => source !== products && !source.startsWith(`${products}/`),
	});
	return writeCatalogue(join(project, 'content/products'), count, templates, images);
}
