import { describe, expect, it } from 'vitest';
import { stockLine } from '../../src/lib/catalogue/stock-line';

const SHOPS = [
	{ id: 'torino', shortName: 'Sede Torino' },
	{ id: 'aosta', shortName: 'Sede Aosta' },
];

describe('stockLine', () => {
	it.each([
		[{ torino: 5, aosta: 2 }, 'Sede Torino: 5 disponibili · Sede Aosta: 2 disponibili', true],
		[{ torino: 1, aosta: 0 }, 'Sede Torino: 1 disponibile · Sede Aosta: non disponibile', true],
		[{ aosta: 3 }, 'Sede Torino: non disponibile · Sede Aosta: 3 disponibili', true],
		[{}, 'Sede Torino: non disponibile · Sede Aosta: non disponibile', false],
		[{ torino: -4, aosta: 0 }, 'Sede Torino: non disponibile · Sede Aosta: non disponibile', false],
	])('%j → %s', (stock, text, inStock) => {
		expect(stockLine({ stock }, SHOPS)).toEqual({ text, inStock });
	});

	it('is empty without shops', () => {
		expect(stockLine({ stock: { torino: 2 } }, [])).toEqual({ text: '', inStock: false });
	});
});
