import { z } from 'astro/zod';
import { parseDate } from '../shops/calendar';

/**
 * Field builders for the content schemas. Every message is Italian, names the field and shows a
 * valid example, so an editor who mistypes a value reads what to write instead.
 *
 * Astro formats content errors with its own English error map, which replaces the messages of
 * type errors ("Required"). `editorSchema()` therefore validates with our messages first and hands
 * Astro custom issues, which it prints unchanged as `**field**: message`.
 */

/** A message for a field that is missing or has the wrong type. */
function typeMessages(field: string, kind: string, example: string) {
	return {
		required_error: `campo obbligatorio mancante: aggiungi «${field}» (${kind}). Esempio: ${example}`,
		invalid_type_error: `«${field}» deve essere ${kind}. Esempio: ${example}`,
	};
}

/** A required text of at least `min` characters. */
export function text(field: string, example: string, options: { min?: number; max?: number } = {}) {
	const min = options.min ?? 1;
	let schema = z
		.string(typeMessages(field, 'un testo', example))
		.trim()
		.min(
			min,
			min === 1
				? `«${field}» non può essere vuoto. Esempio: ${example}`
				: `«${field}» deve avere almeno ${min} caratteri. Esempio: ${example}`,
		);
	if (options.max !== undefined) {
		schema = schema.max(
			options.max,
			`«${field}» può avere al massimo ${options.max} caratteri. Esempio: ${example}`,
		);
	}
	return schema;
}

/** A whole number between `min` and `max`. */
export function integer(field: string, example: string, min: number, max: number) {
	return z
		.number(typeMessages(field, 'un numero intero', example))
		.int(`«${field}» deve essere un numero intero. Esempio: ${example}`)
		.min(min, `«${field}» deve essere almeno ${min}. Esempio: ${example}`)
		.max(max, `«${field}» può essere al massimo ${max}. Esempio: ${example}`);
}

/** A decimal number between `min` and `max`. */
export function decimal(field: string, example: string, min: number, max: number) {
	return z
		.number(typeMessages(field, 'un numero', example))
		.min(min, `«${field}» deve essere almeno ${min}. Esempio: ${example}`)
		.max(max, `«${field}» può essere al massimo ${max}. Esempio: ${example}`);
}

/**
 * A price in euros as editors write it (39.90), held as integer cents (3990) from here on.
 * At most two decimals; zero is refused (write no variant rather than a free one).
 */
export function price(field: string, example: string) {
	return z
		.number(typeMessages(field, 'un prezzo in euro, con il punto per i decimali', example))
		.positive(`«${field}» deve essere maggiore di zero. Esempio: ${example}`)
		.max(10_000, `«${field}» sembra troppo alto (massimo 10000 euro). Esempio: ${example}`)
		.refine(
			(euros) => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6,
			`«${field}» può avere al massimo due decimali. Esempio: ${example}`,
		)
		.transform((euros) => Math.round(euros * 100));
}

/** One of a closed list of values. */
export function choice<const T extends readonly [string, ...string[]]>(
	field: string,
	values: T,
	example: string,
) {
	return z.enum(values, {
		errorMap: () => ({
			message: `«${field}» deve essere uno di: ${values.join(', ')}. Esempio: ${example}`,
		}),
	});
}

/** A yes/no flag written as `true` or `false`. */
export function flag(field: string) {
	return z.boolean(typeMessages(field, 'true oppure false (senza virgolette)', `${field}: false`));
}

/** A text that must match `pattern`, explained by `rule`. */
export function pattern(field: string, regex: RegExp, rule: string, example: string) {
	return z
		.string(typeMessages(field, 'un testo', example))
		.trim()
		.regex(regex, `«${field}» ${rule}. Esempio: ${example}`);
}

/** A web address starting with https://. */
export function url(field: string, example: string) {
	return z
		.string(typeMessages(field, 'un indirizzo web', example))
		.trim()
		.url(`«${field}» deve essere un indirizzo web completo. Esempio: ${example}`)
		.refine(
			(value) => value.startsWith('https://'),
			`«${field}» deve iniziare con https://. Esempio: ${example}`,
		);
}

/** An e-mail address. */
export function email(field: string, example: string) {
	return z
		.string(typeMessages(field, 'un indirizzo e-mail', example))
		.trim()
		.email(`«${field}» deve essere un indirizzo e-mail valido. Esempio: ${example}`);
}

/** A calendar date written as YYYY-MM-DD. */
export function date(field: string, example: string) {
	return z.coerce.date({
		errorMap: () => ({
			message: `«${field}» deve essere una data nel formato AAAA-MM-GG. Esempio: ${example}`,
		}),
	});
}

/**
 * A day of the calendar written as YYYY-MM-DD, held as that text ("2026-12-24"): the shops'
 * calendar compares days as text, in the shops' own calendar, free of time zones.
 */
export function day(field: string, example: string) {
	// A written day that does not exist (30 February) is refused, not moved to March.
	const real = (value: unknown) =>
		typeof value === 'string' &&
		/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) &&
		parseDate(value.trim()) === null
			? 'non è una data'
			: value;
	return z
		.preprocess(real, date(field, example))
		.transform((value) => value.toISOString().slice(0, 10));
}

/** A list with at least `min` items. */
export function list<T extends z.ZodTypeAny>(
	field: string,
	item: T,
	example: string,
	options: { min?: number; length?: number } = {},
) {
	let schema = z.array(item, typeMessages(field, 'un elenco', example));
	if (options.length !== undefined) {
		schema = schema.length(
			options.length,
			`«${field}» deve contenere esattamente ${options.length} elementi. Esempio: ${example}`,
		);
	} else if (options.min !== undefined) {
		schema = schema.min(
			options.min,
			`«${field}» deve contenere almeno ${options.min} elementi. Esempio: ${example}`,
		);
	}
	return schema;
}

/**
 * An object that refuses unknown keys, so that a misspelt optional field is reported instead of
 * being silently ignored. The issue points at the unknown key itself.
 */
export function record<T extends z.ZodRawShape>(
	field: string,
	shape: T,
	example: string,
	/** Fields this group no longer has, each with the Italian words that say where it went. */
	retired: Readonly<Record<string, string>> = {},
) {
	const known = new Set(Object.keys(shape));
	// The unknown-key check runs before the fields are validated, so a misspelt key is reported
	// together with the required field it was meant to be. Its input is typed as the object's,
	// not preprocess's `unknown`: the importer writes files of that type (z.input).
	type Shape = z.ZodObject<T>;
	return z.preprocess(
		(value, ctx) => {
			if (value && typeof value === 'object' && !Array.isArray(value)) {
				for (const key of Object.keys(value)) {
					const gone = Object.hasOwn(retired, key) ? retired[key] : undefined;
					if (gone !== undefined) {
						ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: gone });
					} else if (!known.has(key)) {
						ctx.addIssue({
							code: z.ZodIssueCode.custom,
							path: [key],
							message: `campo sconosciuto «${key}»: controlla come è scritto. Campi ammessi qui: ${[...known].join(', ')}`,
						});
					}
				}
			}
			return value;
		},
		z.object(shape, typeMessages(field, 'un gruppo di campi', example)),
	) as z.ZodEffects<Shape, z.output<Shape>, z.input<Shape>>;
}

/**
 * Wraps an entry schema so that Astro prints our Italian messages: it validates with them first
 * and reports each problem as a custom issue at the same path.
 */
export function editorSchema<T extends z.ZodTypeAny>(schema: T) {
	const wrapped = z.any().transform((data: unknown, ctx): z.output<T> => {
		const result = schema.safeParse(data);
		if (result.success) return result.data as z.output<T>;
		for (const issue of result.error.issues) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: issue.path, message: issue.message });
		}
		return z.NEVER;
	});
	innerSchemas.set(wrapped, schema);
	return wrapped;
}

/** The schema each editorSchema() wraps, for tools that read its fields (the CMS config). */
const innerSchemas = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();

/** The entry schema an editorSchema() wraps, or the schema itself. */
export function innerSchema(schema: z.ZodTypeAny): z.ZodTypeAny {
	return innerSchemas.get(schema) ?? schema;
}
