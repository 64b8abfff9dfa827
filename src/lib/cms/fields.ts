import type { PatternRule, Rule } from './schema-rules';

/**
 * From a field's rules (read from the zod schema) and its Italian wording (labels.ts) to the
 * field of the CMS configuration (Sveltia CMS, Decap-style). Pure.
 *
 * The rules come only from the schema: required or not, bounds, patterns and their Italian
 * messages. The wording comes only from labels.ts. A schema field without wording, or wording
 * for a field the schema does not know, is a problem reported with its path, so the two sides
 * can never drift apart silently.
 */

/** The Italian wording of one field, for a shop employee. */
export interface Ui {
	label: string;
	hint?: string;
	/** A long text: a box of several lines instead of one line. */
	multiline?: boolean;
	/** The label of each value of a closed list (enum), by value. */
	options?: Readonly<Record<string, string>>;
	/** A text chosen from a list (a category), value and label. */
	choices?: readonly Choice[];
	/** The sub-fields of a group or of each item of a list of groups. */
	fields?: Readonly<Record<string, Ui>>;
	/** The wording of each item of a list of texts. */
	item?: Ui;
	/** A list's line when folded, e.g. '{{fields.size}} · {{fields.price}} €'. */
	summary?: string;
	/** The name of one item of a list ('variante'). */
	singular?: string;
	/** A rule zod keeps inside a refinement (closing after opening), stated with its message. */
	pattern?: PatternRule;
	/** Step of a number input (0.01 for euros). */
	step?: number;
	/** Fold a group or list when the form opens. */
	collapsed?: boolean;
	/** For a map (stock per shop): its keys and their labels. */
	keys?: readonly Choice[];
}

export interface Choice {
	value: string;
	label: string;
}

/** A field of the CMS configuration (the subset of Sveltia's options this site uses). */
export type CmsField = Record<string, unknown> & { name: string; label: string; widget: string };

/** What every CMS field has before its widget is chosen. */
interface FieldBase {
	name: string;
	label: string;
	hint?: string;
	required: boolean;
}

/** Collects the problems of a whole configuration, each naming the field's path. */
export class Problems {
	readonly list: string[] = [];
	add(path: string, problem: string) {
		this.list.push(`«${path}»: ${problem}`);
	}
}

/** An e-mail address, as the CMS checks it (zod checks it again at build). */
const EMAIL_PATTERN = '^[^\\s@,;"<>()\\[\\]]+@[^\\s@,;"<>()\\[\\]]+\\.[^\\s@,;"<>()\\[\\]]+$';
const HTTPS_PATTERN = '^https://\\S+$';

/** The CMS field for a schema field, or null (with a problem) where the two disagree. */
export function cmsField(
	name: string,
	rule: Rule,
	ui: Ui | undefined,
	path: string,
	problems: Problems,
): CmsField | null {
	if (ui === undefined) {
		problems.add(
			path,
			'campo dello schema senza campo nel CMS: aggiungilo in src/lib/cms/labels.ts',
		);
		return null;
	}
	const base: FieldBase = {
		name,
		label: ui.label,
		...(ui.hint ? { hint: ui.hint } : {}),
		required: rule.required,
	};
	switch (rule.kind) {
		case 'string': {
			if (ui.choices) {
				for (const choice of ui.choices) {
					if (!rule.patterns.every((p) => new RegExp(p.source).test(choice.value))) {
						problems.add(path, `la scelta «${choice.value}» non rispetta la regola dello schema`);
					}
				}
				return { ...base, widget: 'select', options: ui.choices.map(option) };
			}
			const pattern = ui.pattern ?? rule.patterns[0];
			return {
				...base,
				widget: ui.multiline ? 'text' : 'string',
				...(rule.min !== undefined && rule.min > 1 ? { minlength: rule.min } : {}),
				...(rule.max !== undefined ? { maxlength: rule.max } : {}),
				...(pattern ? { pattern: [pattern.source, pattern.message] } : {}),
			};
		}
		case 'email':
			return { ...base, widget: 'string', pattern: [EMAIL_PATTERN, rule.message] };
		case 'url':
			return { ...base, widget: 'string', pattern: [HTTPS_PATTERN, rule.message] };
		case 'date':
			return { ...base, widget: 'datetime', type: 'date', format: 'YYYY-MM-DD' };
		case 'number':
			return {
				...base,
				widget: 'number',
				value_type: rule.int ? 'int' : 'float',
				...(rule.positive
					? { min: ui.step ?? 1 }
					: rule.min !== undefined
						? { min: rule.min }
						: {}),
				...(rule.max !== undefined ? { max: rule.max } : {}),
				...(ui.step !== undefined ? { step: ui.step } : {}),
			};
		case 'boolean':
			return { ...base, widget: 'boolean', default: false };
		case 'enum':
			return { ...base, widget: 'select', options: enumOptions(rule.options, ui, path, problems) };
		case 'image':
			// A file of the site only: no address of a picture elsewhere.
			return { ...base, widget: 'image', choose_url: false };
		case 'object':
			return {
				...base,
				widget: 'object',
				...(ui.collapsed ? { collapsed: true } : {}),
				...(ui.summary ? { summary: ui.summary } : {}),
				fields: cmsFields(rule.fields, ui.fields, path, problems),
			};
		case 'map':
			return mapField(base, rule.value, ui, path, problems);
		case 'list':
			return listField(base, rule, ui, path, problems);
	}
}

/** The CMS fields of a group, in the schema's order (which is the order files are written in). */
export function cmsFields(
	rules: Readonly<Record<string, Rule>>,
	uis: Readonly<Record<string, Ui>> | undefined,
	path: string,
	problems: Problems,
): CmsField[] {
	const fields: CmsField[] = [];
	for (const [name, rule] of Object.entries(rules)) {
		const field = cmsField(name, rule, uis?.[name], join(path, name), problems);
		if (field) fields.push(field);
	}
	for (const name of Object.keys(uis ?? {})) {
		if (!Object.hasOwn(rules, name)) {
			problems.add(
				join(path, name),
				'campo del CMS che lo schema non conosce: toglilo da src/lib/cms/labels.ts',
			);
		}
	}
	return fields;
}

function listField(
	base: FieldBase,
	rule: Extract<Rule, { kind: 'list' }>,
	ui: Ui,
	path: string,
	problems: Problems,
): CmsField {
	const bounds = {
		...(rule.min !== undefined ? { min: rule.min } : {}),
		...(rule.max !== undefined ? { max: rule.max } : {}),
	};
	const of = rule.of;
	if (of.kind === 'enum') {
		return {
			...base,
			widget: 'select',
			multiple: true,
			options: enumOptions(of.options, ui, path, problems),
			...bounds,
		};
	}
	const common = {
		...base,
		widget: 'list',
		...bounds,
		...(ui.singular ? { label_singular: ui.singular } : {}),
		...(ui.summary ? { summary: ui.summary } : {}),
		...(ui.collapsed ? { collapsed: true } : {}),
	};
	if (of.kind === 'object') {
		return { ...common, fields: cmsFields(of.fields, ui.fields, path, problems) };
	}
	if (ui.fields) problems.add(path, 'elenco di valori semplici: usa «item», non «fields»');
	const item = cmsField(
		base.name,
		of,
		ui.item ?? { label: ui.singular ?? ui.label },
		path,
		problems,
	);
	return item ? { ...common, field: item } : { ...common, field: { name: base.name } };
}

function mapField(
	base: FieldBase,
	value: Rule,
	ui: Ui,
	path: string,
	problems: Problems,
): CmsField {
	if (!ui.keys || ui.keys.length === 0) {
		problems.add(path, 'elenco per chiave senza chiavi: indica «keys» in src/lib/cms/labels.ts');
	}
	const fields: CmsField[] = (ui.keys ?? []).flatMap((key) => {
		const field = cmsField(
			key.value,
			value,
			{ ...(ui.item ?? ui), label: key.label },
			join(path, key.value),
			problems,
		);
		// A key left empty means none in stock: the schema accepts a missing key.
		return field ? [{ ...field, required: false, default: 0 }] : [];
	});
	return {
		...base,
		widget: 'object',
		fields,
	};
}

function enumOptions(values: readonly string[], ui: Ui, path: string, problems: Problems) {
	const labels = ui.options ?? ui.item?.options ?? {};
	for (const value of values) {
		if (!Object.hasOwn(labels, value))
			problems.add(path, `il valore «${value}» non ha un'etichetta`);
	}
	for (const value of Object.keys(labels)) {
		if (!values.includes(value)) problems.add(path, `il valore «${value}» non esiste nello schema`);
	}
	return values.map((value) => option({ value, label: labels[value] ?? value }));
}

function option(choice: Choice) {
	return { value: choice.value, label: choice.label };
}

function join(path: string, name: string) {
	return path ? `${path}.${name}` : name;
}
