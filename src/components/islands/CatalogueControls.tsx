import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
	applyQuery,
	DEFAULT_QUERY,
	PRICE_BANDS,
	movesToArrange,
	parseQuery,
	serializeQuery,
	SORT_OPTIONS,
	ALL_BRANDS,
	type CatalogueQuery,
	type SortKey,
	type SortableProduct,
} from '../../lib/catalogue/sort-filter';
import { FiltersButton, FiltersPanel } from './shared/FiltersToggle';
import LabelledSelect, { brandChoices } from './shared/LabelledSelect';

/** What the island knows of each product: enough to sort and filter the server-rendered cards. */
export type CatalogueItem = SortableProduct & { slug: string };

export type CatalogueControlsProps = {
	products: CatalogueItem[];
	/** Distinct brands, alphabetically. */
	brands: string[];
	/** id of the <ul> whose <li data-product="slug"> children are the cards. */
	gridId: string;
};

/** "1 prodotto" / "N prodotti". */
function countText(count: number): string {
	return count === 1 ? '1 prodotto' : `${count} prodotti`;
}

/** Keeps the choices in the address, as a new history entry. */
function rememberInAddress(query: CatalogueQuery): void {
	const url = `${window.location.pathname}${serializeQuery(query)}${window.location.hash}`;
	window.history.pushState(null, '', url);
}

/**
 * Sort and filter controls of a category page. The cards are static HTML; this island
 * only reorders and hides them, and keeps the choices in the address (?ordina, ?marca, ?prezzo)
 * so that a link can be shared and the back button restores them.
 */
export default function CatalogueControls({ products, brands, gridId }: CatalogueControlsProps) {
	const [query, setQuery] = useState<CatalogueQuery>(DEFAULT_QUERY);
	const [ready, setReady] = useState(false);
	const [panelOpen, setPanelOpen] = useState(false);
	const ids = { sort: useId(), brand: useId(), band: useId(), panel: useId() };
	const sortField = useRef<HTMLSelectElement>(null);

	const visible = useMemo(() => applyQuery(products, query), [products, query]);

	// Read the address once hydrated, and again when the visitor goes back or forward. The
	// controls work before hydration (a phone's first tap is never lost): a tap on
	// 'Filtri' is held and replayed by client:interaction, and a sort chosen in the server's
	// <select> while the island was loading is applied here, as if chosen now.
	useEffect(() => {
		const read = () => {
			const next = parseQuery(window.location.search, brands);
			setQuery(next);
			if (next.brand !== ALL_BRANDS || next.band !== 'tutti') setPanelOpen(true);
			return next;
		};
		const fromAddress = read();
		// Changed by the visitor: no longer the option the server's HTML selected.
		const field = sortField.current;
		const served = field && [...field.options].find((option) => option.defaultSelected);
		const chosen = field && served && field.value !== served.value ? field.value : null;
		if (chosen && chosen !== fromAddress.sort && SORT_OPTIONS.some((o) => o.value === chosen)) {
			const next = { ...fromAddress, sort: chosen as SortKey };
			setQuery(next);
			rememberInAddress(next);
		}
		setReady(true);
		window.addEventListener('popstate', read);
		return () => window.removeEventListener('popstate', read);
	}, [brands]);

	// Reorder and hide the cards: moving the nodes keeps the tab order equal to the visual order.
	// Only the cards out of place move: on the first use of the page nothing does.
	useEffect(() => {
		if (!ready) return;
		const grid = document.getElementById(gridId);
		if (!grid) return;
		const cards = [...grid.querySelectorAll<HTMLElement>(':scope > [data-product]')];
		const items = new Map(cards.map((item) => [item.dataset['product'], item]));
		const wanted = visible.flatMap((product) => items.get(product.slug) ?? []);
		for (const [item, before] of movesToArrange(cards, wanted)) grid.insertBefore(item, before);
		const shown = new Set(wanted);
		for (const item of cards) item.hidden = !shown.has(item);
	}, [gridId, ready, visible]);

	const update = (change: Partial<CatalogueQuery>) => {
		const next = { ...query, ...change };
		setQuery(next);
		rememberInAddress(next);
	};

	const activeFilters = [query.brand !== ALL_BRANDS, query.band !== 'tutti'].filter(Boolean).length;
	const filtersActive = activeFilters > 0;

	return (
		<div className="space-y-4">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<p className="text-lg font-semibold text-night" role="status" aria-live="polite">
					{countText(visible.length)}
					{filtersActive ? ` su ${products.length}` : ''}
				</p>
				<div className="flex flex-wrap items-end gap-3">
					<FiltersButton
						open={panelOpen}
						panelId={ids.panel}
						active={activeFilters}
						onToggle={() => setPanelOpen((open) => !open)}
					/>
					<LabelledSelect
						id={ids.sort}
						label="Ordina per"
						value={query.sort}
						choices={SORT_OPTIONS}
						selectRef={sortField}
						onChange={(sort) => update({ sort })}
					/>
				</div>
			</div>
			<FiltersPanel id={ids.panel} open={panelOpen} className="sm:grid-cols-[1fr_1fr_auto]">
				<LabelledSelect
					id={ids.brand}
					label="Marca"
					value={query.brand}
					choices={brandChoices(ALL_BRANDS, brands)}
					onChange={(brand) => update({ brand })}
				/>
				<LabelledSelect
					id={ids.band}
					label="Prezzo"
					value={query.band}
					choices={PRICE_BANDS}
					onChange={(band) => update({ band })}
				/>
				<button
					type="button"
					className="min-h-11 rounded-lg px-4 py-2 font-medium text-accent-strong underline hover:no-underline disabled:text-ink-soft disabled:no-underline"
					disabled={!filtersActive}
					onClick={() => update({ brand: ALL_BRANDS, band: 'tutti' })}
				>
					Azzera filtri
				</button>
			</FiltersPanel>
			{visible.length === 0 && (
				<div className="rounded-xl border border-dashed border-zinc-300 p-10 text-center">
					<p className="text-xl font-bold text-night">Nessun prodotto trovato</p>
					<p className="mt-2 text-ink-soft">Prova a modificare i filtri di ricerca.</p>
				</div>
			)}
		</div>
	);
}
