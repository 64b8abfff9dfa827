import { decodeEntities, type Notes } from './values';

/**
 * The details' long description (docs/import.md): plain text, markdown or HTML, holding the product
 * story, then possibly an expert tip after a marker ('Il consiglio dell'esperto'), a nutrition
 * section (markdown pipe table, HTML `<table class="nutritional-table">` or 'label: value'
 * lines), an 'Ingredienti:' section and a usage section. This splits them apart.
 */

/** The parts of a long description. */
export interface LongDescription {
	/** The story, as markdown paragraphs (headings demoted to ###). */
	body: string;
	/** The expert tip's text, as markdown. */
	tip?: string;
	/** The nutrition section: its heading, its text lines and its HTML tables. */
	nutrition?: NutritionSection;
	/** The text of an 'Ingredienti:' section. */
	ingredients?: string;
	/** The text of a 'Modalità d'uso:' section. */
	usage?: string;
}

/** The nutrition section of a long description. */
export interface NutritionSection {
	heading?: string;
	lines: string[];
	tables: string[];
}

const OPEN = String.raw`^(?:#{1,6}\s*)?(?:\*\*|__)?\s*`;
const TIP = new RegExp(
	`${OPEN}(?:💡\\s*)?(?:il\\s+)?consiglio\\s+dell['’\`]?\\s*esperto\\b\\s*(?:\\*\\*|__)?\\s*[:.!–-]?\\s*(?:\\*\\*|__)?\\s*(.*)$`,
	'iu',
);
const NUTRITION = new RegExp(
	`${OPEN}(?:valori|informazioni|tabella|dichiarazione)\\s+nutrizional[ei]\\b`,
	'i',
);
const section = (words: string) =>
	new RegExp(`${OPEN}(?:${words})\\s*(?:\\*\\*|__)?\\s*(?::\\s*(?:\\*\\*|__)?\\s*(.*)|$)`, 'i');
const INGREDIENTS = section('ingredienti');
const USAGE = section(
	"modalit[àa]'?\\s+d['’]\\s*uso|modo\\s+d['’]\\s*uso|come\\s+si\\s+usa|uso\\s+consigliato|modalit[àa]'?\\s+di\\s+assunzione",
);
const TABLE_MARK = /^@@TABLE(\d+)@@$/;
const NUTRITION_TABLE =
	/<table\b[^>]*class\s*=\s*["'][^"']*nutritional-table[^"']*["'][^>]*>[\s\S]*?<\/table>/gi;

/** Whether a text is HTML rather than plain text or markdown. */
function isHtml(text: string): boolean {
	return /<\/?(?:p|br|div|ul|ol|li|h[1-6]|strong|b|em|i|span|table)\b/i.test(text);
}

/** The text of an inline element's HTML, tags removed, spaces collapsed; entities still encoded. */
function innerText(html: string): string {
	return html
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
}

/**
 * Decoded text made safe to stand in markdown as text: a `<` that could open a tag or a comment
 * and a `&` that could start an entity are written as entities, so text that the old site showed
 * as `<script>` stays visible text and never becomes markup.
 */
export function escapeMarkdownHtml(text: string): string {
	return text.replace(/&(?=#?[a-z0-9]+;)/gi, '&amp;').replace(/<(?=[a-z/!?])/gi, '&lt;');
}

/**
 * HTML to the markdown the product body uses: paragraphs, lists, bold, ### headings. The tags
 * of the HTML are read first (entities still encoded, so `&lt;script&gt;` is text, not a tag);
 * then the entities are decoded once, and the decoded text is escaped.
 */
export function htmlToMarkdown(html: string): string {
	const markdown = html
		.replace(/<(strong|b)\b[^>]*>([\s\S]*?)<\/\1>/gi, (_whole, _tag, inner: string) => {
			const text = innerText(inner);
			return text ? `**${text.replace(/\*\*/g, '')}**` : '';
		})
		.replace(/<(em|i)\b[^>]*>([\s\S]*?)<\/\1>/gi, (_whole, _tag, inner: string) => {
			const text = innerText(inner);
			return text ? `*${text}*` : '';
		})
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<h[1-6]\b[^>]*>/gi, '\n\n### ')
		.replace(/<\/h[1-6]>/gi, '\n\n')
		.replace(/<li\b[^>]*>/gi, '\n- ')
		.replace(
			/<\/(?:p|div|ul|ol|section|article|blockquote)>|<(?:p|div|ul|ol|section|article|blockquote)\b[^>]*>/gi,
			'\n\n',
		)
		.replace(/<[^>]+>/g, '');
	return escapeMarkdownHtml(decodeEntities(markdown))
		.split('\n')
		.map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
		.join('\n');
}

/** Joins lines into markdown paragraphs: headings demoted to ###, blank runs collapsed. */
function markdown(lines: readonly string[]): string {
	return lines
		.map((line) => line.replace(/^#{1,6}\s+/, '### '))
		.join('\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim();
}

/** Whether a line belongs to a nutrition section: a table row, a table, a 'label: value'. */
function isNutritionLine(line: string): boolean {
	return (
		line === '' ||
		TABLE_MARK.test(line) ||
		line.startsWith('|') ||
		/^(?:[-*•]\s+)?(?:\*\*)?[^:|]{2,50}?(?:\*\*)?\s*:(?:\*\*)?\s*\S.{0,60}$/.test(line)
	);
}

/** Splits a long description into story, expert tip, nutrition, ingredients and usage. */
export function splitLongDescription(value: unknown, notes: Notes): LongDescription {
	if (value === undefined || value === null || value === '') return { body: '' };
	if (typeof value !== 'string') {
		notes.warning('long_description', `tipo non previsto (${typeof value}): ignorata`);
		return { body: '' };
	}
	const tables: string[] = [];
	let text = value.replace(/\r\n?/g, '\n').replace(NUTRITION_TABLE, (table) => {
		tables.push(table);
		return `\n\n@@TABLE${tables.length - 1}@@\n\n`;
	});
	if (isHtml(text)) text = htmlToMarkdown(text);

	type Mode = 'body' | 'tip' | 'nutrition' | 'ingredients' | 'usage';
	let mode: Mode = 'body';
	const body: string[] = [];
	const tip: string[] = [];
	const ingredients: string[] = [];
	const usage: string[] = [];
	let nutrition: NutritionSection | undefined;

	const startNutrition = (heading?: string): Mode => {
		nutrition ??= { lines: [], tables: [] };
		if (heading && !nutrition.heading) nutrition.heading = heading;
		return 'nutrition';
	};

	for (const raw of text.split('\n')) {
		const line = raw.trim();
		const tipMatch = TIP.exec(line);
		const ingredientsMatch = INGREDIENTS.exec(line);
		const usageMatch = USAGE.exec(line);
		if (tipMatch) {
			mode = 'tip';
			if (tipMatch[1]) tip.push(tipMatch[1]);
			continue;
		}
		if (NUTRITION.test(line)) {
			mode = startNutrition(line.replace(/[#*_]/g, '').replace(/:\s*$/, '').trim());
			continue;
		}
		if (ingredientsMatch) {
			mode = 'ingredients';
			if (ingredientsMatch[1]) ingredients.push(ingredientsMatch[1]);
			continue;
		}
		if (usageMatch) {
			mode = 'usage';
			if (usageMatch[1]) usage.push(usageMatch[1]);
			continue;
		}
		if (mode !== 'nutrition' && (TABLE_MARK.test(line) || line.startsWith('|')))
			mode = startNutrition();
		if (mode === 'nutrition') {
			if (isNutritionLine(line)) {
				const table = TABLE_MARK.exec(line);
				if (table) nutrition?.tables.push(tables[Number(table[1])] ?? '');
				else if (line) nutrition?.lines.push(line);
				continue;
			}
			mode = 'body';
		}
		if (mode === 'ingredients' || mode === 'usage') {
			const target = mode === 'ingredients' ? ingredients : usage;
			if (line) {
				target.push(line);
				continue;
			}
			if (target.length) mode = 'body';
			continue;
		}
		(mode === 'tip' ? tip : body).push(line);
	}

	const result: LongDescription = { body: markdown(body) };
	const tipText = markdown(tip);
	if (tipText) result.tip = tipText;
	if (nutrition && (nutrition.lines.length || nutrition.tables.length))
		result.nutrition = nutrition;
	const ingredientsText = ingredients.join(' ').replace(/\s+/g, ' ').trim();
	if (ingredientsText) result.ingredients = ingredientsText;
	const usageText = usage.join(' ').replace(/\s+/g, ' ').trim();
	if (usageText) result.usage = usageText;
	return result;
}
