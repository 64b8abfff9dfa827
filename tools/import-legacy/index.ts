/**
 * Import from the old system (docs/import.md): pure functions that turn the old API's
 * product answers into product content files. cli.mjs (npm run import:legacy) does the reading
 * and writing.
 */

/** The product file as text: YAML frontmatter and markdown body. */
export { productFile, toYaml } from './markdown';
/** One record of the export → a product file's frontmatter and body, or a reason to skip it. */
export {
	convertLegacyProduct,
	type ConvertedProduct,
	type ProductFrontmatter,
	type SkippedProduct,
} from './product';
/** The site's categories, read from content/categories. */
export { readCategories, type SiteCategory } from './categories';
/** A fallback or warning about one field, for the report. */
export type { ImportNote } from './values';
/** Every file is parsed with the site's product schema before it is written. */
export { checkConverted, productFileProblems, type CheckedProduct } from './validate';
/** The old stock as the stock CSV that `npm run magazzino -- importa` reads. */
export { importCsv } from '../../src/lib/stock/csv';
