import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import service, { WEBP_EFFORT, webpQuality } from '../../../../src/lib/images/service';

// The build's image service encodes real product photos with the real sharp.
const photo = new Uint8Array(
	await sharp({
		create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
	})
		.jpeg()
		.toBuffer(),
);
const config = { service: { entrypoint: '', config: {} } } as Parameters<
	typeof service.transform
>[2];

describe('image service', () => {
	it('reads the quality as Astro does', () => {
		expect(webpQuality(undefined)).toBeUndefined();
		expect(webpQuality(70)).toBe(70);
		expect(webpQuality('65')).toBe(65);
		expect(webpQuality('high')).toBe(80);
		expect(webpQuality('low')).toBe(25);
		expect(webpQuality('nonsense')).toBeUndefined();
	});

	it('resizes to the width asked, keeping the proportions, as WebP', async () => {
		const { data, format } = await service.transform(
			photo,
			{ src: 'photo.jpg', width: 400, height: 300, format: 'webp' },
			config,
		);
		expect(format).toBe('webp');
		const meta = await sharp(data).metadata();
		expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300]);
	});

	it('encodes WebP at its lower effort, for a file that differs by little', async () => {
		const ours = await service.transform(
			photo,
			{ src: 'photo.jpg', width: 640, format: 'webp' },
			config,
		);
		const resized = () => sharp(photo).rotate().resize({ width: 640 });
		const atEffort = await resized().webp({ effort: WEBP_EFFORT }).toBuffer();
		const standard = await resized().webp({ effort: 4 }).toBuffer();
		expect(WEBP_EFFORT).toBeLessThan(4);
		expect(Buffer.from(ours.data).equals(atEffort)).toBe(true);
		expect(Buffer.from(ours.data).equals(standard)).toBe(false);
		// Same picture, same quality: the sizes stay within a quarter of each other.
		expect(ours.data.length).toBeLessThan(standard.length * 1.25);
	});

	it('leaves other formats and crops to Astro’s own service', async () => {
		const png = await service.transform(
			photo,
			{ src: 'photo.jpg', width: 100, format: 'png' },
			config,
		);
		expect(png.format).toBe('png');
		const cropped = await service.transform(
			photo,
			{ src: 'photo.jpg', width: 100, height: 100, fit: 'cover', format: 'webp' },
			config,
		);
		const meta = await sharp(cropped.data).metadata();
		expect([meta.format, meta.width, meta.height]).toEqual(['webp', 100, 100]);
	});
});
