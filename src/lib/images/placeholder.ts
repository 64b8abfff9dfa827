import sharp from 'sharp';

/**
 * A picture as a tiny, strongly compressed copy written into the page as a data address: a
 * decoration that a phone shows faded behind text (the home page's hero) then costs no request,
 * and, blurred by the browser's scaling, keeps the photo's colours and shapes. So few bits per
 * pixel also tell Chromium it is a placeholder, not the page's largest content (LCP ignores
 * images under 0.05 bits per displayed pixel), so the first screen counts as drawn with its text.
 */

/** The placeholder's size and WebP quality. */
export interface PlaceholderOptions {
	width: number;
	height: number;
	/** WebP quality, 1–100. */
	quality: number;
}

/** The middle of the picture in `file`, cropped to the size asked, as a WebP data address. */
export async function placeholderDataUri(
	file: string,
	{ width, height, quality }: PlaceholderOptions,
): Promise<string> {
	const bytes = await sharp(file)
		.resize(width, height, { fit: 'cover', position: 'centre' })
		.webp({ quality })
		.toBuffer();
	return `data:image/webp;base64,${bytes.toString('base64')}`;
}

/**
 * The file an imported picture (astro:assets) was read from, at build: Astro keeps it on the
 * picture's metadata for its own image service. A picture that has none (a remote one) cannot
 * have a placeholder.
 */
export function sourceFileOf(image: ImageMetadata): string {
	const file = (image as ImageMetadata & { fsPath?: unknown }).fsPath;
	if (typeof file !== 'string' || file === '') {
		throw new Error(`Nessun file locale per l'immagine ${image.src}: serve per il segnaposto.`);
	}
	return file;
}
