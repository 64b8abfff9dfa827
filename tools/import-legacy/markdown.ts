import type { ProductFrontmatter } from './product';

/**
 * Writes a product content file: the frontmatter as YAML in the style of the hand-written files
 * (long texts folded with `>-`, one variant and one nutrition row per line) and the markdown
 * body. Deterministic, so that importing the same data twice gives the same bytes. A small
 * emitter for the few value types a product has; strings are quoted whenever YAML could read
 * them as anything but text.
 */

type Value =
	string | number | boolean | readonly Value[] | { readonly [key: string]: Value | undefined };

const WIDTH = 100;

/** Lists whose items are written one per line, as `- { … }`, when they fit. */
const ONE_LINE_ITEMS = new Set(['variants', 'rows']);

/** Whether a string can be written without quotes (in a flow collection when `flow`). */
function isPlain(text: string, flow: boolean): boolean {
	if (!text || text !== text.trim() || /[\n\t\r]/.test(text)) return false;
	if (!/^[\p{L}\p{N}]/u.test(text) && !/^\.\/[\w./-]+$/.test(text)) return false;
	if (/: |:$| #/.test(text)) return false;
	if (flow && /[,[\]{}]/.test(text)) return false;
	if (/^(?:true|false|yes|no|on|off|y|n|null)$/i.test(text)) return false;
	if (/^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i.test(text)) return false;
	if (/^0[xob]/i.test(text) || /^\d{4}-\d\d-\d\d/.test(text) || /^[\d:.,]+$/.test(text))
		return false;
	return true;
}

/** A string as a quoted YAML scalar. */
function quoted(text: string): string {
	return /[\n\r\t]/.test(text) ? JSON.stringify(text) : `'${text.replace(/'/g, "''")}'`;
}

/** A number as editors write it: 29.90 with two decimals for prices, 5 for counts. */
function number(value: number): string {
	if (Number.isInteger(value)) return String(value);
	const cents = value * 100;
	return Math.abs(cents - Math.round(cents)) < 1e-9 ? value.toFixed(2) : String(value);
}

/** A scalar value. */
function scalar(value: string | number | boolean, flow: boolean): string {
	if (typeof value === 'number') return number(value);
	if (typeof value === 'boolean') return String(value);
	return isPlain(value, flow) ? value : quoted(value);
}

const isMap = (value: Value | undefined): value is { readonly [key: string]: Value | undefined } =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value in flow style: `{ a: 1, b: [x, y] }`; strings in lists always quoted. */
function flow(value: Value, inList = false): string {
	if (Array.isArray(value))
		return `[${(value as readonly Value[]).map((item) => flow(item, true)).join(', ')}]`;
	if (isMap(value)) {
		const parts = Object.entries(value)
			.filter((entry): entry is [string, Value] => entry[1] !== undefined)
			.map(([key, item]) => `${key}: ${flow(item)}`);
		return `{ ${parts.join(', ')} }`;
	}
	// Texts with spaces or a % are quoted, as editors write them: ['Per 100 g'], vnr: '80%'.
	if (typeof value === 'string' && ((inList && value.includes(' ')) || value.endsWith('%')))
		return quoted(value);
	return scalar(value as string | number | boolean, true);
}

/** A long text folded over several lines with `>-`, or null when it cannot be folded safely. */
function folded(text: string, indent: number): string[] | null {
	if (/\s{2,}|[\n\r\t]/.test(text) || text !== text.trim()) return null;
	const width = WIDTH - indent;
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(' ')) {
		if (line && line.length + 1 + word.length > width) {
			lines.push(line);
			line = word;
		} else {
			line = line ? `${line} ${word}` : word;
		}
	}
	if (line) lines.push(line);
	return lines.map((part) => `${' '.repeat(indent)}${part}`);
}

/** The lines of a map at `indent` spaces. */
function block(map: { readonly [key: string]: Value | undefined }, indent: number): string[] {
	const pad = ' '.repeat(indent);
	const lines: string[] = [];
	for (const [key, value] of Object.entries(map)) {
		if (value === undefined) continue;
		if (Array.isArray(value)) {
			lines.push(...list(key, value, indent));
		} else if (isMap(value)) {
			lines.push(`${pad}${key}:`, ...block(value, indent + 2));
		} else {
			const line = `${pad}${key}: ${scalar(value as string | number | boolean, false)}`;
			const fold =
				typeof value === 'string' && line.length > WIDTH ? folded(value, indent + 2) : null;
			lines.push(...(fold ? [`${pad}${key}: >-`, ...fold] : [line]));
		}
	}
	return lines;
}

/** A list under `key`: inline when short and made of texts, else one item per line. */
function list(key: string, items: readonly Value[], indent: number): string[] {
	const pad = ' '.repeat(indent);
	if (!items.length) return [`${pad}${key}: []`];
	const inline = `${pad}${key}: ${flow(items)}`;
	if (items.every((item) => !isMap(item) && !Array.isArray(item)) && inline.length <= WIDTH) {
		return [inline];
	}
	const lines = [`${pad}${key}:`];
	for (const item of items) {
		const one = `${pad}  - ${flow(item)}`;
		if (!isMap(item) || (ONE_LINE_ITEMS.has(key) && one.length <= WIDTH)) {
			const fold = typeof item === 'string' && one.length > WIDTH ? folded(item, indent + 4) : null;
			lines.push(...(fold ? [`${pad}  - >-`, ...fold] : [one]));
			continue;
		}
		const inner = block(item, indent + 4);
		lines.push(
			...inner.map((line, index) => (index === 0 ? `${pad}  - ${line.trimStart()}` : line)),
		);
	}
	return lines;
}

/** The frontmatter as YAML lines ending with a newline. */
export function toYaml(data: { readonly [key: string]: Value | undefined }): string {
	return `${block(data, 0).join('\n')}\n`;
}

/** Whether a line would mean something else to markdown at the start of a line. */
const MARKUP_START = /^(?:[-+*>#|=`~]|\d+[.)](?:\s|$))/;

/**
 * Wraps the paragraphs of a markdown body at 100 characters, as in the hand-written files. Only
 * plain text lines are wrapped, and never so that a new line starts with markup (a list marker,
 * a heading, a number and a dot…).
 */
export function wrapBody(body: string): string {
	return body
		.split('\n')
		.map((line) => {
			if (line.length <= WIDTH || MARKUP_START.test(line) || /\s{2}$/.test(line)) return line;
			const lines: string[] = [];
			let current = '';
			for (const word of line.split(' ')) {
				if (current && current.length + 1 + word.length > WIDTH && !MARKUP_START.test(word)) {
					lines.push(current);
					current = word;
				} else {
					current = current ? `${current} ${word}` : word;
				}
			}
			lines.push(current);
			return lines.join('\n');
		})
		.join('\n');
}

/** The whole product file: frontmatter between `---` lines, then the body. */
export function productFile(frontmatter: ProductFrontmatter, body: string): string {
	const text = wrapBody(body.trim());
	return `---\n${toYaml(frontmatter)}---\n${text ? `\n${text}\n` : ''}`;
}
