import { expect, test, type APIRequestContext } from '@playwright/test';

/** Search engines: sitemap, robots.txt, canonical and sharing tags, structured data. */

const SITE = 'https://www.vigorsport.it';

/** One page of each type, with what its structured data must hold. */
const PAGES = [
	{ path: '/', types: ['Organization', 'Store', 'Store'] },
	{ path: '/negozi', types: ['Organization', 'Store', 'Store'] },
	{ path: '/prodotti', types: [] },
	{ path: '/prodotti/proteine', types: ['BreadcrumbList'] },
	{ path: '/prodotti/proteine/whey-isolate-90', types: ['BreadcrumbList', 'ProductGroup'] },
	{ path: '/contatti', types: [] },
	{ path: '/chi-siamo', types: [] },
] as const;

type Json = Record<string, unknown>;

const text = async (request: APIRequestContext, path: string) => {
	const response = await request.get(path);
	expect(response.status(), path).toBe(200);
	return response.text();
};

/** The values of an attribute on the tags that match a pattern. */
function attributeValues(html: string, tag: RegExp, attribute: string): string[] {
	return [...html.matchAll(tag)].map(
		([element]) => new RegExp(`${attribute}="([^"]*)"`).exec(element)?.[1] ?? '',
	);
}

const jsonLd = (html: string): Json[] =>
	[...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
		([, body]) => JSON.parse(body ?? 'null') as Json,
	);

test('robots.txt allows the site, keeps crawlers out of the API and names the sitemap', async ({
	request,
}) => {
	const robots = await text(request, '/robots.txt');
	expect(robots).toMatch(/^User-agent: \*$/m);
	expect(robots).toMatch(/^Disallow: \/api\/$/m);
	expect(robots).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
});

test('the sitemap lists every category and product, and no utility page', async ({ request }) => {
	const index = await text(request, '/sitemap-index.xml');
	const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc ?? '');
	expect(sitemaps.length).toBeGreaterThan(0);
	const urls: string[] = [];
	for (const sitemap of sitemaps) {
		const body = await text(request, new URL(sitemap).pathname);
		urls.push(...[...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc ?? ''));
	}
	const catalogue = (await (await request.get('/api/catalogue.json')).json()) as {
		products: { url: string }[];
	};
	expect(catalogue.products.length).toBeGreaterThan(50);
	for (const product of catalogue.products) expect(urls).toContain(`${SITE}${product.url}`);
	expect(urls).toContain(`${SITE}/prodotti/proteine`);
	expect(urls).toContain(`${SITE}/negozi`);
	for (const path of ['/404', '/offline', '/contatti/inviato', '/lista-ritiro/confermata']) {
		expect(urls).not.toContain(`${SITE}${path}`);
	}
});

for (const { path, types } of PAGES) {
	test(`${path}: canonical address, description, sharing image and structured data`, async ({
		request,
	}) => {
		const html = await text(request, path);
		expect(attributeValues(html, /<link rel="canonical"[^>]*>/g, 'href')).toEqual([
			`${SITE}${path === '/' ? '/' : path}`,
		]);
		const [description = ''] = attributeValues(html, /<meta name="description"[^>]*>/g, 'content');
		expect(description.length).toBeGreaterThan(50);
		expect(description.length).toBeLessThanOrEqual(160);
		for (const property of ['og:title', 'og:description', 'og:url', 'og:image']) {
			expect(html, property).toContain(`property="${property}"`);
		}
		expect(attributeValues(html, /<meta name="twitter:card"[^>]*>/g, 'content')).toEqual([
			'summary_large_image',
		]);
		// The sharing image is a real file of the site.
		const [image = ''] = attributeValues(html, /<meta property="og:image"[^>]*>/g, 'content');
		expect(image.startsWith(`${SITE}/`)).toBe(true);
		const file = await request.get(new URL(image).pathname);
		expect(file.status(), image).toBe(200);
		expect(file.headers()['content-type']).toMatch(/^image\//);

		const data = jsonLd(html);
		expect(data.map((item) => item['@type'])).toEqual(types);
		for (const item of data) expect(item['@context']).toBe('https://schema.org');
	});
}

test('each shop is a Store with address, phone, position and opening hours', async ({
	request,
}) => {
	const stores = jsonLd(await text(request, '/negozi')).filter((item) => item['@type'] === 'Store');
	expect(stores.map((store) => (store['address'] as Json)['addressLocality'])).toEqual(
		expect.arrayContaining(['Buttigliera Alta', 'Aosta']),
	);
	for (const store of stores) {
		const address = store['address'] as Json;
		expect(address['streetAddress']).toEqual(expect.any(String));
		expect(address['postalCode']).toMatch(/^\d{5}$/);
		expect(address['addressCountry']).toBe('IT');
		expect(store['telephone']).toMatch(/^\+39\d{6,11}$/);
		const geo = store['geo'] as Json;
		expect(geo['latitude']).toEqual(expect.any(Number));
		expect(geo['longitude']).toEqual(expect.any(Number));
		const hours = store['openingHoursSpecification'] as Json[];
		expect(hours.length).toBeGreaterThan(0);
		for (const spec of hours) {
			expect(spec['dayOfWeek']).toMatch(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/);
			expect(spec['opens']).toMatch(/^\d\d:\d\d$/);
			expect(spec['closes']).toMatch(/^\d\d:\d\d$/);
		}
	}
});
