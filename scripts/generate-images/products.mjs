// @ts-check
// Product packs. Every product photo named in content/products/<category>/<slug>.md (images[]
// and variants[].image) that does not exist yet is drawn as a stylised pack: the kind of pack
// comes from the category, the name and the size; its colours from the colour words of the
// photo's `alt` text ("Barattolo nero con coperchio giallo") and from the flavour, so that picture
// and description agree. Brand, short name, flavour and size are written on the label.
import { fileURLToPath } from 'node:url';
import { importTypeScript } from '../typescript.mjs';
import { containers } from './packs/containers.mjs';
import { goods } from './packs/goods.mjs';
import { packColours } from './packs/colours.mjs';
import { SYMBOLS, symbol } from './packs/symbols.mjs';
import { C } from './palette.mjs';
import { confetti } from './props/scenery.mjs';
import { circle, fade, isDark, rect } from './svg.mjs';

/**
 * @typedef {import('./packs/colours.mjs').PackColours} PackColours
 * @typedef {import('./svg.mjs').Rng} Rng
 * @typedef {{ slug: string, category: string, name: string, brand: string }} Product
 * @typedef {object} PackInfo what one pack shows: a variant, and its photo's alt text
 * @property {string} name
 * @property {string} brand
 * @property {string | null} flavour
 * @property {string | null} flavourColour the flavour's colour, null exactly when there is none
 * @property {string} size
 * @property {string} kind the kind of pack, and after a colon its variety ('carton:bar')
 * @property {string} colourAlt the text the pack's colours are read from
 * @property {boolean} labelFromFlavour
 * @property {boolean} clear a transparent pack that shows its liquid
 * @property {string} liquid
 * @property {string[]} symbols pictures named in the alt text
 * @property {string | undefined} [garment] the variety of a garment
 * @property {string | undefined} [contents] what a carton holds
 * @typedef {{ variants: [PackInfo, ...PackInfo[]] }} Photo the packs of one photo
 * @typedef {(cx: number, base: number, k: number, c: PackColours, info: PackInfo) => string}
 *   PackDrawer draws a pack standing on (cx, base) at scale k
 * @typedef {{ name?: unknown, brand?: unknown, images?: unknown, variants?: unknown,
 *   flavour?: unknown, size?: unknown, image?: unknown, src?: unknown, alt?: unknown }} Fields
 *   an object of a hand-written product file, whose fields may hold anything
 */

/** Product photos are square, 800 px, and at most 80 KB. */
export const PRODUCT_SIZE = 800;
export const PRODUCT_MAX_BYTES = 80 * 1024;

/** Flavour (or colour) → colour: the variant picker's own rule, so picture and dot agree. */
const { flavourColour } = /** @type {{ flavourColour: (flavour: string) => string }} */ (
	await importTypeScript(
		fileURLToPath(new URL('../../src/lib/catalogue/variants.ts', import.meta.url)),
	)
);

/**
 * Which pack to draw for a product photo.
 * @param {Product} product
 * @param {string} size
 * @param {string} alt
 */
function packKind(product, size, alt) {
	const text = `${product.slug} ${product.name} ${size}`.toLowerCase();
	const altText = alt.toLowerCase();
	if (product.category === 'merchandising-e-cosmetici') {
		if (/t-shirt|maglietta/.test(text)) return 'garment:tshirt';
		if (/canotta/.test(text)) return 'garment:tank';
		if (/felpa/.test(text)) return 'garment:hoodie';
		if (/shaker/.test(text)) return 'shaker';
		if (/borraccia/.test(text)) return 'flask';
		if (/borsa|zaino/.test(text)) return 'duffel';
		if (/cintura/.test(text)) return 'belt';
		if (/guanti/.test(text)) return 'gloves';
		if (/balsamo|crema|tubetto/.test(`${text} ${altText}`)) return 'tube';
		return 'pumpBottle';
	}
	if (/blister|astuccio/.test(altText)) return 'carton:blister';
	if (/shot|flaconcin/.test(text))
		return /box|x\s*\d/.test(size.toLowerCase()) ? 'carton:vial' : 'drink';
	if (/cookie|biscott/.test(product.slug))
		return /box|pezzi\b/.test(size.toLowerCase()) && !/^1 /.test(size) ? 'carton:bar' : 'cookie';
	if (/barrett|bar\b/.test(text)) return /^1 /.test(size) ? 'bar' : 'carton:bar';
	if (/\bgel\b/.test(text))
		return /x\s*\d|\d+\s*x/.test(size.toLowerCase()) ? 'carton:sachet' : 'sachet';
	if (/bottiglia|drink/.test(text)) return 'drink';
	if (/\bml\b/.test(size) || /liquid/.test(text)) return 'drink';
	if (/pocket/.test(text)) return 'sachet';
	if (/bustin/.test(size.toLowerCase())) return 'carton:sachet';
	if (/capsule|compresse|perle/.test(size)) return 'bottle';
	if (/spalmabile|burro|vasetto/.test(`${text} ${altText}`)) return 'jar';
	if (/sacchetto|busta/.test(altText) && !/bustina/.test(altText)) return 'pouch';
	return 'tub';
}

/** Pack drawers: each takes the centre of the base (cx, base), a scale, the colours and the info. */
/** @type {Record<string, PackDrawer>} */
const packs = { ...containers, ...goods };

/** @type {Record<string, readonly [string, string]>} */
const BACKDROPS = {
	proteine: ['#fef9c3', '#fde68a'],
	'aminoacidi-e-creatina': ['#e0f2fe', '#bae6fd'],
	'alimenti-fit': ['#ffedd5', '#fed7aa'],
	supplementi: ['#dcfce7', '#bbf7d0'],
	dimagranti: ['#ccfbf1', '#99f6e4'],
	'pre-workout-energetici': ['#3f3f46', '#18181b'],
	'merchandising-e-cosmetici': ['#f4f4f5', '#e4e4e7'],
};

/**
 * A product photo: a studio backdrop and one or two packs.
 * @param {Rng} rng
 * @param {Product} product
 * @param {Photo} photo
 */
function productScene(rng, product, photo) {
	const [bg1, bg2] = BACKDROPS[product.category] ?? ['#f4f4f5', '#e4e4e7'];
	const dark = isDark(bg2);
	const out = [
		rect(0, 0, PRODUCT_SIZE, PRODUCT_SIZE, fade(bg1, bg2)),
		circle(400, 370, 300, photo.variants[0].flavourColour ?? C.white, {
			opacity: dark ? 0.18 : 0.45,
		}),
		rect(0, 640, PRODUCT_SIZE, 160, dark ? '#27272a' : '#fafaf9', { opacity: 0.9 }),
		rect(0, 640, PRODUCT_SIZE, 4, '#fff', { opacity: 0.4 }),
		confetti(
			rng,
			10,
			[30, 30, 770, 560],
			dark ? [C.yellow, '#fff'] : [C.yellow, C.nightSoft, '#fff'],
		),
	];
	const drawn = photo.variants.slice(0, 2);
	drawn.forEach((info, i) => {
		const [kind = '', sub] = info.kind.split(':');
		const colours = packColours(info);
		const wide = ['bar', 'carton', 'duffel', 'belt', 'gloves', 'garment', 'cookie'].includes(kind);
		const two = drawn.length === 2;
		const k = two ? (wide ? 0.62 : 0.78) : 1;
		const cx = two ? (i === 0 ? 270 : 560) : 400;
		const base = kind === 'bar' ? 600 : 700;
		const draw = packs[kind];
		if (!draw) throw new TypeError(`No drawing for a pack of kind ${kind}`);
		const scale = /piccol/.test(info.colourAlt.toLowerCase()) ? k * 0.85 : k;
		out.push(draw(cx, base, scale, colours, { ...info, garment: sub, contents: sub }));
		// Pictures named in the alt text, as round stickers beside the pack.
		info.symbols.forEach((name, j) => {
			const r = 54 * k;
			const sx = Math.min(cx + (kind === 'bar' ? 220 : 160) * k, 800 - r - 16);
			const sy = (kind === 'bar' ? 290 : 230) + j * r * 2.3;
			out.push(circle(sx + 4, sy + 6, r, '#000', { opacity: 0.15 }));
			out.push(circle(sx, sy, r, C.white));
			out.push(symbol(name, sx, sy, r * 1.5, C.white));
		});
	});
	return out.join('');
}

/**
 * A text from any value of a hand-written file: numbers as written, anything else empty.
 * @param {unknown} value
 */
const textOf = (value) =>
	typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
/**
 * The objects of a list (anything that is not a list has none).
 * @param {unknown} value
 * @returns {Fields[]}
 */
const objectsOf = (value) =>
	(Array.isArray(value) ? value : []).filter((item) => item && typeof item === 'object');

/**
 * The pictures one product file names (images[].src and variants[].image.src that start with
 * ./), each with the scene that draws it. Pure, and total: any frontmatter, however odd (no
 * variants, S/M/L sizes, unknown flavours or colours, empty names), gets a drawing, and a scene
 * that fails falls back to a plain pack in neutral colours (tests/unit/scripts/generate-images.test.ts).
 * @param {unknown} data the product file's frontmatter
 * @param {string} slug
 * @param {string} category
 * @returns {{ src: string, draw: (rng: Rng) => string }[]}
 */
export function productPhotos(data, slug, category) {
	/** @type {Fields} */
	const fields = data && typeof data === 'object' ? data : {};
	// A product still without variants gets its picture all the same.
	const variants = objectsOf(fields.variants);
	if (!variants.length) variants.push({});
	const product = { slug, category, name: textOf(fields.name), brand: textOf(fields.brand) };
	const images = objectsOf(fields.images);
	const mainAlt = textOf(images[0]?.alt);
	// Brand and product names are not descriptions: "Fiamma Lab" draws no flame.
	const withoutNames = (/** @type {string} */ alt) =>
		[product.brand, product.name]
			.filter(Boolean)
			.reduce((text, name) => text.split(name.toLowerCase()).join(' '), alt.toLowerCase());
	/**
	 * @param {Fields} variant
	 * @param {string} alt
	 * @returns {PackInfo}
	 */
	const describe = (variant, alt) => {
		const flavour = textOf(variant.flavour).trim() || null;
		const size = textOf(variant.size);
		const kind = packKind(product, size, alt);
		const colour = flavour ? flavourColour(flavour) : null;
		return {
			name: product.name,
			brand: product.brand,
			flavour,
			flavourColour: colour,
			size,
			kind,
			colourAlt: withoutNames(variant.image ? `${mainAlt} ${alt}` : alt),
			labelFromFlavour: Boolean(variant.image && flavour && !kind.startsWith('garment')),
			clear: /trasparente|vetro/.test(withoutNames(alt)),
			liquid: colour && colour !== '#9ca3af' ? colour : '#c68a4c',
			symbols: SYMBOLS.filter(([pattern]) => pattern.test(withoutNames(alt)))
				.map(([, name]) => name)
				.slice(0, 2),
		};
	};
	/** @type {PackInfo} */
	const plain = { ...describe({}, ''), kind: 'tub', symbols: [] };
	/** @type {{ src: string, draw: (rng: Rng) => string }[]} */
	const list = [];
	/**
	 * @param {unknown} src
	 * @param {string} alt
	 * @param {[Fields, ...Fields[]]} shown the variants the photo shows
	 */
	const add = (src, alt, shown) => {
		if (typeof src !== 'string' || !src.startsWith('./') || src.length < 3) return;
		if (list.some((photo) => photo.src === src)) return;
		/** @type {Photo} */
		const photo = {
			variants: [
				describe(shown[0], alt),
				...shown.slice(1).map((variant) => describe(variant, alt)),
			],
		};
		list.push({
			src,
			draw: (rng) => {
				try {
					return productScene(rng, product, photo);
				} catch {
					return productScene(rng, product, { variants: [plain] });
				}
			},
		});
	};
	// The main photo shows the first variant, or two variants side by side when their packs
	// differ (a powder and its capsules).
	const first = /** @type {Fields} */ (variants[0]);
	const other = variants.find(
		(variant) =>
			packKind(product, textOf(variant.size), '') !== packKind(product, textOf(first.size), ''),
	);
	/** @type {[Fields, ...Fields[]]} */
	const mainVariants =
		other && /affiancat|e flacone|e barattolo/.test(mainAlt.toLowerCase())
			? [first, other]
			: [first];
	for (const image of images) add(image.src, textOf(image.alt), mainVariants);
	for (const variant of variants) {
		/** @type {Fields | null} */
		const image = variant.image && typeof variant.image === 'object' ? variant.image : null;
		if (image) add(image.src, textOf(image.alt), [variant]);
	}
	return list;
}
