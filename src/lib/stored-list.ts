/**
 * Lists kept in the visitor's browser (favourites, the pickup list), read back from their stored
 * text: whatever is stored, reading never throws. Pure.
 */

/** A stored value as a record of fields, or null when it is not an object. */
export function storedRecord(value: unknown): Record<string, unknown> | null {
	return value && typeof value === 'object' && !Array.isArray(value)
		? (value as Record<string, unknown>)
		: null;
}

/**
 * The entries of a stored JSON array: anything unreadable is an empty list; each item goes
 * through `read`, which checks and repairs it or drops it (null); an entry whose `keyOf` was
 * read already is dropped; at most `max` entries are read.
 */
export function parseStoredList<Entry>(
	text: string | null | undefined,
	read: (value: unknown) => Entry | null,
	keyOf: (entry: Entry) => string,
	max: number,
): Entry[] {
	if (!text || typeof text !== 'string') return [];
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return [];
	}
	if (!Array.isArray(value)) return [];
	const seen = new Set<string>();
	const entries: Entry[] = [];
	for (const item of value as unknown[]) {
		if (entries.length >= max) break;
		const entry = read(item);
		if (!entry || seen.has(keyOf(entry))) continue;
		seen.add(keyOf(entry));
		entries.push(entry);
	}
	return entries;
}
