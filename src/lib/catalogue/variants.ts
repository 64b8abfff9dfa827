import { slugify } from '../format/text';

/**
 * Variant selection (docs/catalogue.md). The product page's islands receive `VariantView`s and
 * use these rules; the build uses them too. The build knows no stock: which variants some shop
 * has is the live figure's (live-stock.ts), passed in as `canChoose` where it matters.
 */

/** A variant as the page and its islands see it: serialisable, prices in cents. */
export interface VariantView {
	/** Stable id used in ?variante=: "cioccolato-900-g", or "900-g" without a flavour. */
	id: string;
	flavour: string | null;
	size: string;
	priceCents: number;
	originalPriceCents: number | null;
}

/** A variant as written in a product's content file, prices already in cents. */
export interface VariantInput {
	flavour?: string | undefined;
	size: string;
	price: number;
	originalPrice?: number | undefined;
}

/** The view of a content variant. */
export function toVariantView(variant: VariantInput): VariantView {
	return {
		id: variantId(variant.flavour, variant.size),
		flavour: variant.flavour ?? null,
		size: variant.size,
		priceCents: variant.price,
		originalPriceCents: variant.originalPrice ?? null,
	};
}

/** A variant as the product page names it: "Biscotto – 2 kg", or "2 kg" without a flavour. */
export function variantLabel(flavour: string | null | undefined, size: string): string {
	return [flavour, size].filter(Boolean).join(' – ');
}

/** A variant with its label, as the product view model holds it (lib/catalogue/view.ts). */
export interface LabelledVariant extends VariantView {
	label: string;
}

/** A shop as the availability box shows it. */
export interface ShopRef {
	id: string;
	shortName: string;
}

/** The id of a variant from its flavour and size. */
export function variantId(flavour: string | null | undefined, size: string): string {
	return slugify(flavour ? `${flavour} ${size}` : size);
}

/** Distinct flavours in the order of the content file (empty when variants have none). */
export function flavoursOf(variants: readonly VariantView[]): string[] {
	return [...new Set(variants.flatMap((variant) => (variant.flavour ? [variant.flavour] : [])))];
}

/** The variants of one flavour, in content order (all variants when there are no flavours). */
export function variantsOfFlavour(
	variants: readonly VariantView[],
	flavour: string | null,
): VariantView[] {
	return variants.filter((variant) => variant.flavour === flavour);
}

/** Whether a variant can be chosen; by default every one can (the figure is not known yet). */
export type CanChoose = (variant: VariantView) => boolean;

const ANY: CanChoose = () => true;

/** The first size of a flavour that can be chosen (some shop has it), else its first size. */
export function firstChoice(
	variants: readonly VariantView[],
	flavour: string | null,
	canChoose: CanChoose = ANY,
): VariantView | null {
	const ofFlavour = variantsOfFlavour(variants, flavour);
	return ofFlavour.find(canChoose) ?? ofFlavour[0] ?? null;
}

/**
 * The variant selected when the page opens: the one named by ?variante= if it exists, else the
 * first flavour and its first size. The build cannot know which sizes the shops have, and the
 * page does not change the visitor's variant (and its price) under their eyes when the live
 * figure arrives: a size no shop has then says 'Esaurito'.
 */
export function initialVariant(
	variants: readonly VariantView[],
	requestedId?: string | null,
): VariantView | null {
	const requested = requestedId
		? variants.find((variant) => variant.id === requestedId)
		: undefined;
	if (requested) return requested;
	return firstChoice(variants, variants[0]?.flavour ?? null);
}

/** After the visitor picks a flavour: its first size some shop has, when that is known. */
export function selectFlavour(
	variants: readonly VariantView[],
	flavour: string,
	canChoose: CanChoose = ANY,
): VariantView | null {
	return firstChoice(variants, flavour, canChoose);
}

/** After the visitor picks a size within the current flavour. */
export function selectSize(
	variants: readonly VariantView[],
	flavour: string | null,
	size: string,
): VariantView | null {
	return variants.find((variant) => variant.flavour === flavour && variant.size === size) ?? null;
}

/** The size control's label: 'Formato' when there are several flavours, else 'Quantità'. */
export function sizeLabel(variants: readonly VariantView[]): 'Formato' | 'Quantità' {
	return flavoursOf(variants).length > 1 ? 'Formato' : 'Quantità';
}

/** The lowest price among variants, in cents; null without variants. */
export function lowestPrice(variants: readonly Pick<VariantView, 'priceCents'>[]): number | null {
	const prices = variants.map((variant) => variant.priceCents).filter((cents) => cents > 0);
	return prices.length ? Math.min(...prices) : null;
}

/** Colour of the dot next to each flavour; grey when the flavour is not in the map. */
const FLAVOUR_COLOURS: [RegExp, string][] = [
	[/cioccolato|cacao|brownie/, '#5b3a29'],
	[/caff|cappuccino|mocaccino/, '#6f4e37'],
	[/vaniglia|panna|crema/, '#f3e5ab'],
	[/fragola|frutti rossi|lampone|ciliegia/, '#e0435e'],
	[/frutti di bosco|mirtillo|uva/, '#6b3fa0'],
	[/banana/, '#f5d547'],
	[/limone|lime/, '#d9e650'],
	[/arancia|pesca|albicocca|mango|tropical/, '#f28c28'],
	[/cocco|neutro|naturale|latte/, '#f7f7f2'],
	[/caramello|biscotto|cookie|nocciola|burro di arachidi/, '#b9783f'],
	[/pistacchio|mela verde|menta|tè verde/, '#8fbf5a'],
	[/cola|energy/, '#8b1e1e'],
	[/anguria|pompelmo/, '#f26b6b'],
	[/nero/, '#1f1f1f'],
	[/bianco/, '#ffffff'],
	[/blu|navy/, '#1e3a8a'],
	[/rosso/, '#dc2626'],
	[/giallo/, '#facc15'],
	[/grigio/, '#9ca3af'],
	[/verde/, '#16a34a'],
];

/** The dot colour of a flavour. */
export function flavourColour(flavour: string): string {
	const name = flavour.toLowerCase();
	return FLAVOUR_COLOURS.find(([pattern]) => pattern.test(name))?.[1] ?? '#9ca3af';
}
