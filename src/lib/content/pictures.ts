import { getImage } from 'astro:assets';
import type { Photo } from '../catalogue/view';
import { PRODUCT_IMAGE_WIDTHS, srcsetWidths } from '../images/widths';

/** A picture as the product page's gallery island receives it: URLs and sizes, serialisable. */
export interface ResizedPicture {
	src: string;
	srcSet: string;
	alt: string;
	width: number;
	height: number;
}

/** The product page's pictures, each resized once to the product widths, in WebP. */
export function resizedPictures(
	photos: readonly Photo<ImageMetadata>[],
): Promise<ResizedPicture[]> {
	return Promise.all(
		photos.map(async ({ src, alt }) => {
			const { widths, largest } = srcsetWidths(PRODUCT_IMAGE_WIDTHS, src.width);
			const image = await getImage({
				src,
				widths,
				width: largest,
				height: Math.round((largest * src.height) / src.width),
				format: 'webp',
			});
			return {
				src: image.src,
				srcSet: image.srcSet.attribute,
				alt,
				width: src.width,
				height: src.height,
			};
		}),
	);
}
