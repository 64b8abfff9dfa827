import { findSection, sectionText, stripBullet, type Features } from './features';
import { asList, asText, htmlText, isRecord, pick, shorten, unwrapJson } from './values';
import type { Notes } from './values';

/**
 * The texts of a product card and its boxes: the description, the 'Caratteristiche' points and
 * the technical specs of a non-food product.
 */

/** Plain text for cards: markdown and HTML marks removed. */
export function plainText(text: string): string {
	return htmlText(text)
		.replace(/\*\*|__|^#+\s*/g, '')
		.replace(/\s+/g, ' ')
		.trim();
}

/** Sentences of `text` that fit in `max` characters (at least a shortened first one). */
function fitSentences(text: string, max: number): string {
	if (text.length <= max) return text;
	let out = '';
	for (const sentence of text.split(/(?<=[.!?])\s+/)) {
		if ((out ? `${out} ${sentence}` : sentence).length > max) break;
		out = out ? `${out} ${sentence}` : sentence;
	}
	return out.length >= 20 ? out : shorten(text, max);
}

/** The card description (20 to 300 characters): the short one, else the long one's start. */
export function describe(
	record: Record<string, unknown>,
	body: string,
	name: string,
	brand: string,
	notes: Notes,
): string {
	const short = asText(
		pick(record, ['description', 'short_description', 'shortDescription'])?.value,
	);
	let text = short ? plainText(short) : '';
	if (!text) {
		const first = body.split(/\n\s*\n/).find((paragraph) => !paragraph.startsWith('#'));
		text = first ? plainText(first) : '';
		if (text)
			notes.fallback('description', 'descrizione breve mancante: presa dalla descrizione lunga');
	}
	if (text.length > 300) {
		text = fitSentences(text, 300);
		notes.fallback('description', 'descrizione breve oltre 300 caratteri: accorciata');
	}
	if (text.length < 20) {
		const generic = `${name} di ${brand}${text ? `: ${text}` : '.'}`;
		text = generic.length >= 20 ? generic : `${generic} Chiedi informazioni nei nostri negozi.`;
		notes.fallback(
			'description',
			'descrizione breve mancante o troppo corta: testo generico da rivedere',
		);
	}
	return shorten(text, 300);
}

/** A list of short texts from a list, a JSON list, or lines of text. */
function textList(value: unknown, notes: Notes, field: string): string[] {
	const data = unwrapJson(value, field, notes);
	const items = typeof data === 'string' ? data.split(/\r?\n|;\s*/) : asList(data);
	return items.flatMap((item) => {
		if (isRecord(item)) {
			const label = asText(pick(item, ['label', 'nome', 'titolo', 'title'])?.value);
			const text = asText(pick(item, ['value', 'valore', 'testo', 'text'])?.value);
			return label && text ? [`${label}: ${text}`] : text ? [text] : [];
		}
		if (typeof item !== 'string') {
			notes.warning(field, `valore di tipo ${typeof item} ignorato`);
			return [];
		}
		const text = asText(item);
		return text ? [stripBullet(text).replace(/\*\*/g, '')] : [];
	});
}

/**
 * The 'Caratteristiche' points: nutritionalHighlights, else (food products) caratteristiche, a
 * CARATTERISTICHE section or the feature lines before any heading.
 */
export function highlightsOf(
	features: Features,
	record: Record<string, unknown>,
	food: boolean,
	notes: Notes,
): string[] {
	const own =
		pick(features.data, ['nutritionalHighlights', 'nutritional_highlights', 'highlights']) ??
		pick(record, ['nutritionalHighlights', 'highlights']);
	let items = own ? textList(own.value, notes, own.key) : [];
	if (!items.length && food) {
		const caratteristiche = features.data['caratteristiche'];
		const section = findSection(features, /caratteristic|punti di forza/i, /tecnic/i);
		items =
			caratteristiche !== undefined && !isRecord(caratteristiche)
				? textList(caratteristiche, notes, 'caratteristiche')
				: (section?.lines.map((line) => stripBullet(line).replace(/\*\*/g, '')) ?? []);
	}
	if (!items.length && food) {
		// Feature lines before any heading are the old site's bullet points.
		items = features.intro
			.map((line) => stripBullet(line).replace(/\*\*/g, ''))
			.filter((line) => line.length <= 120);
	}
	return [...new Set(items.filter(Boolean).map((item) => shorten(item, 120)))].slice(0, 8);
}

/** Technical specs of a non-food product: caratteristiche_tecniche, caratteristiche, sections. */
export function specsOf(
	features: Features,
	record: Record<string, unknown>,
	notes: Notes,
): { label: string; value: string }[] {
	const found =
		pick(features.data, ['caratteristiche_tecniche', 'caratteristiche']) ??
		pick(record, ['caratteristiche_tecniche', 'caratteristiche']);
	const data = found ? unwrapJson(found.value, found.key, notes) : undefined;
	let pairs: [string, string][] = [];
	if (isRecord(data)) {
		pairs = Object.entries(data).flatMap(([label, value]): [string, string][] => {
			const text = Array.isArray(value)
				? value
						.map((item) => asText(item))
						.filter(Boolean)
						.join(', ')
				: asText(value);
			return text ? [[label.replace(/_/g, ' '), text]] : [];
		});
	} else if (data !== undefined) {
		pairs = textList(data, notes, found?.key ?? 'caratteristiche').flatMap(
			(line): [string, string][] => {
				const match = /^([^:]{2,60}):\s*(.+)$/.exec(line);
				return match?.[1] && match[2] ? [[match[1], match[2]]] : [];
			},
		);
	}
	if (!pairs.length) {
		pairs = features.sections
			.filter((section) => !/ingredient|valori|nutriz/i.test(section.heading))
			.map((section): [string, string] => [section.heading, sectionText(section)])
			.filter(([, value]) => value);
	}
	return pairs.map(([label, value]) => ({
		label: shorten(label.charAt(0).toUpperCase() + label.slice(1).toLowerCase(), 60),
		value: shorten(value, 200),
	}));
}
