// @ts-check
// The colours of a pack, from the colour words of its photo's alt text and from the flavour.
import { C, STYLES } from '../palette.mjs';
import { inkOn, isDark, pick, random } from '../svg.mjs';

/** Colour words of the alt texts (longest first, so that "blu notte" wins over "blu"). */
/** @type {ReadonlyArray<readonly [string, string]>} */
const COLOUR_WORDS = [
	['blu notte', '#1e1b4b'],
	['blu scuro', '#172554'],
	['blu navy', '#1e3a8a'],
	['rosso scuro', '#7f1d1d'],
	['verde acqua', '#14b8a6'],
	['verde scuro', '#166534'],
	['marrone chiaro', '#c08a5a'],
	['color sabbia', '#d6c6a5'],
	['color crema', '#f3e5ab'],
	['nero', '#18181b'],
	['nera', '#18181b'],
	['neri', '#18181b'],
	['nere', '#18181b'],
	['bianco', '#f8fafc'],
	['bianca', '#f8fafc'],
	['giallo', '#facc15'],
	['gialla', '#facc15'],
	['gialle', '#facc15'],
	['rosso', '#dc2626'],
	['rossa', '#dc2626'],
	['verde', '#16a34a'],
	['viola', '#7c3aed'],
	['arancione', '#f97316'],
	['azzurro', '#38bdf8'],
	['azzurra', '#38bdf8'],
	['azzurri', '#38bdf8'],
	['blu', '#1d4ed8'],
	['ambrato', '#b45309'],
	['marrone', '#78350f'],
	['grigio', '#71717a'],
	['grigia', '#71717a'],
	['rosa', '#f472b6'],
	['argento', '#cbd5e1'],
	['dorato', '#d4a017'],
	['dorate', '#d4a017'],
	['trasparente', '#e0f2fe'],
];

/** Words that say which part of the pack the next colour paints. */
const ROLE_WORDS = {
	lid: ['tappo', 'coperchio'],
	label: ['etichetta'],
	band: ['fascia', 'cerniere', 'logo'],
};
/** @typedef {keyof typeof ROLE_WORDS} Role */
const ROLES = /** @type {Role[]} */ (Object.keys(ROLE_WORDS));

/**
 * @typedef {{ body: string, lid: string, panel: string, band: string, ink: string }} PackColours
 */

/**
 * The colours an alt text names, by role: "Barattolo nero con coperchio giallo" gives a black
 * body and a yellow lid; a colour after "e" ("bianco e blu") is the label's.
 * @param {string} alt
 */
function altColours(alt) {
	const words = alt
		.toLowerCase()
		.replace(/[^a-zàèéìòù' ]+/g, ' ')
		.split(/\s+/)
		.filter(Boolean);
	/** @type {Partial<Record<'body' | Role, string>>} */
	const found = {};
	for (let i = 0; i < words.length; i++) {
		const match = COLOUR_WORDS.find(([name]) => {
			const parts = name.split(' ');
			return parts.every((part, k) => words[i + k] === part);
		});
		if (!match) continue;
		const previous = words[i - 1];
		/** @type {'body' | Role | undefined} */
		let role = ROLES.find((key) => previous !== undefined && ROLE_WORDS[key].includes(previous));
		if (!role) role = /** @type {const} */ (['body', 'label', 'band']).find((key) => !found[key]);
		if (role && !found[role]) found[role] = match[1];
		i += match[0].split(' ').length - 1;
	}
	return found;
}

/**
 * The colours of one pack: alt colours first, then the flavour, then the brand's scheme.
 * @param {import('../products.mjs').PackInfo} info
 * @returns {PackColours}
 */
export function packColours(info) {
	const named = altColours(info.colourAlt);
	const scheme = pick(random(info.brand), STYLES);
	const body = named.body ?? scheme.body;
	const lid =
		named.lid ?? (named.band && named.label ? named.band : isDark(body) ? C.yellow : C.night);
	const panel =
		info.flavourColour && info.labelFromFlavour
			? info.flavourColour
			: (named.label ?? (isDark(body) ? C.white : body));
	const band = named.band ?? info.flavourColour ?? lid;
	return { body, lid, panel, band, ink: inkOn(panel) };
}
