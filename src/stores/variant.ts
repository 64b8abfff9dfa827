import { atom } from 'nanostores';

/** The query parameter of the chosen variant in the address. */
export const VARIANT_PARAM = 'variante';

/**
 * The variant chosen on a product page (its id, as in ?variante=). Shared by the picker, price,
 * image, availability and reservation islands. Null until the picker hydrates; islands show the
 * page's initial variant meanwhile.
 */
export const $selectedVariant = atom<string | null>(null);

/** Chooses a variant and records it in the address, so a shared link opens the same one. */
export function selectVariant(id: string): void {
	$selectedVariant.set(id);
}
