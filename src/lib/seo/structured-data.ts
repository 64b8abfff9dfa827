import type {
	BreadcrumbList,
	OpeningHoursSpecification,
	Organization,
	ProductGroup,
	Store,
	WithContext,
} from 'schema-dts';
import type { ProductView } from '../catalogue/view';
import { schemaPrice } from '../format/price';
import { canonicalUrl } from './canonical';

// Each builder's result `satisfies` its schema.org type from schema-dts: `astro check` refuses a
// property the type does not have, or a value of the wrong type, as a schema validator would.

/** schema.org BreadcrumbList for a trail of pages, home first. */
export function breadcrumbList(
	items: readonly { name: string; path: string }[],
	site: URL | string,
) {
	return {
		'@context': 'https://schema.org',
		'@type': 'BreadcrumbList',
		itemListElement: items.map((item, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: item.name,
			item: canonicalUrl(item.path, site),
		})),
	} satisfies WithContext<BreadcrumbList>;
}

/** JSON for a <script type="application/ld+json">, with "<" escaped so text cannot close the tag. */
export function jsonLdText(data: unknown): string {
	return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** What the product structured data says of a variant. */
export interface VariantOffer {
	id: string;
	flavour: string | null;
	size: string;
	priceCents: number;
	/** The variant's photo; none while the product has only the 'Foto in arrivo' picture. */
	image?: string;
}

/** What the product structured data reads of the product's view. */
export type StructuredProduct = Pick<
	ProductView<unknown>,
	'name' | 'description' | 'brand' | 'slug' | 'category' | 'variants' | 'byVariant' | 'hasOwnPhotos'
>;

/**
 * The offers of the structured data, one per variant, given the absolute URLs of the view's
 * pictures. Search engines get real photos only, never the 'Foto in arrivo' picture.
 */
function variantOffers(view: StructuredProduct, pictureUrls: readonly string[]): VariantOffer[] {
	return view.variants.map((variant) => {
		const own = view.byVariant[variant.id];
		const image = own !== undefined || view.hasOwnPhotos ? pictureUrls[own ?? 0] : undefined;
		return {
			id: variant.id,
			flavour: variant.flavour,
			size: variant.size,
			priceCents: variant.priceCents,
			...(image ? { image } : {}),
		};
	});
}

/**
 * schema.org ProductGroup of a product's view with one Product per variant, given its canonical
 * URL and the absolute URLs of its pictures. Sales happen only in the shops, so every offer is
 * InStoreOnly: the build cannot know how many pieces the shops have now (the page reads that
 * from the server after it has painted), and a stock level in the page would soon be stale.
 */
export function productGroup(view: StructuredProduct, url: string, pictureUrls: readonly string[]) {
	const variants = variantOffers(view, pictureUrls);
	const flavoured = variants.some((variant) => variant.flavour);
	return {
		'@context': 'https://schema.org',
		'@type': 'ProductGroup',
		name: view.name,
		description: view.description,
		brand: { '@type': 'Brand', name: view.brand },
		category: view.category.name,
		productGroupID: view.slug,
		url,
		variesBy: flavoured
			? ['https://schema.org/size', 'https://schema.org/pattern']
			: ['https://schema.org/size'],
		hasVariant: variants.map((variant) => ({
			'@type': 'Product',
			sku: `${view.slug}-${variant.id}`,
			name: [view.name, variant.flavour, variant.size].filter(Boolean).join(' – '),
			...(variant.image ? { image: variant.image } : {}),
			size: variant.size,
			...(variant.flavour ? { pattern: variant.flavour } : {}),
			offers: {
				'@type': 'Offer',
				url: `${url}?variante=${variant.id}`,
				price: schemaPrice(variant.priceCents),
				priceCurrency: 'EUR',
				availability: 'https://schema.org/InStoreOnly',
				itemCondition: 'https://schema.org/NewCondition',
			},
		})),
	} satisfies WithContext<ProductGroup>;
}

/** What the structured data needs of a shop. */
export interface ShopData {
	id: string;
	name: string;
	description: string;
	phone: string;
	email: string;
	street: string;
	postcode: string;
	town: string;
	province: string;
	lat: number;
	lng: number;
	mapLink: string;
	image: string;
	openingHours: OpeningHoursSpecification[];
}

/** schema.org Organization for the company, with its shops as departments. */
export function organization(input: {
	name: string;
	legalName: string;
	url: string;
	logo: string;
	vatID: string;
	foundingDate: string;
	sameAs: string[];
	shops: readonly ShopData[];
}) {
	return {
		'@context': 'https://schema.org',
		'@type': 'Organization',
		'@id': `${input.url}#organizzazione`,
		name: input.name,
		legalName: input.legalName,
		url: input.url,
		logo: input.logo,
		vatID: input.vatID,
		foundingDate: input.foundingDate,
		sameAs: input.sameAs,
		department: input.shops.map((shop) => ({ '@id': storeId(input.url, shop.id) })),
	} satisfies WithContext<Organization>;
}

/** The stable @id of a shop's Store node. */
function storeId(siteUrl: string, shopId: string): string {
	return `${siteUrl}negozi#${shopId}`;
}

/** schema.org Store for one shop: address, phone, geo and opening hours. */
export function store(siteUrl: string, organizationName: string, shop: ShopData) {
	return {
		'@context': 'https://schema.org',
		'@type': 'Store',
		'@id': storeId(siteUrl, shop.id),
		name: `${organizationName} – ${shop.name}`,
		description: shop.description,
		url: `${siteUrl}negozi`,
		image: shop.image,
		telephone: shop.phone.replace(/\s+/g, ''),
		email: shop.email,
		hasMap: shop.mapLink,
		address: {
			'@type': 'PostalAddress',
			streetAddress: shop.street,
			postalCode: shop.postcode,
			addressLocality: shop.town,
			addressRegion: shop.province,
			addressCountry: 'IT',
		},
		geo: { '@type': 'GeoCoordinates', latitude: shop.lat, longitude: shop.lng },
		openingHoursSpecification: shop.openingHours,
		parentOrganization: { '@id': `${siteUrl}#organizzazione` },
	} satisfies WithContext<Store>;
}
