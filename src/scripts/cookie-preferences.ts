/**
 * 'Preferenze cookie' links (data-cookie-preferences, in the footer) reopen the cookie banner.
 * The CookieBanner island handles them once it runs; it hydrates on the visitor's first use of
 * the page (client:interaction), and a click on a link would otherwise follow it to the Cookie
 * Policy before the island is there. Until the island says it is ready, this holds the click,
 * asks the island to hydrate and clicks the link again once it can take it. Without JavaScript
 * the link leads to the policy's section on changing choices.
 */
import {
	COOKIE_BANNER_READY_ATTRIBUTE,
	COOKIE_BANNER_READY_EVENT,
	COOKIE_PREFERENCES_EVENT,
} from '../stores/consent';

document.addEventListener('click', (event) => {
	const link = (event.target as Element | null)?.closest?.<HTMLElement>(
		'[data-cookie-preferences]',
	);
	if (!link || document.documentElement.hasAttribute(COOKIE_BANNER_READY_ATTRIBUTE)) return;
	event.preventDefault();
	window.addEventListener(COOKIE_BANNER_READY_EVENT, () => link.click(), { once: true });
	window.dispatchEvent(new Event(COOKIE_PREFERENCES_EVENT));
});
