import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { variantId } from '../../../../src/lib/catalogue/variants';
import { productSchema, STOCK_MOVED } from '../../../../src/lib/content/product-schema';
import type { ImageHelper } from '../../../../src/lib/content/schemas';
import { parseImportCsv, problemText } from '../../../../src/lib/stock/csv';
import { DEFAULT_STOCK_SEED } from '../../../../src/server/stock/seed';

/**
 * Stock is no longer content: a product file that states it is refused with words that say
 * where stock is kept now, no file of the repository states it, and the sample shop's counts
 * (the seed a new database loads once) name only shops and variants the content has.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const image = (() => z.string()) as unknown as ImageHelper;
const schema = productSchema({ image });

/** Every product file: its path, its slug, and its front matter. */
const products = readdirSync(path.join(root, 'content/products'), { recursive: true })
	.map(String)
	.filter((file) => file.endsWith('.md'))
	.map((file) => {
		const text = readFileSync(path.join(root, 'content/products', file), 'utf8');
		return {
			file,
			slug: path.basename(file, '.md'),
			data: parse(text.split(/^---$/m)[1] ?? '') as Record<string, unknown>,
		};
	});

describe('stock is not content', () => {
	it('refuses a variant with stock, saying where stock is kept', () => {
		const [first] = products;
		if (!first) throw new Error('no product files');
		const variants = first.data['variants'] as Record<string, unknown>[];
		const withStock = {
			...first.data,
			variants: [{ ...variants[0], stock: { torino: 5, aosta: 2 } }, ...variants.slice(1)],
		};
		expect(schema.safeParse(first.data).success).toBe(true);
		const result = schema.safeParse(withStock);
		expect(result.success).toBe(false);
		const issues = result.success ? [] : result.error.issues;
		expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
			['variants.0.stock', STOCK_MOVED],
		]);
		expect(STOCK_MOVED).toContain('/gestione/magazzino');
	});

	it('has no product file stating stock', () => {
		expect(products.length).toBeGreaterThan(50);
		const stating = products.filter(({ data }) =>
			(data['variants'] as Record<string, unknown>[]).some((variant) => 'stock' in variant),
		);
		expect(stating.map(({ file }) => file)).toEqual([]);
	});

	it('seeds a new database only with the shops and variants of the content', () => {
		const parsed = parseImportCsv(readFileSync(path.join(root, DEFAULT_STOCK_SEED), 'utf8'));
		if ('problem' in parsed) throw new Error(problemText(parsed.problem));
		const shops = new Set(
			readdirSync(path.join(root, 'content/shops'))
				.filter((file) => file.endsWith('.md'))
				.map((file) => path.basename(file, '.md')),
		);
		const variants = new Set(
			products.flatMap(({ slug, data }) =>
				(data['variants'] as { flavour?: string; size: string }[]).map(
					(variant) => `${slug}/${variantId(variant.flavour, variant.size)}`,
				),
			),
		);
		const unknown = parsed.rows.filter(
			(row) => !shops.has(row.shopId) || !variants.has(`${row.productId}/${row.variantId}`),
		);
		expect(unknown.map((row) => `riga ${row.line}`)).toEqual([]);
		// Every variant of every shop is counted once.
		expect(parsed.rows.length).toBe(variants.size * shops.size);
	});
});
