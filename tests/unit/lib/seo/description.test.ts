import { describe, expect, it } from 'vitest';
import { DESCRIPTION_MAX, metaDescription } from '../../../../src/lib/seo/description';

describe('metaDescription', () => {
	it('keeps a short text, with its whitespace collapsed', () => {
		expect(metaDescription('  Proteine   in polvere\n da 1 kg. ')).toBe(
			'Proteine in polvere da 1 kg.',
		);
	});

	it('cuts a long text at the last whole word that fits, with an ellipsis', () => {
		const text = `${'parola '.repeat(40)}fine`;
		const result = metaDescription(text);
		expect(result.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
		expect(result.endsWith('parola…')).toBe(true);
	});

	it('drops punctuation left before the ellipsis', () => {
		expect(metaDescription('Uno, due, tre, quattro', 12)).toBe('Uno, due…');
	});

	it('cuts inside a very long word rather than leaving almost nothing', () => {
		const result = metaDescription(`A ${'x'.repeat(300)}`, 20);
		expect(result).toHaveLength(20);
		expect(result.endsWith('…')).toBe(true);
	});
});
