import { canonicalUrl } from './canonical';

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
	};
}

/** JSON for a <script type="application/ld+json">, with "<" escaped so text cannot close the tag. */
export function jsonLdText(data: unknown): string {
	return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** What the product structured data needs to know of a variant. */
export interface VariantOffer {
	id: string;
	flavour: string | null;
	size: string;
	priceCents: number;
	inStock: boolean;
	image: string;
}

/**
 * schema.org ProductGroup with one Product per variant. Sales happen only in the shops, so an
 * available variant is InStoreOnly and one that no shop has is OutOfStock.
 */
export function productGroup(input: {
	name: string;
	description: string;
	brand: string;
	slug: string;
	url: string;
	category: string;
	variants: readonly VariantOffer[];
}) {
	const flavoured = input.variants.some((variant) => variant.flavour);
	return {
		'@context': 'https://schema.org',
		'@type': 'ProductGroup',
		name: input.name,
		description: input.description,
		brand: { '@type': 'Brand', name: input.brand },
		category: input.category,
		productGroupID: input.slug,
		url: input.url,
		variesBy: flavoured
			? ['https://schema.org/size', 'https://schema.org/pattern']
			: ['https://schema.org/size'],
		hasVariant: input.variants.map((variant) => ({
			'@type': 'Product',
			sku: `${input.slug}-${variant.id}`,
			name: [input.name, variant.flavour, variant.size].filter(Boolean).join(' – '),
			image: variant.image,
			size: variant.size,
			...(variant.flavour ? { pattern: variant.flavour } : {}),
			offers: {
				'@type': 'Offer',
				url: `${input.url}?variante=${variant.id}`,
				price: (variant.priceCents / 100).toFixed(2),
				priceCurrency: 'EUR',
				availability: variant.inStock
					? 'https://schema.org/InStoreOnly'
					: 'https://schema.org/OutOfStock',
				itemCondition: 'https://schema.org/NewCondition',
			},
		})),
	};
}
