import { useId } from 'react';
import { iconClose, iconSearch } from '../../../lib/icons';
import Icon from '../shared/Icon';

/** The search page: the header's forms send the words there (docs/search.md). */
export const SEARCH_PAGE = '/cerca';

/** The id of the phone's search panel, which the search buttons open. */
export const SEARCH_PANEL_ID = 'ricerca-rapida';

/**
 * A plain GET form to /cerca, so it works before the header hydrates and without JavaScript;
 * no search code loads here. `autoFocus` puts the cursor in the field as the phone's panel
 * opens (the popover focuses it natively, within the tap, so the keyboard comes up).
 */
function SearchFields({ compact }: { compact: boolean }) {
	const inputId = useId();
	return (
		<form
			action={SEARCH_PAGE}
			method="get"
			role="search"
			aria-label="Cerca nel catalogo"
			className={compact ? 'flex flex-1 items-center' : 'hidden items-center lg:flex'}
			data-header-search
		>
			<label htmlFor={inputId} className="sr-only">
				Cerca prodotti
			</label>
			<input
				id={inputId}
				type="search"
				name="q"
				autoComplete="off"
				enterKeyHint="search"
				placeholder="Cerca prodotti…"
				// Only in the panel, which the visitor has just opened to type in it: what the HTML
				// standard recommends for a popover's first field.
				// eslint-disable-next-line jsx-a11y/no-autofocus
				autoFocus={compact}
				className={`h-11 min-w-0 rounded-l-md border border-r-0 border-zinc-500 bg-white px-3 text-base text-night placeholder:text-zinc-600 ${
					compact ? 'flex-1' : 'w-44 xl:w-56'
				}`}
			/>
			<button
				type="submit"
				className="flex h-11 w-11 shrink-0 items-center justify-center rounded-r-md bg-accent text-night hover:bg-accent-soft"
				aria-label="Cerca"
			>
				<Icon path={iconSearch} size={20} />
			</button>
		</form>
	);
}

/** The field of wide screens, always in the header. */
export function SearchForm() {
	return <SearchFields compact={false} />;
}

/**
 * Narrower screens: a button that opens the search panel. A native popover invoker, so the
 * first tap opens the panel even before the header hydrates (src/lib/hydration/interaction.ts
 * leaves such buttons alone), and Escape or a tap outside closes it.
 */
export function SearchButton({ className }: { className: string }) {
	return (
		<button
			type="button"
			popoverTarget={SEARCH_PANEL_ID}
			className={`flex items-center lg:hidden ${className}`}
			aria-label="Cerca"
			data-header-search-button
		>
			<Icon path={iconSearch} size={22} />
		</button>
	);
}

/**
 * The search panel of narrower screens: over the top of the page, the field focused. Its form is
 * the named search landmark; the panel itself is a plain container (a label on a `div` without a
 * role is not valid HTML, and screen readers ignore it).
 */
export function SearchPanel() {
	return (
		<div
			id={SEARCH_PANEL_ID}
			popover="auto"
			className="inset-x-0 top-0 bottom-auto m-0 w-full max-w-none border-0 bg-night p-3 text-white shadow-lg backdrop:bg-black/50 lg:hidden"
		>
			<div className="mx-auto flex max-w-7xl items-center gap-2">
				<SearchFields compact />
				<button
					type="button"
					popoverTarget={SEARCH_PANEL_ID}
					popoverTargetAction="hide"
					className="flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-white hover:bg-night-soft"
					aria-label="Chiudi la ricerca"
				>
					<Icon path={iconClose} size={24} />
				</button>
			</div>
		</div>
	);
}
