import { describe, expect, it } from 'vitest';
import {
	breadcrumbList,
	jsonLdText,
	organization,
	productGroup,
	store,
} from '../../../../src/lib/seo/structured-data';
import { productView } from '../../../../src/lib/content/product-view';
import { WHEY } from '../../../fixtures/products';

describe('breadcrumbList', () => {
	it('numbers the trail and makes absolute URLs', () => {
		expect(
			breadcrumbList(
				[
					{ name: 'Home', path: '/' },
					{ name: 'Prodotti', path: '/prodotti' },
				],
				'https://www.vigorsport.it',
			),
		).toEqual({
			'@context': 'https://schema.org',
			'@type': 'BreadcrumbList',
			itemListElement: [
				{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.vigorsport.it/' },
				{
					'@type': 'ListItem',
					position: 2,
					name: 'Prodotti',
					item: 'https://www.vigorsport.it/prodotti',
				},
			],
		});
	});
});

describe('productGroup', () => {
	const url = 'https://www.vigorsport.it/prodotti/proteine/whey-80';
	const view = productView({
		...WHEY,
		data: {
			...WHEY.data,
			variants: [
				{ flavour: 'Cioccolato', size: '900 g', price: 3990 },
				{
					flavour: 'Vaniglia',
					size: '900 g',
					price: 3890,
					image: { src: 'vaniglia.jpg', alt: 'Whey 80 Vaniglia' },
				},
			],
		},
	});
	const pictureUrls = ['https://x/a.webp', 'https://x/b.webp'];
	const group = productGroup(view, url, pictureUrls);

	it('has one product per variant with its price, sold in store (no stock level)', () => {
		expect(group).toMatchObject({
			name: 'Whey 80',
			description: 'Proteine del siero del latte.',
			brand: { '@type': 'Brand', name: 'Nordika Nutrition' },
			category: 'Proteine',
			productGroupID: 'whey-80',
			url,
		});
		expect(group.hasVariant).toHaveLength(2);
		expect(group.hasVariant[0]).toMatchObject({
			'@type': 'Product',
			sku: 'whey-80-cioccolato-900-g',
			name: 'Whey 80 – Cioccolato – 900 g',
			pattern: 'Cioccolato',
			offers: {
				price: '39.90',
				priceCurrency: 'EUR',
				availability: 'https://schema.org/InStoreOnly',
				url: 'https://www.vigorsport.it/prodotti/proteine/whey-80?variante=cioccolato-900-g',
			},
		});
		expect(group.hasVariant[1]?.offers.availability).toBe('https://schema.org/InStoreOnly');
	});

	it('varies by size and flavour', () => {
		expect(group.variesBy).toEqual(['https://schema.org/size', 'https://schema.org/pattern']);
	});

	it('gives each variant its own photo or the product’s, and real photos only', () => {
		expect(group.hasVariant.map((variant) => variant.image)).toEqual(pictureUrls);
		const placeholderOnly = productGroup({ ...view, hasOwnPhotos: false }, url, pictureUrls);
		expect(placeholderOnly.hasVariant.map((variant) => variant.image)).toEqual([
			undefined,
			'https://x/b.webp',
		]);
	});

	it('varies by size alone without flavours, and gives no image without a photo', () => {
		const shaker = productView({
			...WHEY,
			slug: 'shaker',
			data: { ...WHEY.data, variants: [{ size: 'Formato unico', price: 690 }] },
			hasOwnPhotos: false,
		});
		const withoutPhoto = productGroup(shaker, url, ['https://x/foto-in-arrivo.webp']);
		expect(withoutPhoto.variesBy).toEqual(['https://schema.org/size']);
		expect(withoutPhoto.hasVariant[0]).not.toHaveProperty('image');
		expect(withoutPhoto.hasVariant[0]?.offers.availability).toBe('https://schema.org/InStoreOnly');
	});
});

describe('jsonLdText', () => {
	it('escapes < so the text cannot close the script tag', () => {
		expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).not.toContain('<');
		expect(JSON.parse(jsonLdText({ name: '<b>' }))).toEqual({ name: '<b>' });
	});
});

describe('organization and store', () => {
	const shop = {
		id: 'torino',
		name: 'Sede di Torino',
		description: 'Il primo negozio.',
		phone: '+39 011 932 4817',
		email: 'torino@vigorsport.it',
		street: 'Corso Torino 85',
		postcode: '10090',
		town: 'Buttigliera Alta',
		province: 'TO',
		lat: 45.07,
		lng: 7.44,
		mapLink: 'https://www.openstreetmap.org/?mlat=45.07&mlon=7.44',
		image: 'https://www.vigorsport.it/_astro/negozio.webp',
		openingHours: [
			{
				'@type': 'OpeningHoursSpecification' as const,
				dayOfWeek: 'Monday' as const,
				opens: '09:30',
				closes: '12:30',
			},
		],
	};

	it('describes a shop as a Store with address, phone, geo and hours', () => {
		expect(store('https://www.vigorsport.it/', 'Vigor Sport', shop)).toMatchObject({
			'@type': 'Store',
			'@id': 'https://www.vigorsport.it/negozi#torino',
			name: 'Vigor Sport – Sede di Torino',
			telephone: '+390119324817',
			address: { postalCode: '10090', addressLocality: 'Buttigliera Alta', addressCountry: 'IT' },
			geo: { latitude: 45.07, longitude: 7.44 },
			openingHoursSpecification: [{ dayOfWeek: 'Monday', opens: '09:30' }],
			parentOrganization: { '@id': 'https://www.vigorsport.it/#organizzazione' },
		});
	});

	it('links the organization to its shops', () => {
		const org = organization({
			name: 'Vigor Sport',
			legalName: 'Vigor Sport S.r.l.',
			url: 'https://www.vigorsport.it/',
			logo: 'https://www.vigorsport.it/logo.svg',
			vatID: 'IT10873450018',
			foundingDate: '2006',
			sameAs: ['https://www.facebook.com/vigorsport'],
			shops: [shop],
		});
		expect(org.department).toEqual([{ '@id': 'https://www.vigorsport.it/negozi#torino' }]);
		expect(org['@id']).toBe('https://www.vigorsport.it/#organizzazione');
	});
});
