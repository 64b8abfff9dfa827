// @ts-check
// Runs before the editor's script (/admin/cms/sveltia-cms.js): the editor's interface is in
// Italian unless its user chose another language in its settings. Sveltia CMS reads the choice
// from this key; without it, it would follow the browser's language.
(() => {
	const KEY = 'sveltia-cms.prefs';
	try {
		/** @type {Record<string, unknown>} */
		const prefs = JSON.parse(localStorage.getItem(KEY) || '{}') || {};
		if (typeof prefs['locale'] !== 'string' || prefs['locale'] === 'auto') {
			localStorage.setItem(KEY, JSON.stringify({ ...prefs, locale: 'it' }));
		}
	} catch {
		// Storage unreadable or blocked: the editor follows the browser's language.
	}
})();

// The editor adds a viewport tag that forbids zooming (maximum-scale): people who need larger
// text must be able to zoom (WCAG 1.4.4). Any such tag is given back the site's own setting.
(() => {
	const ZOOMABLE = 'width=device-width, initial-scale=1';
	/** @param {Element} element */
	const fix = (element) => {
		if (
			element instanceof HTMLMetaElement &&
			element.name === 'viewport' &&
			/maximum-scale|user-scalable/i.test(element.content)
		) {
			element.content = ZOOMABLE;
		}
	};
	new MutationObserver((records) => {
		for (const record of records)
			record.addedNodes.forEach((node) => node instanceof Element && fix(node));
		for (const record of records)
			if (record.type === 'attributes' && record.target instanceof Element) fix(record.target);
	}).observe(document.head, {
		childList: true,
		subtree: true,
		attributes: true,
		attributeFilter: ['content'],
	});
})();

// Editors sign in through this site (GET /api/auth, src/server/oauth/github.ts), whatever
// address it is served at: the configuration file (/admin/config.json) is completed with this
// page's own origin as the sign-in's `base_url`, which Sveltia CMS needs as a full address.
// Sveltia merges what CMS.init is given into the file's configuration.
/** @type {any} */ (window).CMS_MANUAL_INIT = true;
document.addEventListener('DOMContentLoaded', () => {
	/** @type {{ init?: (options: object) => void } | undefined} */
	const cms = /** @type {any} */ (window).CMS;
	cms?.init?.({ config: { backend: { base_url: window.location.origin } } });
});
