import { describe, expect, it } from 'vitest';
import {
	mergeReservation,
	parseReservationQuery,
	readProductForReservation,
	reservationDetails,
	reservationText,
} from '../../../../src/lib/messages/reservation';
import { variantLabel } from '../../../../src/lib/catalogue/variants';

const SHOPS = [
	{ id: 'torino', name: 'Sede di Torino' },
	{ id: 'aosta', name: 'Sede di Aosta' },
];
const WHEY = {
	name: 'Whey Concentrate 80',
	variants: [
		{ id: 'biscotto-2-kg', flavour: 'Biscotto', size: '2 kg' },
		{ id: '900-g', flavour: null, size: '900 g' },
	],
};

describe('parseReservationQuery', () => {
	it.each([
		[
			'?prodotto=whey-concentrate-80&variante=biscotto-2-kg&negozio=aosta',
			{ product: 'whey-concentrate-80', variant: 'biscotto-2-kg', shop: 'aosta' },
		],
		['?prodotto=whey', { product: 'whey', variant: null, shop: null }],
		['?prodotto=whey&variante=../x&negozio=<b>', { product: 'whey', variant: null, shop: null }],
		['', null],
		['?variante=biscotto-2-kg', null],
		['?prodotto=../../etc/passwd', null],
		['?prodotto=Whey', null],
		[`?prodotto=${'a'.repeat(121)}`, null],
	])('%s -> %j', (search, expected) => {
		expect(parseReservationQuery(search)).toEqual(expected);
	});
});

describe('reservationText', () => {
	it.each([
		[
			{ productName: 'Whey', variantLabel: 'Biscotto – 2 kg', shopName: 'Sede di Aosta' },
			'Vorrei prenotare: Whey\nVariante: Biscotto – 2 kg\nNegozio per il ritiro: Sede di Aosta',
		],
		[
			{ productName: 'Whey', variantLabel: null, shopName: 'Sede di Aosta' },
			'Vorrei prenotare: Whey\nNegozio per il ritiro: Sede di Aosta',
		],
		[{ productName: 'Whey', variantLabel: null, shopName: null }, 'Vorrei prenotare: Whey'],
	])('%j', (details, expected) => {
		expect(reservationText(details)).toBe(expected);
	});

	it('names the variant as the product page does', () => {
		expect(variantLabel('Biscotto', '2 kg')).toBe('Biscotto – 2 kg');
		expect(variantLabel(null, '900 g')).toBe('900 g');
	});

	it('finds product, variant and shop names', () => {
		expect(
			reservationDetails(
				{ product: 'whey-concentrate-80', variant: 'biscotto-2-kg', shop: 'aosta' },
				WHEY,
				SHOPS,
			),
		).toEqual({
			productName: 'Whey Concentrate 80',
			variantLabel: 'Biscotto – 2 kg',
			shopName: 'Sede di Aosta',
		});
		expect(
			reservationDetails({ product: 'whey', variant: 'nessuna', shop: 'milano' }, WHEY, SHOPS),
		).toEqual({ productName: 'Whey Concentrate 80', variantLabel: null, shopName: null });
	});
});

describe('mergeReservation', () => {
	const text = 'Vorrei prenotare: Whey';
	it.each([
		['', text],
		['   ', text],
		[text, text],
		[`${text}\n\nDa ritirare sabato.`, `${text}\n\nDa ritirare sabato.`],
		['Una domanda.', `${text}\n\nUna domanda.`],
	])('%j -> %j', (message, expected) => {
		expect(mergeReservation(message, text)).toBe(expected);
	});
});

describe('readProductForReservation', () => {
	it('reads the product resource of the static API', () => {
		expect(
			readProductForReservation({
				...WHEY,
				slug: 'whey',
				variants: [...WHEY.variants, { id: 3 }, null],
			}),
		).toEqual(WHEY);
	});

	it.each([null, 'x', {}, { name: '' }, { name: 3 }])('refuses %j', (value) => {
		expect(readProductForReservation(value)).toBeNull();
	});
});
