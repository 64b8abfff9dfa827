import { useStore } from '@nanostores/react';
import { $selectedVariant } from '../../stores/variant';

/** The id of the chosen variant, or the page's initial one until the picker has run. */
export function useSelectedVariant(initialId: string): string {
	return useStore($selectedVariant) ?? initialId;
}
