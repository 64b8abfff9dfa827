import { describe, expect, it } from 'vitest';
import { rawRequest, useSimulationServer } from '../helpers/contact';
import { builtSettings, WHEY } from '../helpers/pickup';

/**
 * Google's local inventory feed on the built server: behind HTTP basic authentication with the
 * settings' credentials (401 otherwise), no route at all without them (404), and a file that
 * follows Google's rules: its headings, its values, one row per store and variant, ids that are
 * those of the static local products feed.
 */
const withFeed = useSimulationServer({
	GOOGLE_FEED_USER: 'google',
	GOOGLE_FEED_PASSWORD: 's3greto-lungo',
});
const withoutFeed = useSimulationServer();

const FEED = '/api/google/inventario-locale';
const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

describe('the local inventory feed', () => {
	it('has no route without credentials in the settings', async () => {
		const answer = await rawRequest(`${withoutFeed.url}${FEED}`, {
			method: 'GET',
			headers: { Authorization: basic('google:s3greto-lungo') },
		});
		expect(answer.status).toBe(404);
	});

	it('refuses missing and wrong credentials with 401', async () => {
		for (const authorization of [
			undefined,
			basic('google:sbagliata'),
			basic('altro:s3greto-lungo'),
			basic('google:s3greto-lungo-e-altro'),
			'Bearer s3greto-lungo',
		]) {
			const answer = await rawRequest(`${withFeed.url}${FEED}`, {
				method: 'GET',
				headers: authorization ? { Authorization: authorization } : {},
			});
			expect(answer.status).toBe(401);
			expect(answer.headers['www-authenticate']).toMatch(/^Basic realm=/);
			expect(answer.body).not.toContain('store code');
		}
	});

	it('validates: headings, values, one row per store and variant', async () => {
		const answer = await rawRequest(`${withFeed.url}${FEED}`, {
			method: 'GET',
			headers: { Authorization: basic('google:s3greto-lungo') },
		});
		expect(answer.status).toBe(200);
		expect(answer.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
		expect(answer.headers['cache-control']).toBe('no-store');
		const [heading, ...lines] = answer.body.trimEnd().split('\n');
		expect(heading).toBe(
			'store code\tid\tavailability\tquantity\tprice\tpickup method\tpickup sla',
		);
		const rows = lines.map((line) => line.split('\t'));
		const codes = builtSettings()
			.shops.map((shop) => shop.googleStoreCode)
			.filter((code): code is string => typeof code === 'string');
		expect(codes.length).toBeGreaterThan(0);

		// The static local products feed of the same build names every variant once.
		const products = await rawRequest(`${withFeed.url}/feed/prodotti-locali.tsv`, {
			method: 'GET',
		});
		expect(products.status).toBe(200);
		const productIds = products.body
			.trimEnd()
			.split('\n')
			.slice(1)
			.map((line) => line.split('\t')[0] ?? '');
		expect(new Set(productIds).size).toBe(productIds.length);
		// One row per store and variant: every variant of the products feed at every store.
		expect(rows).toHaveLength(productIds.length * codes.length);
		const pairs = new Set(rows.map((row) => `${row[0]} ${row[1]}`));
		expect(pairs.size).toBe(rows.length);
		for (const code of codes) {
			for (const id of productIds) expect(pairs.has(`${code} ${id}`)).toBe(true);
		}
		for (const [code, id, availability, quantity, price, method, sla] of rows) {
			expect(codes).toContain(code);
			expect(id?.length).toBeLessThanOrEqual(50);
			const pieces = Number(quantity);
			expect(Number.isSafeInteger(pieces) && pieces >= 0).toBe(true);
			expect(availability).toBe(
				pieces >= 3 ? 'in_stock' : pieces >= 1 ? 'limited_availability' : 'out_of_stock',
			);
			expect(price).toMatch(/^\d+\.\d{2} EUR$/);
			expect(method).toBe('reserve');
			expect(['same day', 'next day']).toContain(sla);
		}
		// The sample shop's Whey at Torino: its pieces and price.
		const torino = builtSettings().shops.find((shop) => shop.id === 'torino')?.googleStoreCode;
		const whey = rows.find(
			(row) => row[0] === torino && row[1] === `${WHEY.productId}~${WHEY.variantId}`,
		);
		expect(whey?.slice(2, 5)).toEqual(['in_stock', String(WHEY.stock.torino), '54.90 EUR']);
	});
});
