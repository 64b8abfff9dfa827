import './register-sw';
import './cookie-preferences';
import './open-now';
import { watchPickupBar } from './pickup-bar';

/** The script of every page (BaseLayout.astro). */

watchPickupBar();

// The next page: Chromium prefetches from the pages' Speculation-Rules header; elsewhere the
// few lines of prefetch.ts, in their own chunk, do the same.
if (!(HTMLScriptElement.supports?.('speculationrules') ?? false)) {
	void import('./prefetch').then(({ startPrefetch }) => startPrefetch());
}
