import { describe, expect, it } from 'vitest';
import { formatDate, formatMonthYear, isoDate } from '../../../../src/lib/format/date';
import { formatPrice, schemaPrice } from '../../../../src/lib/format/price';
import { compareKeys, slugify, truncate } from '../../../../src/lib/format/text';

describe('formatPrice', () => {
	it.each([
		[3990, '39,90\u00a0€'],
		[130, '1,30\u00a0€'],
		[7099, '70,99\u00a0€'],
		[100000, '1000,00\u00a0€'],
		[5, '0,05\u00a0€'],
	])('%i cents → %s', (cents, expected) => {
		expect(formatPrice(cents)).toBe(expected);
	});
});

describe('schemaPrice', () => {
	it.each([
		[3990, '39.90'],
		[130, '1.30'],
		[4500, '45.00'],
	])('%i cents → %s', (cents, expected) => {
		expect(schemaPrice(cents)).toBe(expected);
	});
});

describe('truncate', () => {
	const exactly90 = 'a'.repeat(90);
	const over = 'b'.repeat(91);
	it.each([
		['short text', 'short text'],
		[exactly90, exactly90],
		[over, `${'b'.repeat(87)}...`],
		['  spaced  ', 'spaced'],
	])('%s', (input, expected) => {
		expect(truncate(input)).toBe(expected);
	});

	it('cuts to max - 3 characters plus the dots', () => {
		const result = truncate('x'.repeat(200));
		expect(result).toHaveLength(90);
		expect(result.endsWith('...')).toBe(true);
	});

	it('drops the space before the dots', () => {
		expect(truncate(`${'a'.repeat(86)} bcdefgh`, 90)).toBe(`${'a'.repeat(86)}...`);
	});
});

describe('slugify', () => {
	it.each([
		['Cioccolato bianco', 'cioccolato-bianco'],
		['900 g', '900-g'],
		['Caffè & Nocciola', 'caffe-nocciola'],
		['  S  ', 's'],
		["Valle d'Aosta", 'valle-d-aosta'],
	])('%s → %s', (input, expected) => {
		expect(slugify(input)).toBe(expected);
	});
});

describe('dates', () => {
	it.each([
		['2026-11-01', '1 novembre 2026'],
		['2025-04-01', '1 aprile 2025'],
		['2026-12-31T23:30:00Z', '1 gennaio 2027'],
	])('%s → %s in Rome', (input, expected) => {
		expect(formatDate(new Date(input))).toBe(expected);
	});

	it('writes month and year', () => {
		expect(formatMonthYear(new Date('2025-04-01'))).toBe('aprile 2025');
	});

	it('gives the ISO day', () => {
		expect(isoDate(new Date('2026-11-01'))).toBe('2026-11-01');
	});
});

describe('compareKeys', () => {
	it.each([
		['2026-04-05', '2026-12-25', -1],
		['2026-12-25', '2026-04-05', 1],
		['2026-01-09', '2026-01-10', -1],
		['2027-01-01', '2026-12-31', 1],
		['2026-08-15', '2026-08-15', 0],
		['2345AB', 'ABCDEF', -1],
		['ZZZZZ9', 'ZZZZZA', -1],
		['K7M2QX', 'K7M2QX', 0],
		['XYZ234', 'XYZ223', 1],
	])('%s against %s: %i, as localeCompare orders them', (a, b, expected) => {
		expect(compareKeys(a, b)).toBe(expected);
		expect(Math.sign(a.localeCompare(b))).toBe(expected);
	});
});
