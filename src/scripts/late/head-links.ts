import { SPECULATION_RULES } from '../../lib/catalogue/prefetch-rules';
import { MANIFEST_PATH } from '../../lib/http/headers';

/**
 * What the page's <head> gains after the first paint. In the HTML, each would be a request that a
 * browser makes as the page loads (the rule set of a Speculation-Rules header at once, the
 * manifest once `load` has fired), and on a slow phone it would still be under way while the first
 * screen is drawn.
 */

/** The browser follows Speculation Rules (Chromium). */
export function hasSpeculationRules(): boolean {
	return HTMLScriptElement.supports?.('speculationrules') ?? false;
}

/** The prefetch rules, as a <script type="speculationrules"> (allowed by its hash). */
export function addSpeculationRules(): void {
	if (document.querySelector('script[type="speculationrules"]')) return;
	const rules = document.createElement('script');
	rules.type = 'speculationrules';
	rules.textContent = SPECULATION_RULES;
	document.head.append(rules);
}

/** Links the manifest that makes the site installable, unless the page already has one. */
export function linkManifest(): void {
	if (document.querySelector('link[rel="manifest"]')) return;
	const link = document.createElement('link');
	link.rel = 'manifest';
	link.href = MANIFEST_PATH;
	document.head.append(link);
}
