/**
 * Photos a content file names that are not there (docs/catalogue.md). Astro's image() keeps a local
 * photo as the text `__ASTRO_IMAGE_<path>` in the data store and looks for the file only when
 * a page imports it, so a missing photo used to stop the build with Astro's English
 * `ImageNotFound`, naming neither the content file nor the field. The content loaders
 * (src/content.config.ts) check every reference right after loading, with this pure walk.
 */

/** How Astro marks a local image in a stored entry (astro/dist/content/consts.js). */
export const IMAGE_PREFIX = '__ASTRO_IMAGE_';

/** One local photo named in an entry: the field's path (images.0.src) and the path written. */
export interface ImageRef {
	field: string;
	src: string;
}

/** Every local photo in an entry's data, with the dotted path of its field. */
export function imageRefs(data: unknown, path: readonly (string | number)[] = []): ImageRef[] {
	if (typeof data === 'string') {
		if (!data.startsWith(IMAGE_PREFIX)) return [];
		const src = data.slice(IMAGE_PREFIX.length);
		// Web addresses and site-absolute paths are not files beside the content file.
		if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('/')) return [];
		return [{ field: path.join('.'), src }];
	}
	if (Array.isArray(data)) return data.flatMap((item, index) => imageRefs(item, [...path, index]));
	if (data && typeof data === 'object') {
		return Object.entries(data).flatMap(([key, value]) => imageRefs(value, [...path, key]));
	}
	return [];
}

/**
 * The Italian line for a photo that is not there: the content file, the field in bold as Astro
 * prints schema errors, the folder where the photo belongs and an example.
 */
export function missingImageMessage(file: string, ref: ImageRef): string {
	const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : './';
	const product = /(^|\/)products\//.test(file) && ref.field.startsWith('images.');
	return (
		`${file}: **${ref.field}**: la foto «${ref.src}» non esiste. Salvala nella cartella ${folder} ` +
		`con questo nome, oppure correggi «src»` +
		(product ? ' (o togli la foto: senza foto la scheda mostra «Foto in arrivo»)' : '') +
		`. Esempio: src: ./whey-isolate-90.jpg`
	);
}
