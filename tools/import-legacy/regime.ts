import type { Regime } from '../../src/lib/content/product-schema';
import type { ParsedNutrition } from './nutrition';
import { isSupplementCategory } from './supplement-categories';

/**
 * Which labelling rules an imported product follows (docs/import.md). The old data does not
 * say, so the table's shape decides first and the category second:
 *
 * 1. a %VNR column or values per dose (per_dose, per softgel, per N compresse) → integratore;
 * 2. a per 100 g / 100 ml column with energy and fats or carbohydrates → alimento;
 * 3. otherwise the category: supplementi, aminoacidi-e-creatina, dimagranti → integratore;
 *    proteine, alimenti-fit, pre-workout-energetici → alimento.
 */

/** The regime and the reason it was chosen, for the import report. */
export interface RegimeChoice {
	regime: Regime;
	reason: string;
}

/** Decides integratore or alimento from the nutrition table's shape and the category. */
export function decideRegime(
	category: string,
	nutrition: Pick<ParsedNutrition, 'table' | 'kinds'> | null,
): RegimeChoice {
	if (nutrition) {
		const { table, kinds } = nutrition;
		if (table.rows.some((row) => row.vnr !== undefined)) {
			return { regime: 'integratore', reason: 'la tabella ha la colonna %VNR' };
		}
		if (kinds.includes('dose')) {
			return { regime: 'integratore', reason: 'la tabella dà i valori per dose' };
		}
		const names = table.rows.map((row) => row.nutrient.toLowerCase());
		if (
			kinds.includes('per100') &&
			names.includes('energia') &&
			(names.includes('grassi') || names.includes('carboidrati'))
		) {
			return {
				regime: 'alimento',
				reason: 'tabella per 100 g/ml con energia, grassi e carboidrati',
			};
		}
	}
	return isSupplementCategory(category)
		? { regime: 'integratore', reason: `categoria ${category}` }
		: { regime: 'alimento', reason: `categoria ${category}` };
}
