import { describe, expect, it } from 'vitest';
import {
	escapeMarkdownHtml,
	htmlToMarkdown,
	splitLongDescription,
} from '../../../../tools/import-legacy/description';
import {
	findSection,
	parseFeatures,
	parseHeading,
	parseSections,
	sectionText,
} from '../../../../tools/import-legacy/features';
import { Notes } from '../../../../tools/import-legacy/values';

describe('feature text headings', () => {
	it.each([
		['**INGREDIENTI:** Proteine del siero', 'INGREDIENTI', 'Proteine del siero'],
		["**MODALITÀ D'USO:**", "MODALITÀ D'USO", ''],
		['**Modalità d’uso**: Sciogliere 30 g', 'Modalità d’uso', 'Sciogliere 30 g'],
		['- **AVVERTENZE**', 'AVVERTENZE', ''],
		['### Valori nutrizionali', 'Valori nutrizionali', ''],
		['INGREDIENTI: latte, cacao', 'INGREDIENTI', 'latte, cacao'],
		['**DOSE:** 2 compresse', 'DOSE', '2 compresse'],
	])('%s is a heading', (line, heading, rest) => {
		expect(parseHeading(line)).toEqual({ heading, rest });
	});

	it.each([
		'- **24 g** di proteine per porzione',
		'**Energia:** 1600 kJ',
		'Proteine: 24 g',
		'Una frase normale.',
	])('%s is not a heading', (line) => {
		expect(parseHeading(line)).toBeNull();
	});

	it('groups the lines under their headings', () => {
		const parsed = parseSections([
			'Introduzione',
			'**CARATTERISTICHE:**',
			'- 90% di proteine',
			'- Senza lattosio',
			'**INGREDIENTI:** Proteine isolate di soia,\naromi.',
		]);
		expect(parsed.intro).toEqual(['Introduzione']);
		expect(parsed.sections.map((section) => section.heading)).toEqual([
			'CARATTERISTICHE',
			'INGREDIENTI',
		]);
		const ingredients = findSection(parsed, /ingredient/i);
		expect(ingredients && sectionText(ingredients)).toBe('Proteine isolate di soia, aromi.');
		expect(findSection(parsed, /caratter/i)?.lines).toEqual([
			'- 90% di proteine',
			'- Senza lattosio',
		]);
	});
});

describe('features in every shape', () => {
	it('a list of text lines', () => {
		const features = parseFeatures(
			['**INGREDIENTI:** Latte', "**MODALITÀ D'USO:** Bere"],
			new Notes(),
		);
		expect(features.data).toEqual({});
		expect(features.sections).toHaveLength(2);
	});

	it('an object', () => {
		const features = parseFeatures(
			{ modalita_uso: 'Bere', nutritionalHighlights: ['x'] },
			new Notes(),
		);
		expect(features.data).toEqual({ modalita_uso: 'Bere', nutritionalHighlights: ['x'] });
		expect(features.sections).toEqual([]);
	});

	it('the whole object as a JSON string', () => {
		const features = parseFeatures('{"ingredienti": "Cacao", "usage": "Bere"}', new Notes());
		expect(features.data).toEqual({ ingredienti: 'Cacao', usage: 'Bere' });
	});

	it('a JSON line among the text lines', () => {
		const features = parseFeatures(
			['**CARATTERISTICHE:**', '{"valori_nutrizionali": [{"nome": "L-leucina"}]}', 'Senza glutine'],
			new Notes(),
		);
		expect(features.data).toEqual({ valori_nutrizionali: [{ nome: 'L-leucina' }] });
		expect(features.sections[0]?.lines).toEqual(['Senza glutine']);
	});

	it('plain text with line breaks', () => {
		const features = parseFeatures('**INGREDIENTI:** Latte\n**AVVERTENZE:** Nessuna', new Notes());
		expect(features.sections.map((section) => section.heading)).toEqual([
			'INGREDIENTI',
			'AVVERTENZE',
		]);
	});

	it.each([
		['truncated JSON', '{"valori_nutrizionali": {"per_dose": {"porzione": "4 gocce'],
		['a number', 42],
		['a boolean', true],
		['a broken JSON line', ['**INGREDIENTI:** x', '[{"nome": ']],
	])('%s gives a warning, not an exception', (_name, value) => {
		const notes = new Notes();
		expect(() => parseFeatures(value, notes)).not.toThrow();
		expect(notes.list.some((note) => note.kind === 'warning' && note.field === 'features')).toBe(
			true,
		);
	});

	it('nothing is nothing', () => {
		const notes = new Notes();
		expect(parseFeatures(undefined, notes)).toEqual({ data: {}, intro: [], sections: [] });
		expect(parseFeatures(null, notes).sections).toEqual([]);
		expect(notes.list).toEqual([]);
	});
});

describe('long description', () => {
	it('splits story, expert tip (up to the nutrition section) and a pipe table', () => {
		const long = splitLongDescription(
			[
				'Prima frase.',
				'',
				'## Seconda parte',
				'',
				"💡 Il consiglio dell'esperto: bevilo freddo.",
				'Anche dopo cena.',
				'',
				'Valori nutrizionali:',
				'| Valori medi | Per 100 g |',
				'|---|---|',
				'| Energia | 1600 kJ |',
				'',
				'Altro testo della storia.',
			].join('\n'),
			new Notes(),
		);
		expect(long.body).toBe('Prima frase.\n\n### Seconda parte\n\nAltro testo della storia.');
		expect(long.tip).toBe('bevilo freddo.\nAnche dopo cena.');
		expect(long.nutrition).toEqual({
			heading: 'Valori nutrizionali',
			lines: ['| Valori medi | Per 100 g |', '|---|---|', '| Energia | 1600 kJ |'],
			tables: [],
		});
	});

	it.each([
		["**Il consiglio dell'esperto:** bevilo freddo."],
		["**Il consiglio dell'esperto**: bevilo freddo."],
		["## Consiglio dell'esperto\n\nbevilo freddo."],
		['Il consiglio dell’esperto - bevilo freddo.'],
		['<h3>💡 Il consiglio dell&#39;esperto</h3><p>bevilo freddo.</p>'],
	])('finds the tip marker in %j', (text) => {
		expect(splitLongDescription(`Storia.\n\n${text}`, new Notes()).tip).toBe('bevilo freddo.');
	});

	it('reads HTML: paragraphs, bold, lists, a nutritional-table', () => {
		const long = splitLongDescription(
			'<p>Con <strong>300 mg</strong> di magnesio &amp; potassio.</p><ul><li>Uno</li><li>Due</li></ul>' +
				'<table class="nutritional-table"><tr><th>Nutriente</th><th>Per dose</th></tr><tr><td>Magnesio</td><td>300 mg</td></tr></table>' +
				'<p>Dopo la tabella.</p>',
			new Notes(),
		);
		expect(long.body).toBe(
			'Con **300 mg** di magnesio & potassio.\n\n- Uno\n- Due\n\nDopo la tabella.',
		);
		expect(long.nutrition?.tables).toHaveLength(1);
		expect(long.nutrition?.tables[0]).toContain('Magnesio');
	});

	it("takes the 'Ingredienti:' and 'Modalità d'uso:' sections and 'label: value' lines out", () => {
		const long = splitLongDescription(
			"Storia.\n\nValori nutrizionali per 4 gocce:\nVitamina D3: 25 µg (500% VNR)\n\nIngredienti: Olio di oliva, colecalciferolo.\n\nModalità d'uso: 4 gocce al giorno.\n\nFine.",
			new Notes(),
		);
		expect(long).toEqual({
			body: 'Storia.\n\nFine.',
			nutrition: {
				heading: 'Valori nutrizionali per 4 gocce',
				lines: ['Vitamina D3: 25 µg (500% VNR)'],
				tables: [],
			},
			ingredients: 'Olio di oliva, colecalciferolo.',
			usage: '4 gocce al giorno.',
		});
	});

	it('does not take a sentence that starts with "Ingredienti" for a section', () => {
		const long = splitLongDescription('Ingredienti di prima qualità.', new Notes());
		expect(long.ingredients).toBeUndefined();
		expect(long.body).toBe('Ingredienti di prima qualità.');
	});

	it.each([[42], [{ text: 'x' }], [['a']]])('a wrong type (%j) is a warning', (value) => {
		const notes = new Notes();
		expect(splitLongDescription(value, notes)).toEqual({ body: '' });
		expect(notes.list[0]?.kind).toBe('warning');
	});

	it('converts HTML to markdown', () => {
		expect(htmlToMarkdown('<h2>Titolo</h2><p>Uno<br>due <em>tre</em></p>')).toBe(
			'\n\n### Titolo\n\n\n\nUno\ndue *tre*\n\n',
		);
	});

	it.each([
		// Escaped markup in the old HTML is text: it must never become a tag in the markdown.
		['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '&lt;script>alert(1)&lt;/script>'],
		['<p>&lt;img src=x onerror=alert(1)&gt;</p>', '&lt;img src=x onerror=alert(1)>'],
		['<p>&#60;iframe src=x&#62;</p>', '&lt;iframe src=x>'],
		['<p><b>&lt;script&gt;x&lt;/script&gt;</b></p>', '**&lt;script>x&lt;/script>**'],
		['<p>&amp;lt;script&amp;gt;</p>', '&amp;lt;script&amp;gt;'],
		['<p>&lt;!-- commento --&gt;</p>', '&lt;!-- commento -->'],
		// Real tags are removed, whatever they are.
		['<p>Ciao<script>alert(1)</script></p>', 'Ciaoalert(1)'],
		// Ordinary text stays as it was.
		['<p>meno di 0,5 g (&lt; 0,5 g) &amp; più</p>', 'meno di 0,5 g (< 0,5 g) & più'],
	])('keeps escaped markup as text: %s', (html, expected) => {
		expect(htmlToMarkdown(html).trim()).toBe(expected);
	});

	it('escapes only what markdown could read as markup', () => {
		expect(escapeMarkdownHtml('<b> & <0,5 g &amp; a<b')).toBe('&lt;b> & <0,5 g &amp;amp; a&lt;b');
	});
});
