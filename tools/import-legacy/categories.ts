import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'astro/zod';
import { innerSchema } from '../../src/lib/content/fields';
import { categorySchema, type ImageHelper } from '../../src/lib/content/schemas';

/**
 * The categories of the site, read from the same files the build reads
 * (`content/categories/<slug>.md`, or under CONTENT_DIR) and parsed with the site's own category
 * schema: the importer keeps no list of its own.
 */

/** What the importer needs of a category. */
export interface SiteCategory {
	/** Address segment and the products' folder. */
	slug: string;
	/** Whether its products carry a label (nutrition, ingredients); false for merchandise. */
	hasNutrition: boolean;
}

/** A photo field as a file holds it: a path, not yet an image (the importer writes none). */
export const PHOTO_PATH = (() => z.string()) as unknown as ImageHelper;

/** The YAML between the `---` lines at the top of a content file, or null when there is none. */
export function frontmatterText(text: string): string | null {
	return /^---\n([\s\S]*?)\n?---\n/.exec(text)?.[1] ?? null;
}

const schema = innerSchema(categorySchema({ image: PHOTO_PATH }));

/** The site's categories in their menu order; throws on a file the build would refuse. */
export function readCategories(folder: string): SiteCategory[] {
	const files = readdirSync(folder).filter((file) => file.endsWith('.md'));
	const categories = files.map((file) => {
		const yaml = frontmatterText(readFileSync(path.join(folder, file), 'utf8'));
		const result = schema.safeParse(yaml === null ? undefined : parse(yaml));
		if (!result.success) {
			throw new Error(`${file}: ${result.error.issues.map((issue) => issue.message).join('; ')}`);
		}
		const data = result.data as { slug: string; order: number; hasNutrition: boolean };
		return { slug: data.slug, order: data.order, hasNutrition: data.hasNutrition };
	});
	return categories
		.sort((a, b) => a.order - b.order)
		.map(({ slug, hasNutrition }) => ({ slug, hasNutrition }));
}
