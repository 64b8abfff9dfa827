/**
 * Text from visitors made safe to print in a terminal (`npm run messages`). A terminal obeys the
 * control characters it receives: ESC sequences clear the screen, retitle the window or rewrite
 * the clipboard, a lone carriage return goes back to the start of the line and forges what staff
 * read, bidi overrides show text in another order than it has. Each of them is printed as a
 * visible escape instead (`\x1B`, `\r`, `\u202E`); everything else, accents and emoji included,
 * is printed as it is. Pure.
 */

/**
 * What is escaped: C0 controls (U+0000–U+001F, tab excepted), DEL (U+007F), C1 controls
 * (U+0080–U+009F), the Arabic letter mark, the left-to-right and right-to-left marks, the line
 * and paragraph separators, the bidi embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) and the byte-order mark. With `lines`, line feeds (and CR LF pairs) are kept.
 */
/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const UNSAFE =
	/[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const UNSAFE_KEEPING_LINES =
	/\r(?!\n)|[\u0000-\u0008\u000B-\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/g;
/* eslint-enable no-control-regex */

/** Short escapes people know; the rest are written `\xHH` or `\uHHHH`. */
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\u001b': '\\x1B' };

/** The visible escape of one character. */
function escapeCharacter(char: string): string {
	const named = NAMED[char];
	if (named) return named;
	const code = char.charCodeAt(0);
	const hex = code.toString(16).toUpperCase();
	return code <= 0xff ? `\\x${hex.padStart(2, '0')}` : `\\u${hex.padStart(4, '0')}`;
}

/**
 * The text with every terminal control character printed as a visible escape. A one-line field
 * (a name, an address, an error) escapes its line breaks too; `{ lines: true }` keeps line feeds
 * (and CR LF pairs) for a message of several lines, and escapes only a lone carriage return.
 */
export function escapeForTerminal(text: string, options: { lines?: boolean } = {}): string {
	return text.replace(options.lines ? UNSAFE_KEEPING_LINES : UNSAFE, escapeCharacter);
}
