/**
 * Copies text to the clipboard: the Clipboard API where the page may use it, else the legacy
 * hidden-textarea and execCommand fallback (older browsers, pages not served over HTTPS).
 * Resolves false when neither works.
 */
export async function copyText(text: string): Promise<boolean> {
	try {
		if (navigator.clipboard && window.isSecureContext) {
			await navigator.clipboard.writeText(text);
			return true;
		}
	} catch {
		// Permission refused: try the legacy way.
	}
	const area = document.createElement('textarea');
	area.value = text;
	area.setAttribute('readonly', '');
	area.style.position = 'fixed';
	area.style.opacity = '0';
	document.body.append(area);
	area.select();
	try {
		// Deprecated, yet the only copy where the Clipboard API is missing (plain http, old
		// browsers); called through a plain signature so that the type checker does not flag it.
		const legacy = document as unknown as { execCommand(command: 'copy'): boolean };
		return legacy.execCommand('copy');
	} catch {
		return false;
	} finally {
		area.remove();
	}
}
