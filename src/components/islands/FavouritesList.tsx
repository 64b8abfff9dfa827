import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
	FAVOURITE_MESSAGES,
	favouriteCards,
	savedCountText,
	type CatalogueItem,
	type FavouriteCard,
} from '../../lib/favourites/favourites';
import { formatPrice } from '../../lib/format/price';
import { $favourites, clearFavourites } from '../../stores/favourites';
import { showError, showToast } from '../../stores/toasts';
import FavouriteButton from './FavouriteButton';
import { ListEmpty, ListLoading } from './shared/ListStates';
import PickupAddButton from './PickupAddButton';

/** Reads the catalogue index; null when the network or the file fails (stored fields are used). */
async function loadCatalogue(): Promise<CatalogueItem[] | null> {
	try {
		const response = await fetch('/api/catalogue.json');
		if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
		const data = (await response.json()) as { products?: CatalogueItem[] };
		return Array.isArray(data.products) ? data.products : null;
	} catch (error) {
		console.warn('Catalogo non raggiungibile, uso i dati salvati', error);
		return null;
	}
}

function Card({ card }: { card: FavouriteCard }) {
	const gone = card.status === 'gone';
	return (
		<li className="relative flex flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm">
			<div className="relative aspect-square bg-zinc-50">
				{card.imageUrl ? (
					<img
						src={card.imageUrl}
						alt=""
						width={400}
						height={400}
						loading="lazy"
						className="h-full w-full object-contain p-4"
					/>
				) : (
					<div className="flex h-full items-center justify-center p-4 text-center text-sm text-ink-soft">
						Immagine non disponibile
					</div>
				)}
				{card.isNew && (
					<span className="absolute top-3 left-3 rounded bg-night px-2 py-0.5 text-xs font-bold text-accent">
						Nuovo
					</span>
				)}
				<div className="absolute top-2 right-2">
					<FavouriteButton
						product={{
							id: card.entry.id,
							slug: card.entry.slug,
							name: card.name,
							brandName: card.entry.brandName,
							categoryName: card.entry.categoryName,
							categorySlug: card.entry.categorySlug,
							minPriceCents: card.entry.minPriceCents ?? null,
						}}
					/>
				</div>
			</div>
			<div className="flex flex-1 flex-col p-5">
				<p className="text-sm font-medium text-ink-soft">{card.brand}</p>
				<h3 className="mt-1 line-clamp-2 text-lg font-bold text-night">
					{gone ? (
						card.name
					) : (
						<a href={card.href} className="hover:underline">
							{card.name}
						</a>
					)}
				</h3>
				{card.description && <p className="mt-2 text-sm text-ink-soft">{card.description}</p>}
				{gone && (
					<p className="mt-2 rounded-lg bg-zinc-100 p-2 text-sm text-ink">
						Questo prodotto non è più in catalogo: chiedi in negozio un’alternativa.
					</p>
				)}
				<p className="mt-auto pt-4 text-sm text-ink-soft">
					A partire da{' '}
					<span className="block text-2xl font-bold text-night">
						{card.priceCents !== null ? formatPrice(card.priceCents) : 'N/A'}
					</span>
				</p>
				{!gone && (
					<a
						href={card.href}
						className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-night px-4 py-2 font-semibold text-white hover:bg-night-soft"
					>
						Dettagli<span className="sr-only">: {card.name}</span>
					</a>
				)}
				{card.pickup && (
					<div className="mt-2">
						<PickupAddButton choice={card.pickup} />
					</div>
				)}
			</div>
		</li>
	);
}

/** The loading state; `state` marks the server's copy, which the page's mark may hide. */
function Loading({ state }: { state?: 'loading' }) {
	return <ListLoading text="Caricamento preferiti..." state={state} />;
}

/** The empty state, with the way back to the catalogue. */
function Empty({ state }: { state?: 'empty' }) {
	return (
		<ListEmpty
			title="Nessun Preferito"
			text="Esplora il catalogo e tocca il cuore sui prodotti che ti interessano: li ritroverai qui."
			linkText="Scopri i Prodotti"
			state={state}
		/>
	);
}

/**
 * The favourites page: loading, empty state, or the saved products refreshed from the
 * catalogue, with 'Rimuovi Tutti' behind a confirmation dialog.
 */
export default function FavouritesList() {
	const entries = useStore($favourites);
	const [catalogue, setCatalogue] = useState<CatalogueItem[] | null | undefined>(undefined);
	const [mounted, setMounted] = useState(false);
	const dialog = useRef<HTMLDialogElement>(null);
	const opener = useRef<HTMLButtonElement>(null);

	const hasEntries = entries.length > 0;

	useEffect(() => setMounted(true), []);

	// The catalogue is asked for once there is something to refresh (a favourite may also arrive
	// later, from another tab); with none, the empty state needs no request.
	useEffect(() => {
		if (!hasEntries || catalogue !== undefined) return;
		let active = true;
		void loadCatalogue().then((items) => {
			if (active) setCatalogue(items);
		});
		return () => {
			active = false;
		};
	}, [hasEntries, catalogue]);

	// Server HTML, and the first render in the browser: both states, the page's mark chooses one
	// (StoredListMark.astro, styles/global.css), so a visitor with none sees the empty state at
	// once.
	if (!mounted) {
		return (
			<>
				<Loading state="loading" />
				<Empty state="empty" />
			</>
		);
	}
	if (entries.length > 0 && catalogue === undefined) return <Loading />;
	if (entries.length === 0) return <Empty />;

	const cards = favouriteCards(entries, catalogue ?? null);
	const confirmClear = () => {
		dialog.current?.close();
		const outcome = clearFavourites();
		if (outcome.ok) showToast({ variant: 'success', title: FAVOURITE_MESSAGES.cleared });
		else showError(FAVOURITE_MESSAGES.clearFailed);
	};

	return (
		<div>
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h2 className="text-xl font-bold text-night" aria-live="polite">
					{savedCountText(entries.length)}
				</h2>
				<button
					ref={opener}
					type="button"
					onClick={() => dialog.current?.showModal()}
					className="inline-flex min-h-11 items-center rounded-lg border-2 border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
				>
					Rimuovi Tutti
				</button>
			</div>
			{catalogue === null && (
				<p className="mt-4 rounded-lg bg-zinc-100 p-3 text-sm">
					Non riusciamo a raggiungere il catalogo: mostriamo i dati salvati, prezzi e nomi
					potrebbero non essere aggiornati.
				</p>
			)}
			<ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
				{cards.map((card) => (
					<Card key={card.id} card={card} />
				))}
			</ul>
			<dialog
				ref={dialog}
				aria-labelledby="conferma-titolo"
				aria-describedby="conferma-testo"
				onClose={() => opener.current?.focus()}
				className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-black/60"
			>
				<h2 id="conferma-titolo" className="text-xl font-bold text-night">
					Rimuovere tutti i preferiti?
				</h2>
				<p id="conferma-testo" className="mt-2 text-ink-soft">
					{`Stai per rimuovere ${savedCountText(entries.length)} dall’elenco. L’operazione non si può annullare.`}
				</p>
				<div className="mt-6 flex flex-wrap justify-end gap-3">
					<button
						type="button"
						onClick={() => dialog.current?.close()}
						className="min-h-11 rounded-lg border-2 border-night px-4 py-2 font-semibold text-night hover:bg-zinc-100"
					>
						Annulla
					</button>
					<button
						type="button"
						onClick={confirmClear}
						className="min-h-11 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
					>
						Rimuovi tutti
					</button>
				</div>
			</dialog>
		</div>
	);
}
