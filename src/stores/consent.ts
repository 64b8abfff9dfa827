import { atom } from 'nanostores';
import {
	DEFAULT_PREFERENCES,
	parsePreferences,
	preferencesFor,
	validDecision,
	type ConsentDecision,
	type CookiePreferences,
	type StoredDecision,
} from '../lib/consent/consent';
import { STORAGE_PREFIX } from '../site';

/** localStorage keys of the decision and of the preferences (docs/consent.md). */
export const CONSENT_KEY = `${STORAGE_PREFIX}:cookie-consent`;
export const PREFERENCES_KEY = `${STORAGE_PREFIX}:cookie-preferences`;

/** What the visitor chose; `decision` is null while none is stored or the last one expired. */
export interface ConsentState {
	decision: StoredDecision | null;
	preferences: CookiePreferences;
}

/**
 * The consent other code can subscribe to (e.g. to load an analytics script only when
 * `preferences.analytics` is true; the site loads none today). Filled by `loadConsent()` in the
 * browser; on the server it stays at the defaults.
 */
export const $consent = atom<ConsentState>({ decision: null, preferences: DEFAULT_PREFERENCES });

/**
 * Whether the banner is shown; 'Preferenze cookie' in the footer opens it again. Open until
 * `loadConsent()` has read the stored decision: the banner is rendered into the HTML, and a
 * script in <head> hides it at once when a decision is stored (BaseLayout.astro).
 */
export const $bannerOpen = atom(true);

/**
 * 'Preferenze cookie' before the banner island runs (the inline script «avvio» of BaseLayout.astro): the
 * event asks the island to hydrate; the island marks <html> with the attribute and dispatches
 * the ready event once it handles those links itself.
 */
export const COOKIE_PREFERENCES_EVENT = 'vigorsport:cookie-preferences';
export const COOKIE_BANNER_READY_EVENT = 'vigorsport:cookie-banner-ready';
export const COOKIE_BANNER_READY_ATTRIBUTE = 'data-cookie-banner-ready';

/** localStorage, or null where the browser refuses it (private mode, disabled storage). */
function storage(): Storage | null {
	try {
		return typeof localStorage === 'undefined' ? null : localStorage;
	} catch {
		return null;
	}
}

function read(key: string): string | null {
	try {
		return storage()?.getItem(key) ?? null;
	} catch {
		return null;
	}
}

/** Reads the stored choice; opens the banner when there is no valid decision. */
export function loadConsent(now = new Date()): void {
	const decision = validDecision(read(CONSENT_KEY), now);
	const preferences = parsePreferences(read(PREFERENCES_KEY), (message) => console.warn(message));
	$consent.set({ decision, preferences: decision ? preferences : DEFAULT_PREFERENCES });
	$bannerOpen.set(decision === null);
}

/** Stores a decision and its preferences, and closes the banner (even if storage fails). */
function decide(decision: ConsentDecision, preferences: CookiePreferences): void {
	const stored: StoredDecision = { decision, decidedAt: new Date().toISOString() };
	try {
		storage()?.setItem(CONSENT_KEY, JSON.stringify(stored));
		storage()?.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
	} catch {
		console.warn('Impossibile salvare le preferenze cookie in questo browser.');
	}
	$consent.set({ decision: stored, preferences });
	$bannerOpen.set(false);
}

/** 'Accetta tutti': every kind of cookie allowed. */
export function acceptAll(): void {
	decide('accepted', preferencesFor('accepted'));
}

/** 'Rifiuta tutti': necessary cookies only. */
export function rejectAll(): void {
	decide('rejected', preferencesFor('rejected'));
}

/** The banner's X: necessary cookies only. */
export function dismissBanner(): void {
	decide('dismissed', preferencesFor('dismissed'));
}

/** 'Salva Preferenze': the toggles as chosen. */
export function savePreferences(preferences: Omit<CookiePreferences, 'necessary'>): void {
	decide('customized', { ...preferences, necessary: true });
}

/** Opens the banner again from the footer's 'Preferenze cookie'. */
export function openConsentBanner(): void {
	$bannerOpen.set(true);
}
