import { SUPPLEMENT_STATEMENTS } from '../../src/lib/catalogue/label';
import type { LongDescription } from './description';
import { findSection, sectionText, stripBullet, type Features } from './features';
import { asList, asText, htmlText, isRecord, pick, type Notes } from './values';

/**
 * How to use a product (the usage tab), its recommended daily dose and its own warnings.
 */

/** Where to look for usage texts. */
export interface UsageSources {
	features: Features;
	record: Record<string, unknown>;
	description: LongDescription;
}

/** A usage-like value as one line of text (lists joined, HTML stripped). */
function plain(value: unknown): string | undefined {
	if (Array.isArray(value)) {
		const parts = value.map(plain).filter(Boolean);
		return parts.length ? parts.join(' ') : undefined;
	}
	if (isRecord(value))
		return plain(pick(value, ['testo', 'text', 'descrizione', 'description'])?.value);
	const text = asText(value);
	return text && /<[a-z][^>]*>/i.test(text) ? htmlText(text).replace(/\*\*/g, '') : text;
}

/**
 * The usage text: the feature text after a heading containing MODALITÀ or USO, else the
 * modalita_uso / usage fields, how_to_use, the long description's usage section; none gives the
 * page's default 'Seguire le indicazioni riportate sulla confezione.'.
 */
export function findUsage(sources: UsageSources, notes: Notes): string | undefined {
	const { features, record, description } = sources;
	const section = findSection(
		features,
		/modalit|(?<![\p{L}])uso(?![\p{L}])|utilizzo|assunzione/iu,
		/ingredient/i,
	);
	const candidates = [
		section ? sectionText(section) : undefined,
		pick(features.data, ['modalita_uso', 'modalitaUso', 'modalità_uso', 'modo_uso', 'usage'])
			?.value,
		pick(record, ['how_to_use', 'howToUse', 'modalita_uso', 'usage'])?.value,
		features.data['how_to_use'],
		description.usage,
	];
	for (const candidate of candidates) {
		const text = plain(candidate);
		if (text) return text;
	}
	notes.fallback(
		'label.usage',
		"modo d'uso mancante: la scheda mostra «Seguire le indicazioni riportate sulla confezione.»",
	);
	return undefined;
}

const DOSE_UNITS =
	'compress[ae]|capsul[ae]|softgel|perl[ae]|misurin[io]|bustin[ae]|fial[ae]|gocce|tavolett[ae]|dos[ei]|barrett[ae]|g|ml|mg';

/**
 * The recommended daily dose: from a fixed note of the old site, from "… 2 compresse al giorno" in
 * the usage text, or from a per-dose column of the table. Supplements need one:
 * without it a placeholder pointing to the pack is written and reported.
 */
export function findDailyDose(
	usage: string | undefined,
	doseColumn: string | undefined,
	fixedAmount: string | undefined,
	notes: Notes,
): string {
	const daily = new RegExp(
		`\\b((?:\\d+(?:[.,]\\d+)?(?:\\s*-\\s*\\d+)?|una?|due|tre|quattro|cinque)\\s*(?:${DOSE_UNITS}))\\b[^.]{0,60}?\\bal\\s+giorno`,
		'i',
	).exec(usage ?? '');
	if (daily?.[1]) return `${daily[1]} al giorno`;
	if (fixedAmount) return `1 dose (${fixedAmount}) al giorno`;
	const column = doseColumn ? /\(([^)]+)\)/.exec(doseColumn)?.[1] : undefined;
	if (column) {
		notes.fallback('label.dailyDose', `dose giornaliera dedotta dalla tabella: ${column}`);
		return `${column} al giorno`;
	}
	notes.fallback(
		'label.dailyDose',
		'dose giornaliera non trovata: indicato «Vedi confezione», da completare',
	);
	return 'Vedi confezione';
}

/** The three statements the site adds to every supplement, and close variants of them. */
const STATEMENTS = [
	...SUPPLEMENT_STATEMENTS,
	/non superare la dose/i,
	/portata dei bambini/i,
	/sostitut\w* di una dieta/i,
];

/** The product's own warnings (avvertenze), without the statements the site adds by itself. */
export function findWarnings(
	features: Features,
	record: Record<string, unknown>,
	notes: Notes,
): string[] {
	const section = findSection(features, /avvertenz/i);
	const value =
		section?.lines ??
		pick(features.data, ['avvertenze', 'warnings'])?.value ??
		record['avvertenze'];
	const lines = asList(value)
		.flatMap((item) => (plain(item) ?? '').split(/(?<=\.)\s+(?=\p{Lu})/u))
		.map((line) => stripBullet(line).replace(/\*\*/g, '').trim())
		.filter(Boolean);
	const own = lines.filter(
		(line) =>
			!STATEMENTS.some((statement) =>
				typeof statement === 'string' ? statement === line : statement.test(line),
			),
	);
	if (own.length < lines.length) {
		notes.fallback(
			'label.warnings',
			`${lines.length - own.length} avvertenze obbligatorie tolte: le aggiunge il sito`,
		);
	}
	return [...new Set(own)];
}
