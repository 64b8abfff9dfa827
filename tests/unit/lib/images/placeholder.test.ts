import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { placeholderDataUri, sourceFileOf } from '../../../../src/lib/images/placeholder';

const hero = fileURLToPath(new URL('../../../../src/assets/home/hero.jpg', import.meta.url));

/** The bytes of a data address. */
const bytesOf = (uri: string) =>
	Buffer.from(uri.replace(/^data:image\/webp;base64,/, ''), 'base64');

describe('placeholderDataUri', () => {
	it.each([
		[80, 120, 30],
		[40, 60, 40],
	])('gives a %i × %i WebP (quality %i) as a data address', async (width, height, quality) => {
		const uri = await placeholderDataUri(hero, { width, height, quality });
		expect(uri).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
		const meta = await sharp(bytesOf(uri)).metadata();
		expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
	});

	it('is small enough that Chromium does not take it for the largest content on a phone', async () => {
		const bytes = bytesOf(await placeholderDataUri(hero, { width: 80, height: 120, quality: 30 }));
		expect(bytes.length).toBeLessThan(1024);
		// LCP ignores pictures under 0.05 bits per displayed pixel; the smallest phone screen the
		// hero fills is 320 × 480 CSS pixels.
		expect((bytes.length * 8) / (320 * 480)).toBeLessThan(0.05);
	});
});

describe('sourceFileOf', () => {
	it('refuses a picture without a local file, in Italian', () => {
		const remote = {
			src: 'https://example.org/x.jpg',
			width: 1,
			height: 1,
			format: 'jpg',
		} as const;
		expect(() => sourceFileOf(remote)).toThrow(/Nessun file locale/);
	});

	it('gives the file Astro read the picture from', () => {
		const local = Object.defineProperty(
			{ src: '/_astro/hero.jpg', width: 1, height: 1, format: 'jpg' as const },
			'fsPath',
			{ value: hero },
		);
		expect(sourceFileOf(local)).toBe(hero);
	});
});
