import type { Page } from '@playwright/test';

/** The localStorage key of the pickup list and lines of it, as the buttons store them. */
export const PICKUP_KEY = 'vigorsport:lista-ritiro';

const WHEY = {
	productId: 'whey-concentrate-80',
	url: '/prodotti/proteine/whey-concentrate-80',
	name: 'Whey 80 Concentrate',
	brand: 'Nordika Nutrition',
	imageUrl: '',
};
const CREATINE = {
	productId: 'creatina-monoidrato',
	url: '/prodotti/aminoacidi-e-creatina/creatina-monoidrato',
	name: 'Creatina Monoidrato 200 Mesh',
	brand: 'Vigor Sport',
	imageUrl: '',
};

/**
 * Stored lines (stock in content: Torino / Aosta): vanilla 900 g 7 / 3, vanilla 2 kg 3 / 0,
 * biscuit 2 kg 0 / 2, creatine 500 g 9 / 5, biscuit 900 g 6 / 4.
 */
export const LINES = {
	vanilla900: {
		...WHEY,
		variantId: 'vaniglia-900-g',
		variantLabel: 'Vaniglia – 900 g',
		priceCents: 2990,
	},
	vanilla2kg: {
		...WHEY,
		variantId: 'vaniglia-2-kg',
		variantLabel: 'Vaniglia – 2 kg',
		priceCents: 5490,
	},
	biscuit2kg: {
		...WHEY,
		variantId: 'biscotto-2-kg',
		variantLabel: 'Biscotto – 2 kg',
		priceCents: 5490,
	},
	creatine500: { ...CREATINE, variantId: '500-g', variantLabel: '500 g', priceCents: 2490 },
	/** Reserved by no other test: the held-stock test counts its pieces. */
	biscuit900: {
		...WHEY,
		variantId: 'biscotto-900-g',
		variantLabel: 'Biscotto – 900 g',
		priceCents: 2990,
	},
} as const;

/** Stores a pickup list before the page's scripts run, on every page the test opens. */
export async function storeList(
	page: Page,
	...lines: { line: (typeof LINES)[keyof typeof LINES]; quantity: number }[]
): Promise<void> {
	const value = JSON.stringify(lines.map(({ line, quantity }) => ({ ...line, quantity })));
	await page.addInitScript(
		([key, stored]) => {
			// Once: a page that changes the list keeps its change across reloads.
			if (sessionStorage.getItem('lista-ritiro-seminata')) return;
			sessionStorage.setItem('lista-ritiro-seminata', '1');
			localStorage.setItem(key, stored);
		},
		[PICKUP_KEY, value] as const,
	);
}

/** The stored list, as the page left it. */
export async function storedList(page: Page): Promise<{ variantId: string; quantity: number }[]> {
	return page.evaluate(
		(key) =>
			JSON.parse(localStorage.getItem(key) ?? '[]') as { variantId: string; quantity: number }[],
		PICKUP_KEY,
	);
}
