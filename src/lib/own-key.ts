/**
 * Look-ups of a key that came from outside (an address's query, a request's body, the browser's
 * storage, a server's answer) in a table kept as a plain object. `key in table` and `table[key]`
 * also find what every object inherits: `?esito=valueOf` would read `Object.prototype.valueOf`
 * as a notice (a page that breaks mid-stream), `?esito=constructor` would show
 * "[object Object]"-like text. These two read the table's own keys only. Pure.
 *
 * ESLint refuses `x in table` with a key that is not a literal (eslint.config.js), so a new
 * look-up goes through here.
 */

/** Whether `key` is one of the table's own keys (never an inherited name such as `toString`). */
export function isOwnKey<Key extends string>(
	table: Readonly<Partial<Record<Key, unknown>>>,
	key: unknown,
): key is Key {
	return typeof key === 'string' && Object.hasOwn(table, key);
}

/** The table's value under `key`, when `key` is one of its own keys; else undefined. */
export function ownValue<Value>(
	table: Readonly<Partial<Record<string, Value>>>,
	key: string | null | undefined,
): Value | undefined {
	return key !== null && key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}
