import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { PRICE_BANDS } from '../../lib/catalogue/sort-filter';
import {
	activeFilterCount,
	ANY,
	countText,
	EMPTY_SEARCH,
	hasFilters,
	parseSearch,
	SEARCH_SORTS,
	serializeSearch,
	type SearchState,
} from '../../lib/search/address';
import { loadPagefind, type PagefindResult } from '../../lib/search/pagefind';
import { searchOptions, toHit, type SearchHit } from '../../lib/search/results';
import { FiltersButton, FiltersPanel } from './shared/FiltersToggle';
import LabelledSelect, { brandChoices, type Choice } from './shared/LabelledSelect';
import { CategoryLinks, ResultList, type CategoryLink } from './search/SearchResults';

export type SearchPageProps = {
	categories: CategoryLink[];
	brands: string[];
};

/** Pause after the last key before searching, in milliseconds. */
const TYPING_PAUSE_MS = 250;

type Outcome =
	| { kind: 'idle' }
	| { kind: 'loading' }
	| { kind: 'failed' }
	| { kind: 'done'; state: SearchState; total: number; hits: SearchHit[]; missing: number };

/** Examples of what the field understands, offered on the page before a search. */
const SUGGESTIONS = ['whey cioccolato', 'creatina', 'barretta proteica', 'caffeina'] as const;

/** Results per page: their details are fetched a page at a time. */
const PAGE_SIZE = 12;

/** Addresses of the results whose page the browser cannot open now: offline and not cached. */
async function unavailableOffline(hits: readonly SearchHit[]): Promise<Set<string>> {
	if (navigator.onLine || !('caches' in window)) return new Set();
	const missing = await Promise.all(
		hits.map(async ({ url }) => ((await caches.match(url)) ? null : url)),
	);
	return new Set(missing.filter((url): url is string => url !== null));
}

/**
 * The search page (/cerca): a GET form that works before hydration and without
 * JavaScript, and once hydrated, results as the visitor types. The address holds the whole state
 * (lib/search/address.ts): typing replaces the entry, a filter or a submitted search adds one,
 * so back and forward step through searches. Pagefind loads when the field gets focus or the
 * address has something to search.
 */
export default function SearchPage({ categories, brands }: SearchPageProps) {
	const known = { categories: categories.map((category) => category.slug), brands };
	// The filters and the order, as the GET form posts them (lib/search/address.ts).
	const selects = [
		{
			field: 'category',
			label: 'Categoria',
			name: 'categoria',
			choices: [
				{ value: ANY, label: 'Tutte le categorie' },
				...categories.map((category) => ({ value: category.slug, label: category.name })),
			],
		},
		{ field: 'brand', label: 'Marca', name: 'marca', choices: brandChoices(ANY, brands) },
		{ field: 'band', label: 'Prezzo', name: 'prezzo', choices: PRICE_BANDS },
		{ field: 'sort', label: 'Ordina per', name: 'ordina', choices: SEARCH_SORTS },
	] as const satisfies readonly {
		field: keyof SearchState;
		label: string;
		name: string;
		choices: readonly Choice[];
	}[];
	const [state, setState] = useState<SearchState>(EMPTY_SEARCH);
	const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
	const [unavailable, setUnavailable] = useState<ReadonlySet<string>>(new Set());
	// Closed at first, even with filters in the address: the button says how many are set, and
	// the results stay on a phone's first screen.
	const [panelOpen, setPanelOpen] = useState(false);
	const inputRef = useRef<HTMLInputElement>(null);
	const sequence = useRef(0);
	const rest = useRef<PagefindResult[]>([]);
	const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
	const ids = {
		q: useId(),
		status: useId(),
		filters: useId(),
		category: useId(),
		brand: useId(),
		band: useId(),
		sort: useId(),
	};

	/** The page of results `results` as the page shows them, and how many could not load. */
	const load = async (results: readonly PagefindResult[]) => {
		// Offline, a result whose details were never fetched cannot be shown: it is counted.
		const loaded = await Promise.all(
			results.map((result) => result.data().then(toHit, () => null)),
		);
		const hits = loaded.filter((hit): hit is SearchHit => hit !== null);
		return { hits, missing: loaded.length - hits.length, offline: await unavailableOffline(hits) };
	};

	const run = useCallback(async (next: SearchState) => {
		const ticket = ++sequence.current;
		if (!next.q && !hasFilters(next)) {
			setOutcome({ kind: 'idle' });
			return;
		}
		setOutcome((previous) => (previous.kind === 'done' ? previous : { kind: 'loading' }));
		try {
			const pagefind = await loadPagefind();
			const found = (await pagefind.search(next.q || null, searchOptions(next)))?.results ?? [];
			// Details are fetched a page at a time: a broad query on a big catalogue stays small.
			const page = await load(found.slice(0, PAGE_SIZE));
			if (ticket !== sequence.current) return;
			rest.current = found.slice(PAGE_SIZE);
			setUnavailable(page.offline);
			setOutcome({ kind: 'done', state: next, total: found.length, ...page });
		} catch {
			if (ticket === sequence.current) setOutcome({ kind: 'failed' });
		}
	}, []);

	/** The next page of the same results. */
	const more = async () => {
		const ticket = sequence.current;
		const next = rest.current.slice(0, PAGE_SIZE);
		rest.current = rest.current.slice(PAGE_SIZE);
		const page = await load(next);
		if (ticket !== sequence.current) return;
		setUnavailable((previous) => new Set([...previous, ...page.offline]));
		setOutcome((previous) =>
			previous.kind === 'done'
				? {
						...previous,
						hits: [...previous.hits, ...page.hits],
						missing: previous.missing + page.missing,
					}
				: previous,
		);
	};

	/** Shows a new state, in the address too (a new history entry, or replacing the current). */
	const apply = useCallback(
		(next: SearchState, history: 'push' | 'replace', delay = 0) => {
			setState(next);
			const url = `${location.pathname}${serializeSearch(next)}`;
			if (url !== `${location.pathname}${location.search}`) {
				window.history[history === 'push' ? 'pushState' : 'replaceState'](null, '', url);
			}
			clearTimeout(timer.current);
			if (delay > 0) timer.current = setTimeout(() => void run(next), delay);
			else void run(next);
		},
		[run],
	);

	// On hydration: the address's state, or what was typed before hydration; back and forward.
	useEffect(() => {
		const fromAddress = () => parseSearch(location.search, known);
		const initial = fromAddress();
		const typed = inputRef.current?.value ?? '';
		if (typed && typed !== initial.q) apply({ ...initial, q: typed }, 'replace', TYPING_PAUSE_MS);
		else apply(initial, 'replace');
		// The field had focus before hydration (focus hydrates the island): be ready to search.
		if (document.activeElement === inputRef.current) void loadPagefind().catch(() => undefined);
		const onPopState = () => {
			const next = fromAddress();
			setState(next);
			void run(next);
		};
		window.addEventListener('popstate', onPopState);
		return () => {
			window.removeEventListener('popstate', onPopState);
			clearTimeout(timer.current);
		};
		// Once, on hydration: the props never change.
	}, []);

	const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
		event.preventDefault();
		apply(state, 'push');
	};
	const change = (patch: Partial<SearchState>) => apply({ ...state, ...patch }, 'push');
	const status =
		outcome.kind === 'done'
			? countText(outcome.total)
			: outcome.kind === 'failed'
				? 'La ricerca non è disponibile in questo momento. Riprova quando sei online.'
				: '';

	return (
		<div>
			<form
				action="/cerca"
				method="get"
				role="search"
				aria-label="Ricerca prodotti"
				onSubmit={onSubmit}
			>
				<label htmlFor={ids.q} className="block font-semibold text-night">
					Cosa cerchi?
				</label>
				<div className="mt-1 flex gap-2">
					<input
						ref={inputRef}
						id={ids.q}
						type="search"
						name="q"
						value={state.q}
						autoComplete="off"
						enterKeyHint="search"
						placeholder="Es. creatina, whey cioccolato, una marca"
						aria-describedby={ids.status}
						className="min-h-11 w-full min-w-0 flex-1 rounded-md border border-zinc-400 bg-white px-3 text-base text-night"
						onFocus={() => void loadPagefind().catch(() => undefined)}
						onChange={(event) =>
							apply({ ...state, q: event.target.value }, 'replace', TYPING_PAUSE_MS)
						}
					/>
					<button
						type="submit"
						className="min-h-11 rounded-md bg-night px-5 font-semibold text-white hover:bg-night-soft"
					>
						Cerca
					</button>
				</div>
				<div className="mt-3 flex flex-wrap items-center justify-between gap-3">
					<p
						id={ids.status}
						role="status"
						className="text-lg font-semibold text-night"
						data-results-for={outcome.kind === 'done' ? serializeSearch(outcome.state) : undefined}
					>
						{status}
					</p>
					<FiltersButton
						open={panelOpen}
						panelId={ids.filters}
						active={activeFilterCount(state)}
						onToggle={() => setPanelOpen((open) => !open)}
					/>
				</div>
				<FiltersPanel id={ids.filters} open={panelOpen} className="mt-3">
					<fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
						<legend className="sr-only">Filtri e ordine dei risultati</legend>
						{selects.map(({ field, label, name, choices }) => (
							<LabelledSelect<string>
								key={field}
								id={ids[field]}
								label={label}
								name={name}
								value={state[field]}
								choices={choices}
								// A value among the choices, which are the address's own values.
								onChange={(value) => change({ [field]: value })}
							/>
						))}
					</fieldset>
					{hasFilters(state) && (
						<button
							type="button"
							className="min-h-11 justify-self-start rounded-md px-2 font-semibold text-accent-strong underline"
							onClick={() => change({ category: ANY, brand: ANY, band: EMPTY_SEARCH.band })}
						>
							Rimuovi i filtri
						</button>
					)}
				</FiltersPanel>
			</form>
			{outcome.kind === 'done' && outcome.hits.length > 0 && (
				<ResultList hits={outcome.hits} unavailable={unavailable} />
			)}
			{outcome.kind === 'done' && outcome.missing > 0 && (
				<p className="mt-4 text-ink-soft" data-search-missing>
					{outcome.missing === 1
						? '1 risultato non è disponibile offline: riprova quando sei online.'
						: `${outcome.missing} risultati non sono disponibili offline: riprova quando sei online.`}
				</p>
			)}
			{outcome.kind === 'done' && outcome.hits.length + outcome.missing < outcome.total && (
				<button
					type="button"
					className="mt-6 min-h-11 rounded-md border-2 border-night px-5 font-semibold text-night hover:bg-zinc-100"
					onClick={() => void more()}
				>
					Mostra altri risultati ({outcome.total - outcome.hits.length - outcome.missing})
				</button>
			)}
			{outcome.kind === 'done' && outcome.total === 0 && (
				<div className="mt-4" data-search-empty>
					<h2 className="text-xl font-bold text-night">
						{outcome.state.q
							? `Nessun prodotto trovato per «${outcome.state.q}»`
							: 'Nessun prodotto trovato con questi filtri'}
					</h2>
					<ul className="mt-3 list-disc space-y-1 pl-6 text-ink-soft">
						<li>Controlla come hai scritto le parole.</li>
						<li>Prova con meno parole, o con parole più generiche («proteine», «creatina»).</li>
						{hasFilters(outcome.state) && <li>Rimuovi i filtri scelti.</li>}
					</ul>
					<h3 className="mt-6 font-bold text-night">Oppure sfoglia le categorie</h3>
					<CategoryLinks categories={categories} />
				</div>
			)}
			{outcome.kind === 'idle' && (
				<div className="mt-4">
					<h2 className="text-xl font-bold text-night">Prova a cercare</h2>
					<p className="mt-1 text-ink-soft">
						Un nome, una marca, un gusto o un tipo di prodotto, anche senza accenti.
					</p>
					<ul className="mt-3 flex flex-wrap gap-2">
						{SUGGESTIONS.map((words) => (
							<li key={words}>
								<a
									href={`/cerca?q=${encodeURIComponent(words)}`}
									className="inline-flex min-h-11 items-center rounded-full border border-zinc-300 px-4 font-medium text-night hover:border-night"
								>
									{words}
								</a>
							</li>
						))}
					</ul>
					<h2 className="mt-8 text-xl font-bold text-night">Sfoglia le categorie</h2>
					<CategoryLinks categories={categories} />
				</div>
			)}
		</div>
	);
}
