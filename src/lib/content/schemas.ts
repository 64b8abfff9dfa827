import type { ImageFunction } from 'astro/content/config';
import {
	date,
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
import { SLUG_PATTERN } from '../slug';

/** The `image` helper that Astro passes to schema factories (see content.config.ts). */
export type ImageHelper = ImageFunction;

/** Slugs are lower-case words joined by hyphens: they become part of the page address. */
const SLUG = SLUG_PATTERN;

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
