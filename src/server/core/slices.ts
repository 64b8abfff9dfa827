/**
 * Long work in slices: the server answers every request on one thread, so a loop over thousands
 * of rows (a stocktake, an import) must hand the thread back now and then, or health checks and
 * visitors wait for it. `timeSlices()` gives a `pause` to await at each step of such a loop: it
 * lets waiting callbacks and requests run (setImmediate) once `budgetMs` of work has passed since
 * the last time, and is a resolved promise otherwise.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work done between two turns of the event loop, at most (a little more for one step). */
export const SLICE_MS = 8;

/** A pause to await at each step of a long loop; see the module's comment. */
export function timeSlices(budgetMs = SLICE_MS): () => Promise<void> {
	let since = performance.now();
	return async () => {
		if (performance.now() - since < budgetMs) return;
		await nextTurn();
		since = performance.now();
	};
}
