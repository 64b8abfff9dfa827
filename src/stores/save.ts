import type { WritableAtom } from 'nanostores';

/**
 * Sets a persisted store; false when the browser refuses the write (private mode, full
 * storage), which the caller reports with a toast. The store keeps its value then.
 */
export function trySet<Value>(store: WritableAtom<Value>, value: Value): boolean {
	try {
		store.set(value);
		return true;
	} catch {
		return false;
	}
}
