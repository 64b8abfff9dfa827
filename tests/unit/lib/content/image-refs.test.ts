import { describe, expect, it } from 'vitest';
import { imageRefs, missingImageMessage } from '../../../../src/lib/content/image-refs';

describe('photos named in a stored content entry', () => {
	it.each([
		['none', { name: 'Whey', images: [] }, []],
		[
			'the product photos and a variant photo, with their fields',
			{
				images: [{ src: '__ASTRO_IMAGE_./whey.jpg', alt: 'Whey' }],
				variants: [{ size: '1 kg' }, { image: { src: '__ASTRO_IMAGE_./whey-cacao.jpg' } }],
			},
			[
				{ field: 'images.0.src', src: './whey.jpg' },
				{ field: 'variants.1.image.src', src: './whey-cacao.jpg' },
			],
		],
		[
			'a shop gallery',
			{ gallery: [{ src: '__ASTRO_IMAGE_./aosta/galleria-1.jpg' }] },
			[{ field: 'gallery.0.src', src: './aosta/galleria-1.jpg' }],
		],
		[
			'web addresses and site paths are not files beside the entry',
			{ a: '__ASTRO_IMAGE_https://esempio.it/x.jpg', b: '__ASTRO_IMAGE_/foto.jpg' },
			[],
		],
		['plain texts that only look like paths', { src: './whey.jpg', n: 3, ok: true, no: null }, []],
	])('%s', (_case, data, expected) => {
		expect(imageRefs(data)).toEqual(expected);
	});
});

describe('the message of a photo that is not there', () => {
	it('names the file, the field, the folder and gives an example', () => {
		expect(
			missingImageMessage('content/products/proteine/whey.md', {
				field: 'images.0.src',
				src: './whey-nuova.jpg',
			}),
		).toBe(
			'content/products/proteine/whey.md: **images.0.src**: la foto «./whey-nuova.jpg» non esiste. Salvala nella cartella content/products/proteine/ con questo nome, oppure correggi «src» (o togli la foto: senza foto la scheda mostra «Foto in arrivo»). Esempio: src: ./whey-isolate-90.jpg',
		);
	});

	it('does not suggest removing a photo that is required', () => {
		const line = missingImageMessage('content/categories/proteine.md', {
			field: 'image.src',
			src: './proteine.jpg',
		});
		expect(line).toContain('content/categories/proteine.md: **image.src**:');
		expect(line).not.toContain('Foto in arrivo');
	});
});
