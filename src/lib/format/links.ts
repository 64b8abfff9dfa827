/**
 * `mailto:` and `tel:` links, built by encoding their address. An address a visitor typed is
 * shown to staff as a link: encoded, it is always exactly one recipient or one number, never a
 * second recipient, a Cc, a subject or a body (`a?cc=b@c&body=…@d`), nor the end of the
 * attribute. Pure.
 */

/** Characters encodeURIComponent leaves as they are but a mail client may read as syntax. */
const STILL_SPECIAL = /[!'()*]/g;

/** A part of an address, percent-encoded but for letters, digits and `-._~`. */
function encodePart(part: string): string {
	return encodeURIComponent(part).replace(
		STILL_SPECIAL,
		(character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
	);
}

/**
 * "mario.rossi+ordini@example.it" as a mailto: link target. Only the last `@` separates the
 * mailbox from the domain; every other character of either side is encoded.
 */
export function mailtoHref(address: string): string {
	const text = address.trim();
	const at = text.lastIndexOf('@');
	if (at < 0) return `mailto:${encodePart(text)}`;
	return `mailto:${encodePart(text.slice(0, at))}@${encodePart(text.slice(at + 1))}`;
}

/**
 * "+39 011 932 4455" as a tel: link target ("tel:+390119324455"): its digits, with a leading
 * `+` when the number starts with one. Anything else (spaces, dots, brackets, letters) is left
 * out.
 */
export function telHref(phone: string): string {
	const text = phone.trim();
	const digits = text.replace(/\D/g, '');
	return `tel:${text.startsWith('+') ? '+' : ''}${digits}`;
}
