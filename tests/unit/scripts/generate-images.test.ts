import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { productPhotos, svgOf } from '../../../scripts/generate-images.mjs';
import { CATEGORY_SLUGS } from '../../fixtures/categories';

/**
 * The sample catalogue's drawings never crash on product data: whatever an editor
 * writes in a product file, every picture it names gets a drawing that sharp can rasterise.
 */

/** The site's categories (the importer's list) and one the drawings do not know. */
const CATEGORIES = [...CATEGORY_SLUGS, 'categoria-nuova'];
/** Values a hand-written YAML field may hold, the wrong kinds included. */
const anything = fc.oneof(
	fc.string(),
	fc.integer(),
	fc.constant(null),
	fc.boolean(),
	fc.array(fc.string(), { maxLength: 2 }),
);
const text = fc.oneof(
	fc.constantFrom(
		'',
		' ',
		'Cioccolato',
		'Fucsia',
		'Blu notte',
		'Gusto Sconosciuto',
		'<&">',
		'Shaker Pro',
		'Borraccia',
		'Guanti',
		'Gel Limone',
	),
	fc.string({ maxLength: 40 }),
	fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const size = fc.oneof(
	fc.constantFrom('S', 'M', 'L', 'XL', '900 g', '30 bustine', '1 barretta', '500 ml', ''),
	text,
);
/** Mostly a picture the generator draws (./name.jpg), sometimes anything at all. */
const photo = fc.record(
	{
		src: fc.oneof(
			{ arbitrary: fc.constantFrom('./foto.jpg', './altra.jpg'), weight: 6 },
			{ arbitrary: fc.oneof(fc.constant('./'), anything), weight: 1 },
		),
		alt: fc.oneof(text, anything),
	},
	{ requiredKeys: ['src'] },
);
const variant = fc.record(
	{ flavour: fc.oneof(text, anything), size: fc.oneof(size, anything), image: photo },
	{ requiredKeys: [] },
);
const product = fc.record(
	{
		name: fc.oneof(text, anything),
		brand: fc.oneof(text, anything),
		images: fc.oneof(
			{ arbitrary: fc.array(photo, { minLength: 1, maxLength: 3 }), weight: 6 },
			{ arbitrary: anything, weight: 1 },
		),
		variants: fc.oneof(fc.array(variant, { maxLength: 4 }), anything),
	},
	{ requiredKeys: ['images'] },
);
const slug = fc.oneof(fc.constantFrom('shaker-pro', 'guanti-da-boxe', 't-shirt', 'x'), fc.string());

/** The jobs of one product, as the generator builds them for its files. */
function jobsOf(data: unknown, name: string, category: string) {
	return productPhotos(data, name, category).map((photo) => ({
		file: `content/products/${category}/${photo.src}`,
		width: 200,
		height: 200,
		view: [800, 800] as const,
		draw: photo.draw,
	}));
}

describe('the product drawings', () => {
	it('draw an SVG for every picture of any product shape', () => {
		fc.assert(
			fc.property(product, slug, fc.constantFrom(...CATEGORIES), (data, name, category) => {
				for (const job of jobsOf(data, name, category)) {
					expect(svgOf(job)).toMatch(/^<svg [^>]*>[\s\S]*<\/svg>$/);
				}
			}),
			{ numRuns: 500 },
		);
	});

	it('make SVGs that sharp rasterises', async () => {
		await fc.assert(
			fc.asyncProperty(
				product,
				slug,
				fc.constantFrom(...CATEGORIES),
				async (data, name, category) => {
					for (const job of jobsOf(data, name, category)) {
						const { width } = await sharp(Buffer.from(svgOf(job)))
							.png()
							.toBuffer({
								resolveWithObject: true,
							})
							.then((result) => result.info);
						expect(width).toBe(200);
					}
				},
			),
			{ numRuns: 40 },
		);
	}, 60_000);

	it.each([
		[
			'an accessory sold without variants',
			{ name: 'Shaker Pro', images: [{ src: './shaker-pro.jpg', alt: 'Shaker' }] },
			'shaker-pro',
		],
		[
			'merchandise in S/M/L',
			{
				name: 'T-shirt',
				variants: [{ flavour: 'Fucsia', size: 'S' }, { size: 'M' }, { size: 'L' }],
				images: [{ src: './t-shirt.jpg', alt: 'T-shirt' }],
			},
			't-shirt',
		],
		[
			'an unknown flavour and an empty name',
			{
				name: '',
				brand: '',
				variants: [{ flavour: 'Gusto misterioso', size: '1 kg' }],
				images: [{ src: './x.jpg', alt: '' }],
			},
			'x',
		],
	])('%s gets one drawing', (_case, data, name) => {
		const [job, ...more] = jobsOf(data, name, 'merchandising-e-cosmetici');
		expect(more).toEqual([]);
		expect(job && svgOf(job)).toContain('<svg');
	});

	it('names no picture for a product without photos', () => {
		expect(productPhotos({ name: 'Creatina', images: [] }, 'creatina', 'proteine')).toEqual([]);
		expect(productPhotos(null, 'creatina', 'proteine')).toEqual([]);
	});
});
