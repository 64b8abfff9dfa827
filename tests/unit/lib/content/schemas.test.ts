import { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import {
	categorySchema,
	pageSchema,
	settingsSchema,
	type ImageHelper,
} from '../../../../src/lib/content/schemas';
import { shopSchema } from '../../../../src/lib/content/shop-schema';
import { TORINO_HOURS } from '../../../fixtures/shops';

/** Stands in for Astro's image() helper, which needs a build: a path string, as editors write it. */
const image = (() => z.string()) as unknown as ImageHelper;

const photo = (name: string) => ({ src: `./${name}.jpg`, alt: `Foto di prova ${name}` });

const validShop = {
	name: 'Sede di Torino',
	shortName: 'Sede Torino',
	order: 1,
	address: {
		street: 'Corso Torino 85',
		postcode: '10090',
		town: 'Buttigliera Alta',
		province: 'TO',
	},
	geo: { lat: 45.0936, lng: 7.4353 },
	phone: '+39 011 932 4455',
	email: 'torino@vigorsport.it',
	hours: TORINO_HOURS,
	mapLink: 'https://www.openstreetmap.org/?mlat=45.09&mlon=7.43',
	description: 'Il nostro primo negozio, aperto nel 2006 alle porte di Torino.',
	services: ['Consulenza gratuita'],
	isNew: false,
	image: photo('negozio'),
	gallery: [1, 2, 3, 4, 5, 6].map((n) => photo(`galleria-${n}`)),
};

/** The issues of a failed parse as "path: message" lines. */
function problems(schema: z.ZodTypeAny, data: unknown): string[] {
	const result = schema.safeParse(data);
	if (result.success) return [];
	return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('shop schema', () => {
	const schema = shopSchema({ image });

	it('accepts a complete shop', () => {
		expect(problems(schema, validShop)).toEqual([]);
	});

	it('reads a day left out as closed (the editor writes no empty list)', () => {
		const { domenica: _domenica, ...hours } = validShop.hours;
		const result = schema.safeParse({ ...validShop, hours });
		expect(result.success && result.data.hours.domenica).toEqual([]);
	});

	it('names a missing field and shows an example', () => {
		const { phone: _phone, ...rest } = validShop;
		expect(problems(schema, rest)).toMatchInlineSnapshot(`
			[
			  "phone: campo obbligatorio mancante: aggiungi «phone» (un testo). Esempio: "+39 011 932 4455"",
			]
		`);
	});

	it('reports a misspelt field at the misspelt key', () => {
		const { phone, ...rest } = validShop;
		expect(problems(schema, { ...rest, telefono: phone })).toEqual([
			expect.stringMatching(
				/^telefono: campo sconosciuto «telefono»: .*Campi ammessi qui: .*phone/,
			),
			'phone: campo obbligatorio mancante: aggiungi «phone» (un testo). Esempio: "+39 011 932 4455"',
		]);
	});

	it.each([
		['address.postcode', { ...validShop, address: { ...validShop.address, postcode: '100' } }],
		['address.province', { ...validShop, address: { ...validShop.address, province: 'to' } }],
		['email', { ...validShop, email: 'torino-at-vigorsport' }],
		['mapLink', { ...validShop, mapLink: 'http://example.com' }],
		['hours.sabato.0', { ...validShop, hours: { ...validShop.hours, sabato: ['9:30-12:30'] } }],
		['hours.sabato.0', { ...validShop, hours: { ...validShop.hours, sabato: ['12:30-09:30'] } }],
		['gallery', { ...validShop, gallery: validShop.gallery.slice(0, 5) }],
		[
			'gallery.2.alt',
			{ ...validShop, gallery: validShop.gallery.map((p, i) => (i === 2 ? { ...p, alt: '' } : p)) },
		],
		['isNew', { ...validShop, isNew: 'no' }],
	])('rejects a wrong %s with an Italian message', (path, data) => {
		const found = problems(schema, data);
		expect(found).toHaveLength(1);
		expect(found[0]).toMatch(new RegExp(`^${path.replace(/\./g, '\\.')}: .*Esempio: `));
	});
});

describe('shop closures and extraordinary openings', () => {
	const schema = shopSchema({ image });
	const parse = (extra: Record<string, unknown>) => schema.safeParse({ ...validShop, ...extra });

	it('reads closures as days, a single day with its last day set, and the dates YAML gives', () => {
		const result = parse({
			closures: [
				{ from: '2026-08-10', to: '2026-08-23', note: 'Chiuso per ferie' },
				{ from: new Date('2026-12-24') },
			],
			openings: [{ date: '2026-12-08' }, { date: '2026-12-20', hours: ['10:00-13:00'] }],
		});
		expect(result.success && result.data.closures).toEqual([
			{ from: '2026-08-10', to: '2026-08-23', note: 'Chiuso per ferie' },
			{ from: '2026-12-24', to: '2026-12-24' },
		]);
		expect(result.success && result.data.openings).toEqual([
			{ date: '2026-12-08' },
			{ date: '2026-12-20', hours: ['10:00-13:00'] },
		]);
	});

	it('has none when left out', () => {
		const result = parse({});
		expect(result.success && [result.data.closures, result.data.openings]).toEqual([[], []]);
	});

	it.each([
		[
			'a range whose end is before its start',
			{ closures: [{ from: '2026-08-23', to: '2026-08-10' }] },
			'closures.0.to: in «closures» la chiusura finisce prima di cominciare: «to» (2026-08-10) deve essere uguale o successivo a «from» (2026-08-23). Per un giorno solo lascia vuoto «to». Esempio: { from: 2026-08-10, to: 2026-08-23 }',
		],
		[
			'a day that does not exist',
			{ closures: [{ from: '2026-02-30' }] },
			'closures.0.from: «closures.from» deve essere una data nel formato AAAA-MM-GG. Esempio: 2026-08-10',
		],
		[
			'a date in words',
			{ closures: [{ from: '10 agosto' }] },
			'closures.0.from: «closures.from» deve essere una data nel formato AAAA-MM-GG. Esempio: 2026-08-10',
		],
		[
			'a misspelt field',
			{ closures: [{ from: '2026-08-10', nota: 'Ferie' }] },
			'closures.0.nota: campo sconosciuto «nota»: controlla come è scritto. Campi ammessi qui: from, to, note',
		],
		[
			'an opening inside a closure',
			{
				closures: [{ from: '2026-08-10', to: '2026-08-23' }],
				openings: [{ date: '2026-08-15' }],
			},
			"openings.0.date: in «openings» il giorno 2026-08-15 cade in una chiusura (dal 2026-08-10 al 2026-08-23): togli l'apertura o accorcia la chiusura.",
		],
		[
			'an opening on a weekday the shop never opens, without its hours',
			{ openings: [{ date: '2026-12-20' }] },
			'openings.0.hours: in «openings» il 2026-12-20 è domenica, giorno in cui il negozio di solito è chiuso: indica gli orari dell\'apertura. Esempio: hours: ["10:00-13:00"]',
		],
		[
			'the same opening twice',
			{ openings: [{ date: '2026-12-08' }, { date: '2026-12-08' }] },
			'openings.1.date: in «openings» il giorno 2026-12-08 è scritto due volte: tienine uno solo.',
		],
		[
			'an opening whose hours close before they open',
			{ openings: [{ date: '2026-12-08', hours: ['13:00-10:00'] }] },
			`openings.0.hours.0: in «openings.hours» l'orario di chiusura deve venire dopo quello di apertura. Esempio: "15:30-19:30"`,
		],
	])('refuses %s, naming the field in Italian', (_case, extra, message) => {
		expect(problems(schema, { ...validShop, ...extra })).toEqual([message]);
	});
});

describe('category schema', () => {
	const schema = categorySchema({ image });
	const valid = {
		slug: 'proteine',
		name: 'Proteine',
		description: 'Proteine del siero, caseine e proteine vegetali per ogni obiettivo.',
		order: 1,
		image: photo('proteine'),
		hasNutrition: true,
	};

	it('accepts a complete category', () => {
		expect(problems(schema, valid)).toEqual([]);
	});

	it.each([
		['slug', { ...valid, slug: 'Proteine in polvere' }],
		['order', { ...valid, order: 1.5 }],
		['hasNutrition', { ...valid, hasNutrition: undefined }],
		['description', { ...valid, description: 'Corta' }],
	])('rejects a wrong %s', (path, data) => {
		expect(problems(schema, data)).toEqual([expect.stringMatching(new RegExp(`^${path}: `))]);
	});
});

describe('page schema', () => {
	const schema = pageSchema();

	it('turns the update date into a Date', () => {
		const result = schema.parse({
			title: 'Privacy Policy',
			description: 'Come trattiamo i dati personali di chi visita il sito.',
			updated: '2026-11-01',
		});
		expect(result.updated).toEqual(new Date('2026-11-01'));
	});

	it('rejects a date that is not a date', () => {
		expect(
			problems(schema, {
				title: 'Privacy Policy',
				description: 'Come trattiamo i dati personali di chi visita il sito.',
				updated: 'ieri',
			}),
		).toEqual([
			'updated: «updated» deve essere una data nel formato AAAA-MM-GG. Esempio: 2026-11-01',
		]);
	});
});

describe('settings schema', () => {
	const schema = settingsSchema({ image });
	const valid = {
		companyName: 'Vigor Sport',
		legalName: 'Vigor Sport S.r.l.',
		registeredOffice: 'Corso Torino 85, 10090 Buttigliera Alta (TO)',
		privacyEmail: 'privacy@vigorsport.it',
		tagline: 'Integratori e accessori per lo sport dal 2006',
		foundedYear: 2006,
		aostaOpening: '2025-04-01',
		vatNumber: 'IT01234567890',
		social: [{ name: 'Facebook', url: 'https://www.facebook.com/vigorsport' }, { name: 'YouTube' }],
		seo: {
			title: 'Vigor Sport – Integratori sportivi',
			description: 'Integratori, proteine e accessori per lo sport a Buttigliera Alta e Aosta.',
		},
		shareImage: photo('condivisione'),
	};

	it('accepts settings with a social link still to come', () => {
		expect(problems(schema, valid)).toEqual([]);
	});

	it('holds reservations 3 days when pickupHoldDays is left out, and refuses 0 or a fraction', () => {
		expect(schema.parse(valid).pickupHoldDays).toBe(3);
		expect(schema.parse({ ...valid, pickupHoldDays: 5 }).pickupHoldDays).toBe(5);
		expect(problems(schema, { ...valid, pickupHoldDays: 0 })).toEqual([
			'pickupHoldDays: «pickupHoldDays» deve essere almeno 1. Esempio: 3',
		]);
		expect(problems(schema, { ...valid, pickupHoldDays: 2.5 })).toEqual([
			'pickupHoldDays: «pickupHoldDays» deve essere un numero intero. Esempio: 3',
		]);
	});

	it('rejects a VAT number without the IT prefix', () => {
		expect(problems(schema, { ...valid, vatNumber: '01234567890' })).toEqual([
			'vatNumber: «vatNumber» deve essere IT seguito da 11 cifre. Esempio: "IT01234567890"',
		]);
	});
});
