/**
 * Which islands are still loading their scripts. `client:interaction` marks an island with
 * HYDRATING_ATTRIBUTE from the moment its script is asked for until it has hydrated, so other
 * page code can wait for that burst of requests to end (see src/scripts/register-sw.ts).
 */
export const HYDRATING_ATTRIBUTE = 'data-hydrating';

export interface QuietOptions {
	/** How long nothing may be loading before it counts as over, in milliseconds. */
	quietMs?: number;
	/** The longest wait, in milliseconds: after it, resolve whatever is still loading. */
	timeoutMs?: number;
	/** How often to look, in milliseconds. */
	intervalMs?: number;
}

/**
 * Resolves once `isLoading()` has been false for `quietMs` (two looks in a row at least), or
 * after `timeoutMs` at the latest, so a script that never arrives cannot hold the caller.
 */
export function whenQuiet(
	isLoading: () => boolean,
	{ quietMs = 150, timeoutMs = 5000, intervalMs = 50 }: QuietOptions = {},
): Promise<void> {
	return new Promise((resolve) => {
		let waited = 0;
		let quiet = 0;
		const look = () => {
			quiet = isLoading() ? 0 : quiet + intervalMs;
			if (quiet > quietMs || waited >= timeoutMs) return resolve();
			waited += intervalMs;
			setTimeout(look, intervalMs);
		};
		look();
	});
}
