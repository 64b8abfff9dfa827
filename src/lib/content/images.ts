import { getImage } from 'astro:assets';

/** Width of the product pictures in the static JSON and on favourite cards. */
export const THUMBNAIL_WIDTH = 400;

/** A product photo resized for cards and the static JSON: a WebP URL. */
export async function thumbnailUrl(src: ImageMetadata): Promise<string> {
	const image = await getImage({
		src,
		width: Math.min(THUMBNAIL_WIDTH, src.width),
		format: 'webp',
	});
	return image.src;
}
