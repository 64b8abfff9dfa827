import { describe, expect, it } from 'vitest';
import { fold, searchAliases } from '../../../../src/lib/search/aliases';

describe('searchAliases', () => {
	it.each<[string[], string[]]>([
		[['Crema Proteica Spalmabile'], ['proteine']],
		[['Shake Linea Proteine e Fibre'], ['proteiche']],
		[['Protein Bar 50%'], ['proteiche']],
		[['Whey', '25 g di proteine, ricca di aminoacidi proteici'], []],
		[['Creatina Monoidrato', 'Pura, micronizzata'], []],
		[['PROTEÌNA'], ['proteiche']],
		[['Barretta proteica', 'Ricca di proteine'], []],
		[[], []],
	])('%j → %j', (texts, expected) => {
		expect(searchAliases(texts)).toEqual(expected);
	});
});

describe('fold', () => {
	it.each([
		['Caffè', 'caffe'],
		['Perché PIÙ', 'perche piu'],
		['whey', 'whey'],
	])('%s → %s', (text, expected) => {
		expect(fold(text)).toBe(expected);
	});
});
