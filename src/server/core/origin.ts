/**
 * The origin the customer's link carries in an e-mail: the address visitors use (PUBLIC_ORIGIN),
 * else the build's public address (SITE_URL, as astro.config.mjs reads it), else the site's own.
 * An e-mail is read outside the site, so its link must be absolute.
 */
import { SITE_ORIGIN } from '../../lib/site-origin';

/** The origin of customer links in e-mails; an unreadable value falls back to the next. */
export function customerLinkOrigin(env: Readonly<Record<string, string | undefined>>): string {
	for (const name of ['PUBLIC_ORIGIN', 'SITE_URL']) {
		const raw = env[name]?.trim();
		if (!raw) continue;
		try {
			const url = new URL(raw);
			if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
		} catch {
			// Not an address: the next one.
		}
	}
	return SITE_ORIGIN;
}
