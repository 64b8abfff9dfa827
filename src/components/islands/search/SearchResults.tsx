import { formatPrice } from '../../../lib/format/price';
import type { SearchHit } from '../../../lib/search/results';

/** A category the page links to: its name and address. */
export interface CategoryLink {
	slug: string;
	name: string;
	url: string;
}

/** The categories, as links (empty state, idle state). */
export function CategoryLinks({ categories }: { categories: readonly CategoryLink[] }) {
	return (
		<ul className="mt-3 flex flex-wrap gap-2">
			{categories.map((category) => (
				<li key={category.slug}>
					<a
						href={category.url}
						className="inline-flex min-h-11 items-center rounded-full bg-accent-soft px-4 font-semibold text-night hover:underline"
					>
						{category.name}
					</a>
				</li>
			))}
		</ul>
	);
}

/** One result: picture, brand, name (the link), 'A partire da' price and category. */
function Result({ hit, offline }: { hit: SearchHit; offline: boolean }) {
	return (
		<li
			className="relative flex gap-4 rounded-xl border border-zinc-200 bg-white p-3 shadow-sm hover:shadow-md"
			data-search-result
		>
			<div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-zinc-50">
				{hit.image && (
					<img
						src={hit.image}
						alt=""
						width="80"
						height="80"
						loading="lazy"
						decoding="async"
						className="h-full w-full object-contain"
					/>
				)}
			</div>
			<div className="min-w-0 flex-1">
				<p className="text-sm font-medium text-ink-soft">{hit.brand}</p>
				<h2 className="text-lg leading-snug font-bold text-night">
					{offline ? (
						<span>{hit.name}</span>
					) : (
						<a
							href={hit.url}
							className="after:absolute after:inset-0 after:content-[''] hover:underline"
						>
							{hit.name}
						</a>
					)}
				</h2>
				{hit.priceCents !== null && (
					<p className="mt-1 text-night">
						A partire da <span className="font-bold">{formatPrice(hit.priceCents)}</span>
					</p>
				)}
				<p className="mt-1 text-sm text-ink-soft">{hit.category}</p>
				{offline && (
					<p className="mt-1 text-sm font-semibold text-red-700" data-offline-note>
						Pagina non disponibile offline
					</p>
				)}
			</div>
		</li>
	);
}

/** The results, with the pages not viewable offline marked as such. */
export function ResultList({
	hits,
	unavailable,
}: {
	hits: readonly SearchHit[];
	/** Addresses of results whose page cannot open offline right now. */
	unavailable: ReadonlySet<string>;
}) {
	return (
		<ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Risultati della ricerca">
			{hits.map((hit) => (
				<Result key={hit.url} hit={hit} offline={unavailable.has(hit.url)} />
			))}
		</ul>
	);
}
