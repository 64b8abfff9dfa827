import { useStore } from '@nanostores/react';
import { $selectedVariant } from '../../../stores/variant';

/**
 * The id of the chosen variant, or the page's initial one until the picker has run. Hydration
 * renders the initial one, as the server did, even when the picker has already chosen another
 * (islands hydrate one after the other); the chosen one follows right after.
 */
export function useSelectedVariant(initialId: string): string {
	return useStore($selectedVariant, { ssr: 'initial' }) ?? initialId;
}
