/**
 * What may reach the log of a request target or of free text. Pure.
 *
 * The rule: a secret never reaches the log. A request is logged by its path alone, without the
 * query (a query may carry a search, a pickup code, or the `code` and `state` of the editor's
 * GitHub sign-in) and without the fragment; a path segment that is itself a key (the customer's
 * link, /prenotazione/<token>) is logged as `…`. Free text (an error, a library's message) gets
 * the same treatment for any path or query it quotes, and its e-mail addresses masked.
 */

/** Longest path written to the log. */
const MAX_PATH = 200;

/**
 * The routes whose path carries a key, each as the part kept before it. The staff's one-time
 * links carry theirs in the fragment (/gestione/attiva#…), which browsers never send, and
 * sessions travel in a cookie; the pattern matches any spelling of these prefixes that a
 * server could route the same way (case, repeated slashes).
 */
const SECRET_SEGMENTS: readonly RegExp[] = [/^(\/+prenotazione\/+)[^/]+/i];

/** The same keys inside free text: a path anywhere in it. */
const SECRET_IN_TEXT = /(\/prenotazione\/+)[^\s/?#"'<>:]+/gi;

/** Query parameters that carry a key, inside free text. */
const SECRET_PARAMS_IN_TEXT = /([?&;](?:code|state|token|access_token|key|secret)=)[^\s&#"'<>]*/gi;

const EMAIL_ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+\.[^\s<>()[\]"',;:]+/g;

/** Free text with its e-mail addresses masked. */
export function maskAddresses(text: string): string {
	return text.replace(EMAIL_ADDRESS, '[indirizzo]');
}

/** The path decoded where it can be, so an encoded spelling matches as its plain one does. */
function decoded(path: string): string {
	try {
		return decodeURIComponent(path);
	} catch {
		return path;
	}
}

/**
 * The path of a request target as the log may show it: without its query or fragment, with a
 * key in the path replaced by `…`, at most 200 characters.
 */
export function scrubPath(url: string | undefined): string {
	const raw = (url ?? '/').split(/[?#]/, 1)[0] || '/';
	const path = decoded(raw);
	for (const pattern of SECRET_SEGMENTS) {
		const match = pattern.exec(path);
		if (match) return `${match[1] ?? ''}…`;
	}
	return raw.length > MAX_PATH ? `${raw.slice(0, MAX_PATH)}…` : raw;
}

/** Free text as the log may show it: keys of paths and queries hidden, addresses masked. */
export function scrubText(text: string): string {
	return maskAddresses(text.replace(SECRET_IN_TEXT, '$1…').replace(SECRET_PARAMS_IN_TEXT, '$1…'));
}
