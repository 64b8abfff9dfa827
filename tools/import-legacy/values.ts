/**
 * Tolerant readers for the values of the old system's answers (docs/import.md): the same field may
 * be a number, a numeric string, a JSON string or missing. Nothing here throws.
 */

/** A note about one field of an imported product: a fallback used, or a problem in the data. */
export interface ImportNote {
	kind: 'fallback' | 'warning';
	field: string;
	message: string;
}

/** Collects the notes of one product while it is converted. */
export class Notes {
	readonly list: ImportNote[] = [];

	/** Records that `field` was filled from a fallback (a default, another field, a guess). */
	fallback(field: string, message: string): void {
		this.list.push({ kind: 'fallback', field, message });
	}

	/** Records a problem in the data of `field` (unreadable, wrong type, dropped). */
	warning(field: string, message: string): void {
		this.list.push({ kind: 'warning', field, message });
	}
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a value carries something: not undefined, null, an empty string or an empty list. */
export function isPresent(value: unknown): boolean {
	if (value === undefined || value === null) return false;
	if (typeof value === 'string') return value.trim() !== '';
	if (Array.isArray(value)) return value.length > 0;
	return true;
}

/** The first present value among the spellings `keys` of one field, with the key it came from. */
export function pick(
	source: Record<string, unknown> | undefined,
	keys: readonly string[],
): { key: string; value: unknown } | undefined {
	if (!source) return undefined;
	for (const key of keys) {
		if (isPresent(source[key])) return { key, value: source[key] };
	}
	return undefined;
}

/** A single-line text: strings are trimmed with whitespace collapsed, numbers written out. */
export function asText(value: unknown): string | undefined {
	if (typeof value === 'string') {
		const text = value.replace(/\s+/g, ' ').trim();
		return text || undefined;
	}
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return undefined;
}

/** A number from a number or a string such as "29,90 €", "€ 1.299,00" or "2990". */
export function asNumber(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	if (typeof value !== 'string') return undefined;
	let digits = value.replace(/[^\d.,-]/g, '');
	if (!/\d/.test(digits)) return undefined;
	const comma = digits.lastIndexOf(',');
	const dot = digits.lastIndexOf('.');
	if (comma >= 0 && dot >= 0) {
		// The last separator is the decimal one: 1.299,00 or 1,299.00.
		digits = comma > dot ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
	} else if (comma >= 0) {
		digits = digits.replace(',', '.');
	}
	const number = Number(digits);
	return Number.isFinite(number) ? number : undefined;
}

/** A yes/no flag: true, 1, "true", "1", "si", "sì", "yes". */
export function asFlag(value: unknown): boolean {
	if (value === true || value === 1) return true;
	if (typeof value === 'string') return /^(true|1|si|sì|yes|y)$/i.test(value.trim());
	return false;
}

/** A list whatever was given: a list as is, one item as a list of one, nothing as empty. */
export function asList(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	return isPresent(value) ? [value] : [];
}

/** Whether a text looks like JSON (an object or a list). */
export function looksLikeJson(text: string): boolean {
	return /^\s*[[{]/.test(text);
}

/** Parses JSON without throwing: the value, or the parser's message. */
export function parseJson(
	text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
	try {
		return { ok: true, value: JSON.parse(text) as unknown };
	} catch (error) {
		return { ok: false, error: error instanceof Error ? error.message : String(error) };
	}
}

/**
 * Reads a value that may arrive as JSON inside a string: the parsed value, the value itself when
 * it is not such a string, or undefined with a warning when the JSON is broken (truncated…).
 */
export function unwrapJson(value: unknown, field: string, notes: Notes): unknown {
	if (typeof value !== 'string' || !looksLikeJson(value)) return value;
	const parsed = parseJson(value);
	if (parsed.ok) return parsed.value;
	notes.warning(field, `JSON non leggibile (${parsed.error}): dato ignorato`);
	return undefined;
}

/** A number as written on Italian labels: 1.5 → "1,5". */
export function italianNumber(value: number): string {
	const rounded = Math.round(value * 1000) / 1000;
	return String(rounded).replace('.', ',');
}

const ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
	rsquo: '’',
	lsquo: '‘',
	ldquo: '“',
	rdquo: '”',
	ndash: '–',
	mdash: '—',
	egrave: 'è',
	eacute: 'é',
	agrave: 'à',
	igrave: 'ì',
	ograve: 'ò',
	ugrave: 'ù',
	Egrave: 'È',
	Agrave: 'À',
	deg: '°',
	micro: 'µ',
	euro: '€',
	hellip: '…',
	middot: '·',
	times: '×',
};

/** Replaces HTML entities (&amp;, &egrave;, &#39;, &#x27;…) with their characters. */
export function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
		if (name.startsWith('#x') || name.startsWith('#X'))
			return String.fromCodePoint(parseInt(name.slice(2), 16));
		if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
		return ENTITIES[name] ?? whole;
	});
}

/** The text of an HTML fragment: bold kept as **…**, other tags removed, entities decoded. */
export function htmlText(html: string): string {
	return decodeEntities(
		html
			.replace(/<br\s*\/?>/gi, ' ')
			.replace(/<(strong|b)\b[^>]*>([\s\S]*?)<\/\1>/gi, (_whole, _tag, inner: string) => {
				const text = inner
					.replace(/<[^>]+>/g, ' ')
					.replace(/\s+/g, ' ')
					.trim();
				return text ? ` **${text}** ` : ' ';
			})
			.replace(/<[^>]+>/g, ' '),
	)
		.replace(/\s+/g, ' ')
		.replace(/ ([,.;:)])/g, '$1')
		.replace(/\( /g, '(')
		.trim();
}

/** Cuts a text to at most `max` characters at a word boundary, ending with "…". */
export function shorten(text: string, max: number): string {
	if (text.length <= max) return text;
	const cut = text.slice(0, max - 1);
	const space = cut.lastIndexOf(' ');
	return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}
