import { z } from 'astro/zod';
import { innerSchema } from '../content/fields';

/**
 * The rules a content schema states about each field, read from the zod schema itself: which
 * fields exist, which are required, their bounds and patterns. The CMS configuration is built
 * from them (config.ts), so the editor and the build cannot disagree on a field. Pure.
 *
 * What zod cannot show from outside (the body of a `.refine`: two decimals in a price, closing
 * after opening) is not read here; config.ts states those few by hand, next to the rule's message.
 */
export type Rule =
	| { kind: 'string'; required: boolean; min?: number; max?: number; patterns: PatternRule[] }
	| { kind: 'email'; required: boolean; message: string }
	| { kind: 'url'; required: boolean; message: string }
	| { kind: 'date'; required: boolean; message: string }
	| {
			kind: 'number';
			required: boolean;
			int: boolean;
			min?: number;
			max?: number;
			positive: boolean;
	  }
	| { kind: 'boolean'; required: boolean }
	| { kind: 'enum'; required: boolean; options: readonly string[] }
	| { kind: 'image'; required: boolean }
	| { kind: 'list'; required: boolean; min?: number; max?: number; of: Rule }
	| { kind: 'object'; required: boolean; fields: Readonly<Record<string, Rule>> }
	| { kind: 'map'; required: boolean; value: Rule };

/** A regular expression a text must match, and the schema's Italian message when it does not. */
export interface PatternRule {
	source: string;
	message: string;
}

/** Marks the stand-in for Astro's image() helper, so the walk knows a picture field. */
export const IMAGE_MARK = 'cms:image';

/** A stand-in for Astro's `image()` helper: a path, marked as a picture. */
export const imageStandIn = () => z.string().describe(IMAGE_MARK);

/** The rules of an entry schema (one made by editorSchema(), or any zod schema). */
export function rulesOf(schema: z.ZodTypeAny): Rule {
	return walk(innerSchema(schema), true);
}

function walk(schema: z.ZodTypeAny, required: boolean): Rule {
	if (schema.description === IMAGE_MARK) return { kind: 'image', required };
	if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
		return walk(schema.unwrap() as z.ZodTypeAny, false);
	}
	if (schema instanceof z.ZodDefault) return walk(schema.removeDefault() as z.ZodTypeAny, false);
	if (schema instanceof z.ZodEffects) {
		const inner = walk(schema.innerType() as z.ZodTypeAny, required);
		// url() adds 'must start with https://' as a refinement: its message is the one to show.
		if (inner.kind === 'url') {
			return { ...inner, message: messageOf(schema, 'http://www.esempio.it') || inner.message };
		}
		return inner;
	}
	if (schema instanceof z.ZodString) return stringRule(schema, required);
	if (schema instanceof z.ZodNumber) {
		let min: number | undefined;
		let max: number | undefined;
		let positive = false;
		for (const check of schema._def.checks) {
			if (check.kind === 'min') {
				min = check.value;
				if (!check.inclusive && check.value === 0) positive = true;
			}
			if (check.kind === 'max') max = check.value;
		}
		return {
			kind: 'number',
			required,
			int: schema.isInt,
			positive,
			...(positive || min === undefined ? {} : { min }),
			...(max === undefined ? {} : { max }),
		};
	}
	if (schema instanceof z.ZodBoolean) return { kind: 'boolean', required };
	if (schema instanceof z.ZodEnum) {
		return { kind: 'enum', required, options: schema.options as readonly string[] };
	}
	if (schema instanceof z.ZodDate) {
		return { kind: 'date', required, message: messageOf(schema, new Date('x')) };
	}
	if (schema instanceof z.ZodArray) {
		const def = schema._def;
		const min = def.exactLength?.value ?? def.minLength?.value;
		const max = def.exactLength?.value ?? def.maxLength?.value;
		return {
			kind: 'list',
			required,
			of: walk(schema.element as z.ZodTypeAny, true),
			...(min === undefined ? {} : { min }),
			...(max === undefined ? {} : { max }),
		};
	}
	if (schema instanceof z.ZodObject) {
		const fields: Record<string, Rule> = {};
		for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodTypeAny>)) {
			fields[name] = walk(field, true);
		}
		return { kind: 'object', required, fields };
	}
	if (schema instanceof z.ZodRecord) {
		return { kind: 'map', required, value: walk(schema.valueSchema as z.ZodTypeAny, true) };
	}
	throw new Error(`Tipo di campo che il CMS non sa mostrare: ${schema.constructor.name}`);
}

function stringRule(schema: z.ZodString, required: boolean): Rule {
	let min: number | undefined;
	let max: number | undefined;
	const patterns: PatternRule[] = [];
	for (const check of schema._def.checks) {
		if (check.kind === 'min') min = check.value;
		else if (check.kind === 'max') max = check.value;
		else if (check.kind === 'regex') {
			patterns.push({ source: check.regex.source, message: check.message ?? '' });
		} else if (check.kind === 'email') {
			return { kind: 'email', required, message: check.message ?? '' };
		} else if (check.kind === 'url') {
			return { kind: 'url', required, message: messageOf(schema, 'http://') };
		}
	}
	return {
		kind: 'string',
		required,
		patterns,
		...(min === undefined ? {} : { min }),
		...(max === undefined ? {} : { max }),
	};
}

/** The message a schema gives for a value it refuses. */
function messageOf(schema: z.ZodTypeAny, value: unknown): string {
	const result = schema.safeParse(value);
	return result.success ? '' : (result.error.issues[0]?.message ?? '');
}
