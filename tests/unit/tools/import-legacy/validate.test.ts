import { describe, expect, it } from 'vitest';
import type { ConvertedProduct, ProductFrontmatter } from '../../../../tools/import-legacy/product';
import { checkConverted, productFileProblems } from '../../../../tools/import-legacy/validate';

/** A converted product that builds, changed by `edit`. */
function converted(edit: (frontmatter: ProductFrontmatter) => void = () => {}): ConvertedProduct {
	const frontmatter: ProductFrontmatter = {
		name: 'Creatina Monoidrato',
		brand: 'Nordika Nutrition',
		category: 'aminoacidi-e-creatina',
		description: 'Creatina monoidrato micronizzata, 3 g per dose, senza aromi.',
		highlights: ['3 g per dose', 'Senza aromi'],
		variants: [
			{ size: '300 g', price: 19.9 },
			{ size: '500 g', price: 27.9 },
		],
		label: { regime: 'integratore', usage: 'Una dose al giorno.', dailyDose: '3 g' },
	};
	edit(frontmatter);
	return {
		status: 'converted',
		slug: 'creatina-monoidrato',
		category: 'aminoacidi-e-creatina',
		frontmatter,
		stock: [],
		body: 'Testo lungo.',
		notes: [],
	};
}

/** Sets a field to a value its type does not allow. */
const set = (field: string, value: unknown) => (frontmatter: ProductFrontmatter) => {
	(frontmatter as unknown as Record<string, unknown>)[field] = value;
};

describe('the importer checks every file with the product schema', () => {
	it('writes a product that builds as it is, without notes', () => {
		const result = checkConverted(converted());
		expect(result.status).toBe('ok');
		expect(result.notes).toEqual([]);
		if (result.status === 'ok') expect(productFileProblems(result.text)).toEqual([]);
	});

	it.each([
		['an unknown badge', set('badges', ['super-offerta']), 'badges', /«badges» deve essere uno di/],
		['a ribbon it does not know', set('ribbon', 'saldi'), 'ribbon', /«ribbon» deve essere uno di/],
		['an offer too long', set('offer', 'x'.repeat(200)), 'offer', /al massimo 80 caratteri/],
		[
			'an empty highlight among others',
			(frontmatter: ProductFrontmatter) => frontmatter.highlights?.push(''),
			'highlights.2',
			/non può essere vuoto/,
		],
		[
			'a variant with a zero price among others',
			(frontmatter: ProductFrontmatter) => {
				const [first] = frontmatter.variants;
				if (first) first.price = 0;
			},
			'variants.0',
			/maggiore di zero/,
		],
		[
			'a label field the schema refuses',
			(frontmatter: ProductFrontmatter) => {
				if (frontmatter.label) frontmatter.label.usage = '';
			},
			'label.usage',
			/non può essere vuoto/,
		],
	])('repairs %s by dropping it, and reports the repair', (_case, edit, field, message) => {
		const result = checkConverted(converted(edit));
		expect(result.status).toBe('ok');
		expect(result.notes.map((note) => [note.kind, note.field])).toEqual([['warning', field]]);
		expect(result.notes[0]?.message).toMatch(message);
		if (result.status === 'ok') expect(productFileProblems(result.text)).toEqual([]);
	});

	it.each([
		['a name too long', set('name', 'N'.repeat(120)), /name: «name» può avere al massimo 80/],
		[
			'a description too short',
			set('description', 'Breve.'),
			/description: «description» deve avere almeno 20/,
		],
		[
			'its only variant without a price',
			(frontmatter: ProductFrontmatter) => {
				frontmatter.variants = [{ size: '300 g', price: -1 }];
			},
			/variants\.0\.price: «variants\.price» deve essere maggiore di zero/,
		],
		['a category that is not a file name', set('category', 'Aminoacidi e Creatina'), /category:/],
		[
			'a supplement without its daily dose (a rule asks for a field that is not there)',
			(frontmatter: ProductFrontmatter) => {
				if (frontmatter.label) delete frontmatter.label.dailyDose;
			},
			/label\.dailyDose: .*dose giornaliera/,
		],
	])('skips a product with %s, with the schema’s Italian message', (_case, edit, message) => {
		const result = checkConverted(converted(edit));
		expect(result.status).toBe('skipped');
		if (result.status === 'skipped') {
			expect(result.reason).toMatch(/^il file non supererebbe i controlli del sito: /);
			expect(result.reason).toMatch(message);
		}
	});

	it('reads the file as the build does: a frontmatter that is not YAML is a problem', () => {
		expect(productFileProblems('---\nname: [senza chiusura\n---\n')[0]?.line).toMatch(
			/^YAML non leggibile/,
		);
		expect(productFileProblems('solo testo')[0]?.line).toBe('intestazione YAML mancante');
	});
});
