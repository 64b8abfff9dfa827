/**
 * Cookie consent (docs/consent.md). Pure rules: what a stored decision means,
 * when it expires, how stored preferences are read.
 */

/** The four kinds of cookie; necessary ones are always on. */
export interface CookiePreferences {
	necessary: true;
	analytics: boolean;
	marketing: boolean;
	functional: boolean;
}

/** The visitor's answer to the banner. */
export type ConsentDecision = 'accepted' | 'rejected' | 'dismissed' | 'customized';

/** A decision with the moment it was taken. */
export interface StoredDecision {
	decision: ConsentDecision;
	/** ISO 8601. */
	decidedAt: string;
}

/** Nothing but necessary cookies: the default, and what 'Rifiuta tutti' and X keep. */
export const DEFAULT_PREFERENCES: CookiePreferences = {
	necessary: true,
	analytics: false,
	marketing: false,
	functional: false,
};

/** Everything on: 'Accetta tutti'. */
export const ALL_PREFERENCES: CookiePreferences = {
	necessary: true,
	analytics: true,
	marketing: true,
	functional: true,
};

/** A decision older than this is asked again (Garante privacy, guidelines of 10 June 2021). */
export const DECISION_MONTHS = 6;

export const CONSENT_CHOICES: readonly ConsentDecision[] = [
	'accepted',
	'rejected',
	'dismissed',
	'customized',
];

/** The moment a decision taken at `decidedAt` expires. */
export function decisionExpiry(decidedAt: Date): Date {
	const expiry = new Date(decidedAt);
	expiry.setMonth(expiry.getMonth() + DECISION_MONTHS);
	return expiry;
}

/** Reads a stored decision; null when absent, unreadable or older than six months. */
export function validDecision(text: string | null | undefined, now: Date): StoredDecision | null {
	if (!text) return null;
	try {
		const value = JSON.parse(text) as Partial<StoredDecision>;
		if (!value || !CONSENT_CHOICES.includes(value.decision as ConsentDecision)) return null;
		const decidedAt = new Date(String(value.decidedAt));
		if (Number.isNaN(decidedAt.getTime()) || decidedAt > now) return null;
		if (decisionExpiry(decidedAt) <= now) return null;
		return { decision: value.decision as ConsentDecision, decidedAt: decidedAt.toISOString() };
	} catch {
		return null;
	}
}

/**
 * Reads stored preferences merged over the defaults, with necessary forced on. An
 * unreadable value gives the defaults and a warning through `warn`.
 */
export function parsePreferences(
	text: string | null | undefined,
	warn: (message: string) => void = () => {},
): CookiePreferences {
	if (!text) return { ...DEFAULT_PREFERENCES };
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		warn('Preferenze cookie illeggibili: uso quelle predefinite.');
		return { ...DEFAULT_PREFERENCES };
	}
	if (!value || typeof value !== 'object' || Array.isArray(value)) {
		warn('Preferenze cookie non valide: uso quelle predefinite.');
		return { ...DEFAULT_PREFERENCES };
	}
	const stored = value as Record<string, unknown>;
	const flag = (key: 'analytics' | 'marketing' | 'functional') =>
		typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_PREFERENCES[key];
	return {
		necessary: true,
		analytics: flag('analytics'),
		marketing: flag('marketing'),
		functional: flag('functional'),
	};
}

/** The preferences that go with a decision taken from the banner's main view. */
export function preferencesFor(
	decision: Exclude<ConsentDecision, 'customized'>,
): CookiePreferences {
	return decision === 'accepted' ? { ...ALL_PREFERENCES } : { ...DEFAULT_PREFERENCES };
}
