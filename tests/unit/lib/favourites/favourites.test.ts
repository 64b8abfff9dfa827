import { describe, expect, it } from 'vitest';
import { GOOD_ENTRY, HOSTILE_FAVOURITES } from '../../../fixtures/hostile-favourites';
import {
	addFavourite,
	entryPriceCents,
	favouriteCards,
	favouriteInput,
	MAX_FAVOURITES,
	MAX_TEXT_LENGTH,
	UNKNOWN_ADDED_AT,
	isFavourite,
	parseFavourites,
	removeFavourite,
	savedCountText,
	type FavouriteEntry,
	type FavouriteInput,
} from '../../../../src/lib/favourites/favourites';
import { productView } from '../../../../src/lib/content/product-view';
import { WHEY } from '../../../fixtures/products';

const now = new Date('2026-11-21T10:00:00Z');
const whey: FavouriteInput = {
	id: 'whey-80',
	slug: 'whey-80',
	name: 'Whey 80',
	brandName: 'Nordika Nutrition',
	categoryName: 'Proteine',
	categorySlug: 'proteine',
	minPriceCents: 2990,
};

describe('addFavourite', () => {
	it('adds a product with its price in euros and cents and the time', () => {
		const result = addFavourite([], whey, now);
		expect(result).toEqual({
			ok: true,
			entries: [
				{
					id: 'whey-80',
					slug: 'whey-80',
					name: 'Whey 80',
					brandName: 'Nordika Nutrition',
					categoryName: 'Proteine',
					categorySlug: 'proteine',
					basePrice: 29.9,
					minPriceCents: 2990,
					addedAt: '2026-11-21T10:00:00.000Z',
				},
			],
		});
	});

	it('refuses a duplicate', () => {
		const first = addFavourite([], whey, now);
		if (!first.ok) throw new Error('setup');
		expect(addFavourite(first.entries, whey, now)).toEqual({ ok: false, error: 'duplicate' });
	});

	it.each([
		['nothing', null],
		['no id', { ...whey, id: '' }],
		['no slug', { ...whey, slug: '' }],
		['no name', { ...whey, name: '' }],
	])('refuses %s as missing data', (_name, product) => {
		expect(addFavourite([], product, now)).toEqual({ ok: false, error: 'missing' });
	});

	it('stores no price for a product without one, and the default category', () => {
		const result = addFavourite([], { ...whey, minPriceCents: null, categorySlug: '' }, now);
		expect(result.ok && result.entries[0]).toMatchObject({ categorySlug: 'proteine' });
		expect(result.ok && result.entries[0]).not.toHaveProperty('basePrice');
		expect(result.ok && result.entries[0]).not.toHaveProperty('minPriceCents');
	});
});

describe('removeFavourite and isFavourite', () => {
	it('removes only that product', () => {
		const added = addFavourite([], whey, now);
		const both = added.ok
			? addFavourite(added.entries, { ...whey, id: 'b', slug: 'b' }, now)
			: added;
		if (!both.ok) throw new Error('setup');
		const left = removeFavourite(both.entries, 'whey-80');
		expect(left.map((entry) => entry.id)).toEqual(['b']);
		expect(isFavourite(left, 'whey-80')).toBe(false);
		expect(isFavourite(left, 'b')).toBe(true);
	});
});

describe('parseFavourites', () => {
	const entry: FavouriteEntry = {
		id: 'a',
		slug: 'a',
		name: 'A',
		brandName: 'B',
		categoryName: 'C',
		categorySlug: 'c',
		addedAt: '2026-01-01T00:00:00.000Z',
	};
	it.each([
		['nothing stored', null, []],
		['an empty string', '', []],
		['broken JSON', '[{"id":', []],
		['an object instead of a list', '{"id":"a"}', []],
		['a number', '42', []],
		['entries without id or name', JSON.stringify([{ slug: 'x' }, { id: 'y', slug: 'y' }]), []],
		['a good list', JSON.stringify([entry]), [entry]],
		['a repeated id', JSON.stringify([entry, entry]), [entry]],
		['a good entry among bad ones', JSON.stringify([null, 'x', entry]), [entry]],
	])('%s', (_name, text, expected) => {
		expect(parseFavourites(text)).toEqual(expected);
	});
});

describe('entryPriceCents', () => {
	it.each([
		[{ minPriceCents: 2990, basePrice: 29.9 }, 2990],
		[{ basePrice: 29.9 }, 2990],
		[{ basePrice: 2990 }, 2990],
		[{ basePrice: 100 }, 10000],
		[{}, null],
		[{ basePrice: 0 }, null],
	])('%o → %s', (entry, expected) => {
		expect(entryPriceCents(entry)).toBe(expected);
	});
});

describe('savedCountText', () => {
	it.each([
		[1, '1 prodotto salvato'],
		[0, '0 prodotti salvati'],
		[3, '3 prodotti salvati'],
	])('%i → %s', (count, text) => {
		expect(savedCountText(count)).toBe(text);
	});
});

describe('favouriteCards', () => {
	const saved = (id: string, addedAt: string): FavouriteEntry => ({
		id,
		slug: id,
		name: `Vecchio ${id}`,
		brandName: 'Marca',
		categoryName: 'Proteine',
		categorySlug: 'proteine',
		basePrice: 19.9,
		minPriceCents: 1990,
		addedAt,
	});
	const entries = [saved('a', '2026-01-01T00:00:00Z'), saved('b', '2026-02-01T00:00:00Z')];
	const catalogue = [
		{
			slug: 'a',
			name: 'Nuovo nome',
			brand: 'Marca',
			categorySlug: 'proteine',
			categoryName: 'Proteine',
			description: 'Descrizione.',
			minPriceCents: 2490,
			imageUrl: '/_astro/a.webp',
			url: '/prodotti/proteine/a',
			isNew: true,
			pickup: null,
		},
	];

	it('refreshes from the catalogue and marks what is no longer sold, newest first', () => {
		const cards = favouriteCards(entries, catalogue);
		expect(cards.map((card) => [card.id, card.status, card.name, card.priceCents])).toEqual([
			['b', 'gone', 'Vecchio b', 1990],
			['a', 'current', 'Nuovo nome', 2490],
		]);
		expect(cards[1]).toMatchObject({ imageUrl: '/_astro/a.webp', isNew: true, pickup: null });
		expect(cards[0]?.pickup).toBeNull();
	});

	it('falls back to the stored fields when the catalogue cannot be read', () => {
		const cards = favouriteCards(entries, null);
		expect(cards.map((card) => card.status)).toEqual(['stored', 'stored']);
		expect(cards[0]).toMatchObject({
			href: '/prodotti/proteine/b',
			imageUrl: null,
			priceCents: 1990,
		});
	});
});

describe('parseFavourites with hostile stored values', () => {
	/** Every field of a kept entry has the type FavouriteEntry says. */
	function expectWellFormed(entry: FavouriteEntry) {
		for (const key of ['id', 'slug', 'name', 'brandName', 'categoryName', 'categorySlug']) {
			expect(typeof entry[key as keyof FavouriteEntry], key).toBe('string');
		}
		expect(Number.isNaN(Date.parse(entry.addedAt))).toBe(false);
		expect(
			Object.keys(entry).every((key) =>
				/^(id|slug|name|brandName|categoryName|categorySlug|basePrice|minPriceCents|addedAt)$/.test(
					key,
				),
			),
		).toBe(true);
		const cents = entryPriceCents(entry);
		expect(cents === null || (Number.isSafeInteger(cents) && cents > 0)).toBe(true);
		expect(entry.name.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
		expect(entry.categorySlug).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
	}

	it.each(HOSTILE_FAVOURITES)('$name: $kept', ({ value, kept }) => {
		const entries = parseFavourites(JSON.stringify([GOOD_ENTRY, value]));
		expect(entries[0]).toEqual(GOOD_ENTRY);
		expect(entries).toHaveLength(kept ? 2 : 1);
		for (const entry of entries) expectWellFormed(entry);
		// The page's cards: sorted, priced, never throwing, newest first.
		for (const catalogue of [null, []]) {
			const cards = favouriteCards(entries, catalogue);
			expect(cards.map((card) => card.id)).toEqual(entries.map((entry) => entry.id));
			for (const card of cards) expect(Number.isNaN(card.priceCents)).toBe(false);
		}
	});

	it('repairs what it can', () => {
		const [entry] = parseFavourites(
			JSON.stringify([
				{
					id: 42,
					slug: 'caseina',
					name: 'Caseina',
					brandName: 5,
					categorySlug: '../x',
					basePrice: 'abc',
					minPriceCents: '3690',
					addedAt: 7,
					extra: '<b>',
				},
			]),
		);
		expect(entry).toEqual({
			id: '42',
			slug: 'caseina',
			name: 'Caseina',
			brandName: '',
			categoryName: '',
			categorySlug: 'proteine',
			minPriceCents: 3690,
			addedAt: UNKNOWN_ADDED_AT,
		});
	});

	it('lists an entry without a saving time last', () => {
		const undated = { ...GOOD_ENTRY, id: 'b', slug: 'b', addedAt: undefined };
		const cards = favouriteCards(parseFavourites(JSON.stringify([undated, GOOD_ENTRY])), null);
		expect(cards.map((card) => card.id)).toEqual([GOOD_ENTRY.id, 'b']);
	});

	it(`reads at most ${MAX_FAVOURITES} entries of a huge list`, () => {
		const many = Array.from({ length: 50_000 }, (_, index) => ({
			...GOOD_ENTRY,
			id: `p${index}`,
			slug: `p${index}`,
		}));
		const entries = parseFavourites(JSON.stringify(many));
		expect(entries).toHaveLength(MAX_FAVOURITES);
		expect(entries[0]?.id).toBe('p0');
	});

	it.each([
		['a huge list of junk', JSON.stringify(Array.from({ length: 100_000 }, () => null))],
		['nested lists', '[[[[[[[[[[]]]]]]]]]]'],
		['a string', '"ciao"'],
		['true', 'true'],
	])('%s reads as an empty list', (_, text) => {
		expect(parseFavourites(text)).toEqual([]);
	});
});

describe('favouriteInput', () => {
	it('saves what a heart needs of a product’s view', () => {
		expect(favouriteInput(productView(WHEY))).toEqual({
			id: 'whey-80',
			slug: 'whey-80',
			name: 'Whey 80',
			brandName: 'Nordika Nutrition',
			categoryName: 'Proteine',
			categorySlug: 'proteine',
			minPriceCents: 2990,
		});
	});
});
