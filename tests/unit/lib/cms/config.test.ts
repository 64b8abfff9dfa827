import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildCmsConfig, collectionRules } from '../../../../src/lib/cms/config';
import type { CmsField } from '../../../../src/lib/cms/fields';
import { productUi } from '../../../../src/lib/cms/labels';
import { rulesOf, type Rule } from '../../../../src/lib/cms/schema-rules';
import { record, text } from '../../../../src/lib/content/fields';

const lists = {
	categories: [
		{ value: 'proteine', label: 'Proteine' },
		{ value: 'supplementi', label: 'Supplementi' },
	],
	shops: [
		{ value: 'torino', label: 'Sede Torino' },
		{ value: 'aosta', label: 'Sede Aosta' },
	],
};
const options = { ...lists, repo: 'vigorsport/sito', branch: 'main', companyName: 'Vigor Sport' };

type Collection = { name: string; fields?: CmsField[]; files?: { fields: CmsField[] }[] };

function collection(config: Record<string, unknown>, name: string): CmsField[] {
	const found = (config['collections'] as Collection[]).find((c) => c.name === name);
	if (!found) throw new Error(`no collection ${name}`);
	return found.fields ?? found.files?.[0]?.fields ?? [];
}

/** The CMS field at a dotted path ("variants.price"). */
function fieldAt(fields: CmsField[], path: string): CmsField {
	const [head, ...rest] = path.split('.');
	const field = fields.find((f) => f.name === head);
	if (!field) throw new Error(`no field ${path}`);
	if (rest.length === 0) return field;
	const sub = (field['fields'] as CmsField[] | undefined) ?? [field['field'] as CmsField];
	return fieldAt(sub, rest.join('.'));
}

/**
 * Every schema rule against the CMS field made for it: the same name, required or not, and the
 * same bounds. Returns the disagreements, each with its path.
 */
function disagreements(rule: Rule, field: CmsField, path: string): string[] {
	const out: string[] = [];
	const same = (what: string, a: unknown, b: unknown) => {
		if (a !== b) out.push(`${path}: ${what} ${String(a)} nello schema, ${String(b)} nel CMS`);
	};
	same('obbligatorio', rule.required, field['required']);
	switch (rule.kind) {
		case 'string':
			if (rule.min !== undefined && rule.min > 1) same('minimo', rule.min, field['minlength']);
			if (rule.max !== undefined && field['widget'] !== 'select') {
				same('massimo', rule.max, field['maxlength']);
			}
			break;
		case 'number':
			same('massimo', rule.max, field['max']);
			if (!rule.positive) same('minimo', rule.min, field['min']);
			else if (!((field['min'] as number) > 0)) out.push(`${path}: deve essere maggiore di zero`);
			same('intero', rule.int ? 'int' : 'float', field['value_type']);
			break;
		case 'list':
			same('minimo', rule.min, field['min']);
			same('massimo', rule.max, field['max']);
			if (rule.of.kind === 'object') {
				out.push(...objectDisagreements(rule.of.fields, field['fields'] as CmsField[], path));
			}
			break;
		case 'object':
			out.push(...objectDisagreements(rule.fields, field['fields'] as CmsField[], path));
			break;
		default:
			break;
	}
	return out;
}

function objectDisagreements(
	rules: Readonly<Record<string, Rule>>,
	fields: CmsField[],
	path: string,
): string[] {
	const out: string[] = [];
	const names = new Set(fields.map((f) => f.name));
	for (const [name, rule] of Object.entries(rules)) {
		const field = fields.find((f) => f.name === name);
		if (!field) out.push(`${path}.${name}: manca nel CMS`);
		else out.push(...disagreements(rule, field, `${path}.${name}`));
		names.delete(name);
	}
	for (const name of names) out.push(`${path}.${name}: sconosciuto allo schema`);
	return out;
}

describe('the editor configuration (src/lib/cms/config.ts)', () => {
	const { config, problems } = buildCmsConfig(options);
	const rules = collectionRules();

	it('has a CMS field for every schema field and nothing else', () => {
		expect(problems).toEqual([]);
	});

	it.each([
		['prodotti', rules.products, ['body']],
		['categorie', rules.categories, []],
		['negozi', rules.shops, []],
		['pagine', rules.pages, ['body']],
		['impostazioni', rules.settings, []],
	] as const)('%s: same fields, required and bounds as its schema', (name, rule, extra) => {
		if (rule.kind !== 'object') throw new Error('not an object');
		const fields = collection(config, name).filter(
			(f) => !(extra as readonly string[]).includes(f.name),
		);
		expect(objectDisagreements(rule.fields, fields, name)).toEqual([]);
	});

	it('offers no stock field: the pieces are kept at the counter, not in content', () => {
		const variant = fieldAt(collection(config, 'prodotti'), 'variants');
		const names = (variant['fields'] as CmsField[]).map((field) => field.name);
		expect(names).toContain('price');
		expect(names).not.toContain('stock');
	});

	it('is a valid Sveltia CMS configuration (its own JSON schema)', () => {
		const schema = JSON.parse(
			readFileSync('node_modules/@sveltia/cms/schema/sveltia-cms.json', 'utf8'),
		) as object;
		const ajv = new Ajv({ strict: false, allErrors: true });
		const valid = ajv.validate(schema, config);
		expect(ajv.errors ?? []).toEqual([]);
		expect(valid).toBe(true);
	});

	it.each([
		['prodotti', 'description', { widget: 'text', minlength: 20, maxlength: 300, required: true }],
		['prodotti', 'variants', { widget: 'list', min: 1, required: true }],
		[
			'prodotti',
			'variants.price',
			{ widget: 'number', value_type: 'float', min: 0.01, max: 10000 },
		],
		['prodotti', 'variants.flavour', { required: false, maxlength: 40 }],
		['prodotti', 'badges', { widget: 'select', multiple: true, required: false }],
		['prodotti', 'label', { widget: 'object', required: false }],
		['prodotti', 'images.src', { widget: 'image', required: true }],
		['negozi', 'gallery', { widget: 'list', min: 6, max: 6 }],
		['negozi', 'hours.sabato', { widget: 'list', required: false }],
		['impostazioni', 'foundedYear', { value_type: 'int', min: 1950, max: 2100 }],
		[
			'impostazioni',
			'pickupHoldDays',
			{ widget: 'number', value_type: 'int', min: 1, max: 30, required: false },
		],
	] as const)('%s: %s is %j', (name, path, expected) => {
		expect(fieldAt(collection(config, name), path)).toMatchObject(expected);
	});

	it('shows the schema’s Italian message where the CMS checks a pattern', () => {
		const vat = fieldAt(collection(config, 'impostazioni'), 'vatNumber');
		expect(vat['pattern']).toEqual([
			'^IT\\d{11}$',
			'«vatNumber» deve essere IT seguito da 11 cifre. Esempio: "IT01234567890"',
		]);
		const hour = fieldAt(collection(config, 'negozi'), 'hours.sabato.sabato');
		expect((hour['pattern'] as string[])[1]).toContain(
			"in «hours.sabato» l'orario di chiusura deve venire dopo quello di apertura",
		);
		const url = fieldAt(collection(config, 'impostazioni'), 'social.url');
		expect((url['pattern'] as string[])[1]).toBe(
			'«social.url» deve iniziare con https://. Esempio: https://www.instagram.com/nomepagina',
		);
	});

	it('lets editors add closures (single days and ranges, with a note) and extraordinary openings', () => {
		const shop = collection(config, 'negozi');
		expect(fieldAt(shop, 'closures')).toMatchObject({
			widget: 'list',
			label: 'Chiusure',
			label_singular: 'chiusura',
			required: false,
		});
		expect(fieldAt(shop, 'closures.from')).toMatchObject({
			widget: 'datetime',
			type: 'date',
			format: 'YYYY-MM-DD',
			required: true,
		});
		// A single day: the last day left empty.
		expect(fieldAt(shop, 'closures.to')).toMatchObject({ widget: 'datetime', required: false });
		expect(fieldAt(shop, 'closures.note')).toMatchObject({
			widget: 'string',
			required: false,
			maxlength: 80,
		});
		expect(fieldAt(shop, 'openings')).toMatchObject({
			widget: 'list',
			label: 'Aperture straordinarie',
			required: false,
		});
		expect(fieldAt(shop, 'openings.date')).toMatchObject({ widget: 'datetime', required: true });
		const hour = fieldAt(shop, 'openings.hours.hours');
		expect((hour['pattern'] as string[])[1]).toContain(
			"in «openings.hours» l'orario di chiusura deve venire dopo quello di apertura",
		);
		// After the week's hours, in the form as in the file.
		const names = shop.map((field) => field.name);
		expect(names.indexOf('closures')).toBe(names.indexOf('hours') + 1);
		expect(names.indexOf('openings')).toBe(names.indexOf('closures') + 1);
	});

	it('offers the categories and labels every badge in Italian', () => {
		expect(fieldAt(collection(config, 'prodotti'), 'category')['options']).toEqual(
			lists.categories,
		);
		expect(fieldAt(collection(config, 'prodotti'), 'badges')['options']).toContainEqual({
			value: 'miglior-prezzo',
			label: 'Miglior Prezzo',
		});
	});
});

describe('a field on one side only fails (planted mismatches)', () => {
	const real = collectionRules();
	const products = real.products;
	if (products.kind !== 'object') throw new Error('not an object');

	it('a schema field without a CMS field', () => {
		const planted = rulesOf(
			record('prodotto', { peso: text('peso', '"1 kg"', { max: 20 }) }, 'prodotto'),
		);
		if (planted.kind !== 'object') throw new Error('not an object');
		const rules = {
			...real,
			products: { ...products, fields: { ...products.fields, ...planted.fields } },
		};
		const { problems } = buildCmsConfig(options, rules);
		expect(problems).toEqual([
			'«peso»: campo dello schema senza campo nel CMS: aggiungilo in src/lib/cms/labels.ts',
		]);
	});

	it('a CMS field the schema does not know', () => {
		const ui = productUi(options);
		const wording = {
			products: { ...ui, colore: { label: 'Colore' } },
			categories: {},
			shops: {},
			pages: {},
			settings: {},
		};
		const { problems } = buildCmsConfig(options, real, wording);
		expect(problems).toContain(
			'«colore»: campo del CMS che lo schema non conosce: toglilo da src/lib/cms/labels.ts',
		);
	});

	it('a bound changed on the schema side is seen by the comparison', () => {
		const { config } = buildCmsConfig(options);
		const fields = collection(config, 'prodotti').filter((f) => f.name !== 'body');
		const description = products.fields['description'];
		if (!description || description.kind !== 'string') throw new Error('no description');
		const changed = { ...products.fields, description: { ...description, max: 200 } };
		expect(objectDisagreements(changed, fields, 'prodotti')).toEqual([
			'prodotti.description: massimo 200 nello schema, 300 nel CMS',
		]);
	});

	it('a badge without its Italian label', () => {
		const ui = productUi(options);
		const { nuovo: _, ...badges } = ui['badges']?.options ?? {};
		const wording = {
			products: { ...ui, badges: { label: 'Etichette', options: badges } },
			categories: {},
			shops: {},
			pages: {},
			settings: {},
		};
		const { problems } = buildCmsConfig(options, real, wording);
		expect(problems).toContain("«badges»: il valore «nuovo» non ha un'etichetta");
	});
});
