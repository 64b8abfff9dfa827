import type { ImageFunction } from 'astro/content/config';
import { z } from 'astro/zod';
import {
	date,
	day,
	decimal,
	editorSchema,
	email,
	flag,
	integer,
	list,
	pattern,
	record,
	text,
	url,
} from './fields';
import { WEEKDAYS, type Weekday } from '../shops/weekdays';
import { SLUG_PATTERN } from '../slug';

/** The `image` helper that Astro passes to schema factories (see content.config.ts). */
export type ImageHelper = ImageFunction;

/** Slugs are lower-case words joined by hyphens: they become part of the page address. */
const SLUG = SLUG_PATTERN;

/** The weekdays in the order the opening hours are shown (src/lib/shops/weekdays.ts). */
export { WEEKDAYS, type Weekday } from '../shops/weekdays';

/** A photo: the file beside the content entry and its description for blind visitors. */
export function photoSchema(image: ImageHelper, field: string, example: string) {
	return record(
		field,
		{
			/** Path of the image file, relative to the content file. */
			src: image(),
			/** What the photo shows, read aloud by screen readers. */
			alt: text(
				`${field}.alt`,
				'"Il bancone del negozio di Aosta con gli scaffali delle proteine"',
				{
					min: 5,
					max: 200,
				},
			),
		},
		`${field}: { src: ${example}, alt: "Descrizione della foto" }`,
	);
}

/**
 * Opening hours of one day: a list of time ranges, empty (or left out) when the shop is closed.
 * Left out counts as closed because the editor (/admin) writes no empty list: it leaves an
 * empty optional field out of the file. A misspelt day is still refused (record()).
 */
export const TIME_RANGE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
/** Said of a range whose closing time does not come after its opening time. */
export const closingAfterOpeningIn = (field: string) =>
	`in «${field}» l'orario di chiusura deve venire dopo quello di apertura. Esempio: "15:30-19:30"`;
export const closingAfterOpening = (day: Weekday) => closingAfterOpeningIn(`hours.${day}`);
/** A list of time ranges: "09:30-12:30", each closing after it opens. */
const timeRanges = (field: string, example: string) =>
	list(
		field,
		pattern(field, TIME_RANGE, 'deve essere una fascia oraria HH:MM-HH:MM', '"09:30-12:30"').refine(
			(range) => !TIME_RANGE.test(range) || range.slice(0, 5) < range.slice(6),
			closingAfterOpeningIn(field),
		),
		example,
	);
const dayHours = (day: Weekday) =>
	timeRanges(
		`hours.${day}`,
		`${day}: ["09:30-12:30", "15:30-19:30"] oppure ${day}: [] se chiuso`,
	).default([]);

/** Said of a closure whose last day comes before its first. */
export const closureEndsBeforeStart = (from: string, to: string) =>
	`in «closures» la chiusura finisce prima di cominciare: «to» (${to}) deve essere uguale o successivo a «from» (${from}). Per un giorno solo lascia vuoto «to». Esempio: { from: 2026-08-10, to: 2026-08-23 }`;

/**
 * A closure of the shop: from a day to a day, both included; `to` left out for a single day.
 * Held with `to` always set.
 */
const closure = record(
	'closures',
	{
		/** First day closed. */
		from: day('closures.from', '2026-08-10'),
		/** Last day closed; left out for a single day. */
		to: day('closures.to', '2026-08-23').optional(),
		/** What visitors read after the dates: "Chiuso per ferie". */
		note: text('closures.note', '"Chiuso per ferie"', { max: 80 }).optional(),
	},
	'{ from: 2026-08-10, to: 2026-08-23, note: "Chiuso per ferie" }',
)
	.superRefine((value, ctx) => {
		if (value.to !== undefined && value.to < value.from) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['to'],
				message: closureEndsBeforeStart(value.from, value.to),
			});
		}
	})
	.transform(({ from, to, note }) => ({ from, to: to ?? from, ...(note ? { note } : {}) }));

/** An extraordinary opening: a day, with its hours or, left out, its weekday's usual ones. */
const opening = record(
	'openings',
	{
		/** The day the shop opens. */
		date: day('openings.date', '2026-12-08'),
		/** Its hours; left out, the usual hours of that weekday. */
		hours: timeRanges('openings.hours', 'hours: ["10:00-13:00"]').optional(),
	},
	'{ date: 2026-12-08, hours: ["09:30-12:30"] }',
);

/** The day of the week of a "YYYY-MM-DD" day. */
const weekdayName = (date: string) =>
	WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7] as Weekday;

/**
 * The rules between a shop's fields: an opening must not fall in a closure (which would win:
 * the editor would see an opening that never happens), must not be written twice, and needs
 * its hours on a weekday the shop does not open.
 */
function checkCalendar(
	shop: {
		hours: Record<Weekday, string[]>;
		closures: { from: string; to: string }[];
		openings: { date: string; hours?: string[] | undefined }[];
	},
	ctx: z.RefinementCtx,
): void {
	const seen = new Set<string>();
	shop.openings.forEach((open, index) => {
		const at = (field: string) => ['openings', index, field];
		const closed = shop.closures.find(({ from, to }) => from <= open.date && open.date <= to);
		if (closed) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: at('date'),
				message: `in «openings» il giorno ${open.date} cade in una chiusura (dal ${closed.from} al ${closed.to}): togli l'apertura o accorcia la chiusura.`,
			});
		}
		if (seen.has(open.date)) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: at('date'),
				message: `in «openings» il giorno ${open.date} è scritto due volte: tienine uno solo.`,
			});
		}
		seen.add(open.date);
		const weekday = weekdayName(open.date);
		if (!open.hours?.length && shop.hours[weekday].length === 0) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: at('hours'),
				message: `in «openings» il ${open.date} è ${weekday}, giorno in cui il negozio di solito è chiuso: indica gli orari dell'apertura. Esempio: hours: ["10:00-13:00"]`,
			});
		}
	});
}

/** Categories: the seven product families, in `content/categories/<slug>.md`. */
export const categorySchema = ({ image }: { image: ImageHelper }) =>
	editorSchema(
		record(
			'categoria',
			{
				/** Address segment: /prodotti/<slug>. Lower case and hyphens only. */
				slug: pattern(
					'slug',
					SLUG,
					'può contenere solo lettere minuscole, numeri e trattini',
					'aminoacidi-e-creatina',
				),
				/** Name shown in menus, cards and titles. */
				name: text('name', '"Aminoacidi e Creatina"', { max: 60 }),
				/** One or two sentences shown under the name. */
				description: text(
					'description',
					'"Aminoacidi essenziali, BCAA e creatina per il recupero e la forza."',
					{ min: 20, max: 300 },
				),
				/** Position in lists: 1 comes first. */
				order: integer('order', '1', 1, 99),
				/** Card photo. */
				image: photoSchema(image, 'image', './proteine.jpg'),
				/**
				 * Whether products of this category carry a nutrition table and an ingredient list
				 * (false for merchandise and cosmetics: their pages hide those tabs).
				 */
				hasNutrition: flag('hasNutrition'),
			},
			'categoria',
		),
	);

/** Shops: one file per shop in `content/shops/<id>.md`. */
export const shopSchema = ({ image }: { image: ImageHelper }) =>
	editorSchema(
		record(
			'negozio',
			{
				/** Full name, e.g. "Sede di Torino". */
				name: text('name', '"Sede di Torino"', { max: 60 }),
				/** Short name used in availability rows, e.g. "Sede Torino". */
				shortName: text('shortName', '"Sede Torino"', { max: 30 }),
				/** Position on the page: 1 comes first. */
				order: integer('order', '1', 1, 9),
				/** Postal address. */
				address: record(
					'address',
					{
						street: text('address.street', '"Corso Torino 85"'),
						postcode: pattern(
							'address.postcode',
							/^\d{5}$/,
							'deve essere un CAP di 5 cifre tra virgolette',
							'"10090"',
						),
						town: text('address.town', '"Buttigliera Alta"'),
						province: pattern(
							'address.province',
							/^[A-Z]{2}$/,
							'deve essere la sigla della provincia in maiuscolo',
							'"TO"',
						),
					},
					'address: { street: "Corso Torino 85", postcode: "10090", town: "Buttigliera Alta", province: "TO" }',
				),
				/** Map coordinates, used by search engines. */
				geo: record(
					'geo',
					{
						lat: decimal('geo.lat', '45.0936', 35, 48),
						lng: decimal('geo.lng', '7.4353', 6, 19),
					},
					'geo: { lat: 45.0936, lng: 7.4353 }',
				),
				/** Phone number as visitors dial it. */
				phone: pattern(
					'phone',
					/^\+?[\d\s]{6,20}$/,
					'deve contenere solo cifre e spazi, con + iniziale facoltativo',
					'"+39 011 932 4455"',
				),
				/** Shop e-mail address. */
				email: email('email', 'torino@esempio.it'),
				/** Opening hours per weekday. */
				hours: record(
					'hours',
					Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours(day)])) as Record<
						Weekday,
						ReturnType<typeof dayHours>
					>,
					'hours: { lunedi: ["09:30-12:30", "15:30-19:30"], …, domenica: [] }',
				),
				/**
				 * Days closed besides the week's closed days: the shop's holidays, stocktaking. No
				 * pickup, no 'Aperto ora', and a line on /negozi.
				 */
				closures: list(
					'closures',
					closure,
					'closures: [{ from: 2026-08-10, to: 2026-08-23, note: "Chiuso per ferie" }]',
				).default([]),
				/**
				 * Days the shop opens though it would be closed: Italy's national holidays close it
				 * unless they are listed here; a Sunday in December, with its hours.
				 */
				openings: list(
					'openings',
					opening,
					'openings: [{ date: 2026-12-08 }, { date: 2026-12-20, hours: ["10:00-13:00"] }]',
				).default([]),
				/** Link to the shop on a map service. */
				mapLink: url('mapLink', 'https://www.openstreetmap.org/?mlat=45.09&mlon=7.43'),
				/** A short presentation of the shop. */
				description: text('description', '"Il nostro primo negozio, aperto nel 2006…"', {
					min: 30,
					max: 600,
				}),
				/** Services offered in the shop, one per line. */
				services: list(
					'services',
					text('services', '"Consulenza nutrizionale gratuita"'),
					'["Consulenza gratuita", "Parcheggio"]',
					{ min: 1 },
				),
				/** True for a newly opened shop: shows the "Nuova apertura" badge. */
				isNew: flag('isNew'),
				/**
				 * The shop's store code in Google Business Profile: the local inventory feed names
				 * the shop by it (docs/report.md). Left out: the shop is not in the feed.
				 */
				googleStoreCode: pattern(
					'googleStoreCode',
					/^[A-Za-z0-9_-]{1,64}$/,
					'deve essere il codice negozio di Google Business Profile: lettere senza accenti, cifre, - o _, al massimo 64 caratteri',
					'"VS-TORINO-01"',
				).optional(),
				/** Main photo of the shop. */
				image: photoSchema(image, 'image', './torino/negozio.jpg'),
				/** Exactly six photos for the gallery. */
				gallery: list(
					'gallery',
					photoSchema(image, 'gallery', './torino/galleria-1.jpg'),
					'gallery: [{ src: ./torino/galleria-1.jpg, alt: "…" }, …] (sei foto)',
					{ length: 6 },
				),
			},
			'negozio',
		).superRefine(checkCalendar),
	);

/** Legal pages (privacy policy, cookie policy): markdown with a title and an update date. */
export const pageSchema = () =>
	editorSchema(
		record(
			'pagina',
			{
				/** Page title (the H1). */
				title: text('title', '"Privacy Policy"', { max: 80 }),
				/** Summary for search engines, up to 160 characters. */
				description: text(
					'description',
					'"Come trattiamo i dati personali di chi visita il sito e ci scrive."',
					{ min: 20, max: 160 },
				),
				/** Date of the last change to the text, shown as "Ultimo aggiornamento". */
				updated: date('updated', '2026-11-01'),
			},
			'pagina',
		),
	);

/** Site settings: one file, `content/settings/sito.yaml`. */
export const settingsSchema = ({ image }: { image: ImageHelper }) =>
	editorSchema(
		record(
			'impostazioni',
			{
				/** Shop sign, shown in the header, footer and titles. */
				companyName: text('companyName', '"Vigor Sport"', { max: 40 }),
				/** Legal name of the company, used in the legal pages. */
				legalName: text('legalName', '"Vigor Sport S.r.l."'),
				/** Registered office, used in the legal pages. */
				registeredOffice: text(
					'registeredOffice',
					'"Corso Torino 85, 10090 Buttigliera Alta (TO)"',
				),
				/** Address for privacy requests. */
				privacyEmail: email('privacyEmail', 'privacy@esempio.it'),
				/** One line under the logo. */
				tagline: text('tagline', '"Integratori e accessori per lo sport dal 2006"', {
					max: 90,
				}),
				/** Year the first shop opened. */
				foundedYear: integer('foundedYear', '2006', 1950, 2100),
				/** Month the Aosta shop opened, written YYYY-MM-01. */
				aostaOpening: date('aostaOpening', '2025-04-01'),
				/**
				 * Days a pickup reservation is held at the counter: the customer's
				 * confirmation says so. 3 when left out.
				 */
				pickupHoldDays: integer('pickupHoldDays', '3', 1, 30).default(3),
				/** Italian VAT number: IT and 11 digits. */
				vatNumber: pattern(
					'vatNumber',
					/^IT\d{11}$/,
					'deve essere IT seguito da 11 cifre',
					'"IT01234567890"',
				),
				/** Social pages in the footer and on /contatti; leave `url` out for a coming page. */
				social: list(
					'social',
					record(
						'social',
						{
							name: text('social.name', '"Instagram"', { max: 30 }),
							url: url('social.url', 'https://www.instagram.com/nomepagina').optional(),
						},
						'{ name: "Instagram", url: "https://www.instagram.com/nomepagina" }',
					),
					'social: [{ name: "Facebook", url: "https://…" }]',
					{ min: 1 },
				),
				/** Default title and description for search engines. */
				seo: record(
					'seo',
					{
						title: text('seo.title', '"Vigor Sport – Integratori sportivi a Torino e Aosta"', {
							max: 70,
						}),
						description: text(
							'seo.description',
							'"Integratori, proteine e accessori per lo sport nei negozi di Buttigliera Alta e Aosta."',
							{ min: 50, max: 160 },
						),
					},
					'seo: { title: "…", description: "…" }',
				),
				/** Picture shown when a page is shared on social networks. */
				shareImage: photoSchema(image, 'shareImage', './condivisione.jpg'),
			},
			'impostazioni',
		),
	);
