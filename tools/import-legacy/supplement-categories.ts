/**
 * The categories whose products default to food supplements, shared by the label rules
 * (regime.ts, rule 3) and the nutrition columns (a serving of a supplement is its daily dose).
 * A module of its own so that neither imports the other.
 */
const SUPPLEMENT_CATEGORIES: readonly string[] = [
	'supplementi',
	'aminoacidi-e-creatina',
	'dimagranti',
];

/** Whether values of this category are given per daily dose (food supplements). */
export function isSupplementCategory(category: string): boolean {
	return SUPPLEMENT_CATEGORIES.includes(category);
}
