import './register-sw';
import './cookie-preferences';
import './open-now';

/** The script of every page (BaseLayout.astro). */

// The next page: Chromium prefetches from the pages' Speculation-Rules header; elsewhere the
// few lines of prefetch.ts, in their own chunk, do the same.
if (!(HTMLScriptElement.supports?.('speculationrules') ?? false)) {
	void import('./prefetch').then(({ startPrefetch }) => startPrefetch());
}
