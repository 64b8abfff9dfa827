/**
 * When an island with `client:interaction` (src/lib/hydration/interaction.ts) should hydrate
 * before the visitor touches the page: when what the server rendered is not what this visitor
 * should see. Pure, so the rules are unit-tested; the directive reads the address and storage.
 */
export interface InteractionOptions {
	/** localStorage keys whose stored list or object, when not empty, changes the island. */
	stored?: string[];
	/** Query parameters that change the island ('*': any parameter at all). */
	query?: string[];
	/** A window event that needs the island (such as a toast to show). */
	event?: string;
	/**
	 * The island gives its links a behaviour of their own (the lightbox opens a photo's link in a
	 * dialog): a plain click on one before hydration is held and replayed too, not followed.
	 */
	links?: boolean;
	/**
	 * The island is the page's main content (the list of /preferiti): when it must hydrate early,
	 * it starts at once instead of waiting for the browser to be idle, as the visitor sees only a
	 * loading state until then.
	 */
	main?: boolean;
}

/** What the directive reads from the page. */
export interface PageState {
	/** `location.search`. */
	search: string;
	/** Reads a localStorage key; may throw (storage blocked), which counts as nothing stored. */
	read: (key: string) => string | null;
}

/** True when a stored value holds something: not missing, not an empty list, object or text. */
export function holdsSomething(value: string | null): boolean {
	if (value === null) return false;
	const trimmed = value.trim();
	return !['', '[]', '{}', '""', 'null'].includes(trimmed);
}

/** True when the island must hydrate without waiting for an interaction. */
export function needsEarlyHydration(options: InteractionOptions, page: PageState): boolean {
	const params = new URLSearchParams(page.search);
	const query = options.query ?? [];
	if (
		query.includes('*') ? [...params.keys()].length > 0 : query.some((name) => params.has(name))
	) {
		return true;
	}
	return (options.stored ?? []).some((key) => {
		try {
			return holdsSomething(page.read(key));
		} catch {
			return false;
		}
	});
}
