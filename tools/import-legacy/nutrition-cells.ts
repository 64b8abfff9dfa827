import { asNumber, asText, isPresent, isRecord, italianNumber, pick, shorten } from './values';

/**
 * Nutrient names and cell texts of the old data: "di_cui_saturi" → "di cui acidi grassi saturi",
 * a bare 24 under proteine → "24 g", a %VNR → "150%".
 */

const NAMES: Record<string, string> = {
	energia: 'Energia',
	valore_energetico: 'Energia',
	grassi: 'Grassi',
	di_cui_saturi: 'di cui acidi grassi saturi',
	saturi: 'di cui acidi grassi saturi',
	grassi_saturi: 'di cui acidi grassi saturi',
	acidi_grassi_saturi: 'di cui acidi grassi saturi',
	di_cui_acidi_grassi_saturi: 'di cui acidi grassi saturi',
	carboidrati: 'Carboidrati',
	di_cui_zuccheri: 'di cui zuccheri',
	zuccheri: 'di cui zuccheri',
	di_cui_polioli: 'di cui polioli',
	fibre: 'Fibre',
	fibra: 'Fibre',
	fibre_alimentari: 'Fibre',
	proteine: 'Proteine',
	sale: 'Sale',
	creatina_m: 'Creatina monoidrato',
	creatina_monoidrato: 'Creatina monoidrato',
	l_carnitina: 'L-carnitina',
	omega_3: 'Omega-3',
	epa: 'EPA',
	dha: 'DHA',
};

/** Keys of a section that describe it rather than hold a nutrient. */
export const META_KEYS = new Set([
	'porzione',
	'label',
	'titolo',
	'title',
	'dose',
	'note',
	'nota',
	'unita',
	'unit',
	'serving',
	'serving_size',
	'servings_per_container',
	'porzioni',
	'ingredienti',
	'vnr',
	'valori',
]);

/** Nutrients whose bare numbers are grams. */
const GRAMS =
	/^(grassi|saturi|di_cui|carboidrati|zuccheri|fibr|proteine|sale|amido|polioli|creatina|aminoacid|glutammina|leucina|isoleucina|valina|l_)/;

export const normKey = (key: string) =>
	key
		.trim()
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '_');

/** The label name of a nutrient key: "di_cui_saturi" → "di cui acidi grassi saturi". */
export function nutrientName(key: string): string {
	const clean = key.replace(/\*\*/g, '').replace(/:\s*$/, '').trim();
	const known = NAMES[normKey(clean)];
	if (known) return known;
	if (!clean.includes('_')) return clean.charAt(0).toUpperCase() + clean.slice(1);
	const words = clean.split('_').filter(Boolean);
	let name = words
		.map((word, index) =>
			index > 0 && /^vitamina$/i.test(words[index - 1] ?? '')
				? word.toUpperCase()
				: word.toLowerCase(),
		)
		.join(' ');
	name = name.replace(/^l /, 'L-');
	return /^di cui\b/.test(name) ? name : name.charAt(0).toUpperCase() + name.slice(1);
}

/** The unit of a bare number for a nutrient key. */
function defaultUnit(key: string): string {
	const k = normKey(key);
	if (/kj$/.test(k)) return 'kJ';
	if (/^(energia|valore_energetico|kcal)/.test(k)) return 'kcal';
	return GRAMS.test(k) ? 'g' : '';
}

/** A value as printed in a cell: "24 g", "1600 kJ / 380 kcal"; undefined when empty. */
export function cellText(value: unknown, key: string, unit?: string): string | undefined {
	if (isRecord(value)) {
		const kj = value['kj'] ?? value['kJ'];
		const kcal = value['kcal'];
		if (isPresent(kj) && isPresent(kcal))
			return `${asText(kj) ?? ''} kJ / ${asText(kcal) ?? ''} kcal`;
		const inner = pick(value, ['valore', 'value', 'quantita', 'quantità', 'amount', 'qty']);
		const innerUnit = asText(pick(value, ['unita', 'unità', 'unit'])?.value);
		return inner ? cellText(inner.value, key, innerUnit ?? unit) : undefined;
	}
	if (
		typeof value === 'number' ||
		(typeof value === 'string' && /^\s*-?\d+(?:[.,]\d+)?\s*$/.test(value))
	) {
		const number = asNumber(value);
		if (number === undefined) return undefined;
		const suffix = unit ?? defaultUnit(key);
		return suffix ? `${italianNumber(number)} ${suffix}` : italianNumber(number);
	}
	// "24.5 g" → "24,5 g"; "1.000 mg" (a thousands separator) stays.
	const written = asText(value)
		?.replace(/\*\*/g, '')
		.replace(/(\d)\.(\d{1,2})(?!\d)/g, '$1,$2');
	if (!written || /^(-+|–|n\/?d|n\.d\.|null|undefined)$/i.test(written)) return undefined;
	return unit && !written.toLowerCase().includes(unit.toLowerCase())
		? `${written} ${unit}`
		: written;
}

/** A %VNR as the schema holds it: "150%". */
export function vnrText(value: unknown): string | undefined {
	const written = isRecord(value) ? undefined : asText(value);
	if (!written || /^(-+|–|n\/?d)$/i.test(written)) return undefined;
	return shorten(/%$/.test(written) ? written : `${written}%`, 12);
}
