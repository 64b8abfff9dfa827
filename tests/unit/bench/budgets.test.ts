import { describe, expect, it } from 'vitest';
import budgets from '../../../bench/budgets.json';
import { checkBudgets, describeBreach, type PageBytes } from '../../helpers/budgets';

const page = (overrides: Partial<PageBytes>): PageBytes => ({
	page: '/prodotti/proteine/whey',
	kind: 'product',
	js: 10_000,
	css: 10_000,
	html: 12_000,
	lcpImage: 25_000,
	...overrides,
});

describe('checkBudgets', () => {
	it('passes a page within every budget', () => {
		expect(checkBudgets(page({}), budgets.bytes)).toEqual([]);
	});

	it.each([
		['JavaScript', { js: 30_000 }, 20_480],
		['CSS', { css: 16_000 }, 15_360],
		['HTML', { html: 15_000 }, 14_336],
		['immagine LCP', { lcpImage: 31_000 }, 30_720],
	] as const)('fails a page over the %s budget and says by how much', (what, overrides, budget) => {
		const breaches = checkBudgets(page(overrides), budgets.bytes);
		expect(breaches).toEqual([expect.objectContaining({ what, budget })]);
		expect(describeBreach(breaches[0]!)).toMatch(
			new RegExp(`${what} .* \\(over by \\d+\\.\\d KB\\)$`),
		);
	});

	it('reports every broken budget of a page', () => {
		expect(checkBudgets(page({ js: 1e6, css: 1e6 }), budgets.bytes)).toHaveLength(2);
	});
});
