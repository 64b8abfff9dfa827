import { parse } from 'yaml';
import { productEntrySchema } from '../../src/lib/content/product-schema';
import { frontmatterText, PHOTO_PATH } from './categories';
import { productFile } from './markdown';
import type { ConvertedProduct, ProductFrontmatter } from './product';
import type { ImportNote } from './values';

/**
 * The importer checks what it writes (docs/import.md): every file it is about to write is read back
 * as the build reads it (YAML frontmatter) and parsed with the site's own product schema. A
 * product that would not build is repaired where a field can be dropped, with the repair
 * reported, or skipped with the schema's Italian message. It never writes a file that breaks
 * the build. Photos are checked by name only: the importer writes none (a product without
 * photos shows 'Foto in arrivo').
 */

/** The product schema with a plain path for photos, as the file holds them. */
const schema = productEntrySchema({ image: PHOTO_PATH });

/** What the schema says of a file's text: nothing when it builds, else one line per field. */
export function productFileProblems(text: string): { path: (string | number)[]; line: string }[] {
	const yaml = frontmatterText(text);
	if (yaml === null) return [{ path: [], line: 'intestazione YAML mancante' }];
	let data: unknown;
	try {
		data = parse(yaml);
	} catch (error) {
		return [{ path: [], line: `YAML non leggibile (${(error as Error).message})` }];
	}
	const result = schema.safeParse(data);
	if (result.success) return [];
	return result.error.issues.map((issue) => ({
		path: issue.path,
		line: `${issue.path.join('.') || 'prodotto'}: ${issue.message}`,
	}));
}

/** Optional fields the importer may drop to make a product build, whole or one item at a time. */
const DROPPABLE = new Set(['badges', 'ribbon', 'offer', 'isNew', 'highlights', 'specs', 'label']);

/**
 * Drops the part of the frontmatter that `path` points into, when the product stays whole
 * without it: an item of an optional list, a label entry, an optional field, or one variant
 * among several. Returns what was dropped, or null when the field is required.
 */
function dropAt(frontmatter: ProductFrontmatter, path: (string | number)[]): string | null {
	const data = frontmatter as unknown as Record<string, unknown>;
	const [field, index] = path;
	if (typeof field !== 'string') return null;
	const value = data[field];
	if (field === 'variants') {
		if (typeof index !== 'number' || frontmatter.variants.length < 2) return null;
		frontmatter.variants.splice(index, 1);
		return `variants.${index}`;
	}
	if (!DROPPABLE.has(field) || value === undefined) return null;
	if (field === 'label' && typeof index === 'string' && index !== 'regime') {
		delete (value as Record<string, unknown>)[index];
		return `label.${index}`;
	}
	if (Array.isArray(value) && typeof index === 'number' && value.length > 1) {
		value.splice(index, 1);
		return `${field}.${index}`;
	}
	delete data[field];
	return field;
}

/** A converted product, checked: the text to write and the repairs made, or why it is skipped. */
export type CheckedProduct =
	| { status: 'ok'; text: string; notes: ImportNote[] }
	| { status: 'skipped'; reason: string; notes: ImportNote[] };

/** Checks (and where it can, repairs) a converted product before it is written. */
export function checkConverted(product: ConvertedProduct): CheckedProduct {
	const frontmatter = structuredClone(product.frontmatter);
	const notes = [...product.notes];
	// Each round drops at least one part, so the loop ends; the bound is a safety net.
	for (let round = 0; round < 50; round++) {
		const text = productFile(frontmatter, product.body);
		const problems = productFileProblems(text);
		if (!problems.length) return { status: 'ok', text, notes };
		// A problem is repairable when dropping its part changes the product (a missing field
		// that a rule asks for cannot be dropped: there is nothing to drop).
		const before = JSON.stringify(frontmatter);
		const required = problems.find((problem) => {
			const copy = structuredClone(frontmatter);
			return dropAt(copy, problem.path) === null || JSON.stringify(copy) === before;
		});
		if (required) {
			return {
				status: 'skipped',
				reason: `il file non supererebbe i controlli del sito: ${required.line}`,
				notes,
			};
		}
		// One repair at a time: dropping a list item moves the indices of the others.
		const [first] = problems;
		if (!first) break;
		const dropped = dropAt(frontmatter, first.path);
		notes.push({
			kind: 'warning',
			field: dropped ?? first.path.join('.'),
			message: `tolto perché non valido (${first.line})`,
		});
	}
	return { status: 'skipped', reason: 'troppi campi non validi', notes };
}
