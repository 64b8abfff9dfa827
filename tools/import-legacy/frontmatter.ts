import type { z } from 'astro/zod';
import type { productEntrySchema } from '../../src/lib/content/product-schema';

/**
 * The frontmatter of a product file as the importer writes it: the input of the site's own
 * product schema (prices in euros, optional fields left out), so that a field the schema adds
 * or changes shows here at once. Photos are paths, as the file holds them; the importer writes
 * none (the old system's stay on its server).
 */
export type ProductFrontmatter = Omit<z.input<ReturnType<typeof productEntrySchema>>, 'images'> & {
	images?: { src: string; alt: string }[];
};

/** A variant as written in a product file (euros). */
export type VariantOut = ProductFrontmatter['variants'][number];

/** The label group of a product file. */
export type LabelOut = NonNullable<ProductFrontmatter['label']>;

/** What the old flags become: badges, ribbon, offer text and the NUOVO mark. */
export type Flags = { badges: NonNullable<ProductFrontmatter['badges']> } & Pick<
	ProductFrontmatter,
	'ribbon' | 'offer' | 'isNew'
>;
