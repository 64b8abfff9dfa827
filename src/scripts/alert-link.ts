/**
 * The product page's link 'Avvisami quando torna disponibile' (docs/alerts.md), written after the
 * first paint (a late part), so the page's HTML carries nothing of it: the link appears under
 * 'Disponibile nei nostri negozi' once the live figures say that a shop has no free piece of the
 * chosen variant, follows the variant chosen, and opens the form's page
 * (/avviso?prodotto=…&variante=…).
 */
import { alertFormPath } from '../lib/alerts/paths';
import { variantLive } from '../lib/catalogue/live-stock';
import { $liveStock } from '../stores/live-stock';
import { $selectedVariant } from '../stores/variant';

const CLASS =
	'flex min-h-11 w-full items-center justify-center rounded-lg border-2 border-night px-6 py-2 font-semibold text-night transition-colors hover:bg-night hover:text-white';

/** Places the link, hidden, and keeps it in step with the figures and the variant chosen. */
function watch(): void {
	const spot = document.querySelector<HTMLElement>('[data-availability] [data-product]');
	const box = spot?.closest('[data-availability]')?.closest('astro-island')?.parentElement;
	const productId = spot?.dataset['product'];
	const initialId = spot?.dataset['variant'];
	if (!box || !productId || !initialId) return;
	const link = document.createElement('a');
	link.className = CLASS;
	link.dataset['alertLink'] = '';
	link.dataset['pagefindIgnore'] = '';
	link.textContent = 'Avvisami quando torna disponibile';
	link.hidden = true;
	box.after(link);
	const update = () => {
		const variantId = $selectedVariant.get() ?? initialId;
		const live = variantLive($liveStock.get(), productId, variantId);
		const empty =
			live.kind === 'ready' && Object.values(live.pieces).some((pieces) => pieces === 0);
		link.hidden = !(empty || live.kind === 'gone');
		link.href = alertFormPath(productId, variantId);
	};
	$liveStock.subscribe(update);
	$selectedVariant.subscribe(update);
}

/** The late part's one step (src/scripts/late/parts.ts). */
export const steps = [watch];
