import { slugify } from '../../src/lib/format/text';
import type { Badge } from '../../src/lib/content/product-schema';
import type { Flags } from './frontmatter';
import { asFlag, asList, asText, isRecord, pick, shorten, type Notes } from './values';

/**
 * The product fields of the old API (docs/import.md) in all their spellings: slug, brand, offer and
 * badge flags, photos. Category: category.ts; prices, stock and variants: variants.ts.
 */

/** The product's slug: its own, else made from the name. */
export function productSlug(record: Record<string, unknown>, name: string, notes: Notes): string {
	const own = slugify(asText(record['slug']) ?? '');
	if (own) return own;
	notes.fallback('slug', `slug mancante: ricavato dal nome («${slugify(name)}»)`);
	return slugify(name);
}

/** The brand in any spelling (brand_name, brandName, brand or brand.name). */
export function brandOf(record: Record<string, unknown>, notes: Notes): string {
	const brand = record['brand'];
	const text =
		asText(pick(record, ['brand_name', 'brandName'])?.value) ??
		asText(brand) ??
		(isRecord(brand) ? asText(brand['name']) : undefined);
	if (text) return shorten(text, 40);
	notes.fallback('brand', 'marca mancante: indicata «Vigor Sport», da verificare');
	return 'Vigor Sport';
}

/** Badges of this site and the old flags they come from. */
const BADGE_FLAGS: readonly (readonly [flag: string, badge: Badge])[] = [
	['bestPrice', 'miglior-prezzo'],
	['immediateAvailability', 'disponibile'],
	['freeShipping', 'spedizione-gratuita'],
	['newArrival', 'nuovo'],
	['fastDelivery', 'consegna-24h'],
	['staffPick', 'consigliato'],
	['localProduct', 'valle-d-aosta'],
];

/** Maps the badge flags, best seller and new flags, and the special offer. */
export function mapFlags(record: Record<string, unknown>, notes: Notes): Flags {
	const flags: Flags = { badges: [] };
	for (const [flag, badge] of BADGE_FLAGS) {
		if (asFlag(record[flag])) flags.badges.push(badge);
	}
	for (const badge of ['spedizione-gratuita', 'consegna-24h'] as const) {
		if (flags.badges.includes(badge)) {
			notes.warning(
				'badges',
				`«${badge}»: il sito non spedisce, tienilo solo se il servizio esiste`,
			);
		}
	}
	const isNew = asFlag(pick(record, ['is_new', 'isNew'])?.value);
	if (isNew) flags.isNew = true;
	if (asFlag(pick(record, ['isBestSeller', 'is_best_seller'])?.value)) flags.ribbon = 'best-seller';
	else if (isNew) flags.ribbon = 'novita';
	const offer = asText(pick(record, ['specialOfferText', 'special_offer_text'])?.value);
	const hasOffer = asFlag(pick(record, ['has_special_offer', 'hasSpecialOffer'])?.value);
	if (hasOffer && offer) flags.offer = shorten(offer, 80);
	else if (hasOffer) notes.warning('offer', 'offerta segnalata senza testo: non mostrata');
	else if (offer) notes.warning('offer', 'testo di offerta senza offerta attiva: non mostrato');
	return flags;
}

/** The addresses of the old photos (image_url, primaryImage, images[].src). */
export function legacyImageUrls(record: Record<string, unknown>): string[] {
	const urls = [
		pick(record, ['image_url', 'imageUrl'])?.value,
		record['primaryImage'],
		...asList(record['images']),
	].flatMap((item) => {
		const url = isRecord(item) ? (item['src'] ?? item['url']) : item;
		return typeof url === 'string' && url.trim() ? [url.trim()] : [];
	});
	return [...new Set(urls)];
}
