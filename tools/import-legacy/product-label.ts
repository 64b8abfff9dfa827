import type { splitLongDescription } from './description';
import type { Features } from './features';
import type { LabelOut } from './frontmatter';
import { findIngredients } from './ingredients';
import { findNutrition, fixedDose, type NutritionHints } from './nutrition';
import { decideRegime } from './regime';
import { findDailyDose, findUsage, findWarnings } from './usage';
import type { Notes } from './values';

/** The label of a food or supplement: regime, nutrition, ingredients, usage, dose, warnings. */
export function labelOf(
	features: Features,
	record: Record<string, unknown>,
	long: ReturnType<typeof splitLongDescription>,
	hints: NutritionHints,
	notes: Notes,
): LabelOut {
	const nutrition = findNutrition(
		{ features, record, description: long.nutrition, technical: true },
		hints,
		notes,
	);
	const choice = decideRegime(hints.category, nutrition);
	notes.fallback('label.regime', `${choice.regime}: ${choice.reason}`);
	const label: LabelOut = { regime: choice.regime };
	if (nutrition) {
		label.nutrition = nutrition.table;
		if (choice.regime === 'alimento' && !nutrition.kinds.includes('per100')) {
			notes.warning(
				'label.nutrition',
				'alimento senza colonna per 100 g: completare dalla confezione',
			);
		}
	} else {
		notes.fallback(
			'label.nutrition',
			'nessuna tabella leggibile: la scheda mostra «Valori nutrizionali non disponibili»',
		);
	}
	const ingredients = findIngredients(
		{ features, record, description: long, slug: hints.slug },
		notes,
	);
	if (ingredients.ingredients) label.ingredients = ingredients.ingredients;
	if (ingredients.allergens) label.allergens = ingredients.allergens;
	if (ingredients.traces) label.traces = ingredients.traces;
	const usage = findUsage({ features, record, description: long }, notes);
	if (usage) label.usage = usage;
	if (choice.regime === 'integratore') {
		const doseColumn = nutrition?.table.columns.find(
			(_column, index) => nutrition.kinds[index] === 'dose',
		);
		label.dailyDose = findDailyDose(usage, doseColumn, fixedDose(hints)?.amount, notes);
	}
	const warnings = findWarnings(features, record, notes);
	if (warnings.length) label.warnings = warnings;
	return label;
}
