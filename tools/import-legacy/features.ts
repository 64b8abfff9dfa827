import { isRecord, looksLikeJson, parseJson, type Notes } from './values';

/**
 * The details' `features` (docs/import.md): a list of text lines with bold section headings
 * (`**INGREDIENTI:** …`), an object (nutritionalHighlights, modalita_uso, ingredienti…), the same
 * object as a JSON string, or text lines among which a line holds JSON.
 */

/** A section of the feature text: its heading and the lines under it. */
export interface FeatureSection {
	heading: string;
	lines: string[];
}

/** The features, whatever shape they came in. */
export interface Features {
	/** Keys of the features object (and of JSON lines among the text lines). */
	data: Record<string, unknown>;
	/** Text lines before the first heading. */
	intro: string[];
	/** Sections under headings, in order. */
	sections: FeatureSection[];
}

/** `**HEADING:** rest`, `**Heading**: rest`, `### Heading` or `HEADING:` on a line of its own. */
export function parseHeading(line: string): { heading: string; rest: string } | null {
	const bold = /^\s*(?:[-*•]\s+)?\*\*\s*([^*]+?)\s*\*\*\s*(:?)\s*(.*)$/.exec(line);
	if (bold) {
		const [, inner = '', colon, rest = ''] = bold;
		const heading = inner.replace(/:$/, '').trim();
		const letters = heading.replace(/[^\p{L}]/gu, '');
		const upper = letters.length >= 3 && letters === letters.toUpperCase();
		// "**Energia:** 1600 kJ" is a value line, "**INGREDIENTI:** Proteine…" a heading.
		if (!upper && /^[<≤~]?\s*\d/.test(rest)) return null;
		if (inner.endsWith(':') || colon || upper) return { heading, rest: rest.trim() };
		return null;
	}
	const markdown = /^\s*#{1,6}\s+(.+?)\s*:?\s*$/.exec(line);
	if (markdown?.[1]) return { heading: markdown[1].replace(/\*\*/g, ''), rest: '' };
	const plain = /^\s*([\p{Lu}][\p{Lu}\s'’/()-]{3,}):\s*(.*)$/u.exec(line);
	if (plain?.[1]) return { heading: plain[1].trim(), rest: (plain[2] ?? '').trim() };
	return null;
}

/** Splits text lines into the lines before any heading and the sections under headings. */
export function parseSections(lines: readonly string[]): Omit<Features, 'data'> {
	const intro: string[] = [];
	const sections: FeatureSection[] = [];
	let current: FeatureSection | null = null;
	for (const line of lines.flatMap((text) => text.split(/\r?\n/))) {
		const heading = parseHeading(line);
		if (heading) {
			current = { heading: heading.heading, lines: heading.rest ? [heading.rest] : [] };
			sections.push(current);
		} else if (line.trim()) {
			(current ? current.lines : intro).push(line.trim());
		}
	}
	return { intro, sections };
}

/** Reads the details' features in any of their shapes; broken JSON gives a warning. */
export function parseFeatures(value: unknown, notes: Notes): Features {
	const data: Record<string, unknown> = {};
	const lines: string[] = [];
	const add = (item: unknown, depth: number): void => {
		if (item === undefined || item === null) return;
		if (typeof item === 'string') {
			if (looksLikeJson(item)) {
				const parsed = parseJson(item);
				if (parsed.ok && depth < 3) add(parsed.value, depth + 1);
				else if (!parsed.ok) {
					notes.warning('features', `JSON non leggibile (${parsed.error}): parte ignorata`);
				}
			} else {
				lines.push(item);
			}
		} else if (Array.isArray(item)) {
			for (const element of item) add(element, depth);
		} else if (isRecord(item)) {
			Object.assign(data, item);
		} else if (typeof item === 'number') {
			lines.push(String(item));
		} else {
			notes.warning('features', `valore di tipo ${typeof item} ignorato`);
		}
	};
	if (
		value !== undefined &&
		value !== null &&
		typeof value !== 'string' &&
		typeof value !== 'object'
	) {
		notes.warning('features', `tipo non previsto (${typeof value}): ignorato`);
	} else {
		add(value, 0);
	}
	return { data, ...parseSections(lines) };
}

/** The first section whose heading matches `pattern` and not `unless`. */
export function findSection(
	features: Pick<Features, 'sections'>,
	pattern: RegExp,
	unless?: RegExp,
): FeatureSection | undefined {
	return features.sections.find(
		(section) => pattern.test(section.heading) && !unless?.test(section.heading),
	);
}

/** A line without its bullet marker. */
export function stripBullet(line: string): string {
	return line.replace(/^\s*(?:[-*•–]|\d+[.)])\s+/, '').trim();
}

/** The text of a section as one paragraph. */
export function sectionText(section: FeatureSection): string {
	return section.lines.map(stripBullet).join(' ').replace(/\s+/g, ' ').trim();
}
