/**
 * The shop's schema (`content/shops/<id>.md`): its address and contacts, its opening hours per
 * weekday, and the days that change them (closures, extraordinary openings), checked against
 * each other. The editor's wording of the hours (src/lib/cms/labels.ts) reuses its messages.
 */
import { z } from 'astro/zod';
import {
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
import { photoSchema, type ImageHelper } from './schemas';

/** The weekdays in the order the opening hours are shown (src/lib/shops/weekdays.ts). */
export { WEEKDAYS, type Weekday } from '../shops/weekdays';

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
