/**
 * The loading and empty states of the pages whose list is kept in the browser (/preferiti,
 * /lista-ritiro). The server's HTML holds both, each marked with `state`; the page's mark
 * (StoredListMark.astro, styles/global.css) shows one before the island runs. The same height
 * for both, so the page below does not move when one replaces the other.
 */
const STATE_BOX = 'flex min-h-72 flex-col items-center justify-center';

/** The loading state; `state` marks the server's copy, which the page's mark may hide. */
export function ListLoading({ text, state }: { text: string; state?: 'loading' | undefined }) {
	return (
		<div className={`${STATE_BOX} text-ink-soft`} role="status" data-list-state={state}>
			<span
				aria-hidden="true"
				className="h-10 w-10 animate-spin rounded-full border-4 border-zinc-200 border-t-accent motion-reduce:animate-none"
			/>
			<p className="mt-4">{text}</p>
		</div>
	);
}

/** The empty state, with the way to the catalogue. */
export function ListEmpty({
	title,
	text,
	linkText,
	state,
}: {
	title: string;
	text: string;
	linkText: string;
	state?: 'empty' | undefined;
}) {
	return (
		<div className={`${STATE_BOX} mx-auto max-w-xl text-center`} data-list-state={state}>
			<h2 className="text-2xl font-bold text-night">{title}</h2>
			<p className="mt-3 text-ink-soft">{text}</p>
			<a
				href="/prodotti"
				className="mt-8 inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-6 py-3 font-semibold text-night hover:bg-accent-hover"
			>
				{linkText}
			</a>
		</div>
	);
}
