/**
 * 'Avvisami quando torna disponibile' (docs/alerts.md): the rules the form, the server and the
 * staff's pages share. A visitor asks to be told when a variant has free pieces again at a shop
 * (or at any shop); the request waits only once confirmed from the e-mail, and each rise of the
 * available pieces tells the oldest requests first, at most `available × rate` of them. Pure.
 */
import { isCatalogueId } from '../reservations/product';
import { isHoneypotFilled, isValidEmail, MAX_EMAIL_LENGTH } from '../messages/message-schema';

/** The shop field's value for 'in uno qualsiasi dei negozi'. */
export const ANY_SHOP = 'qualsiasi';

/** The form's fields, as posted (JSON or a plain form). */
export const ALERT_FIELDS = ['productId', 'variantId', 'shopId', 'email', 'privacy'] as const;
export type AlertField = (typeof ALERT_FIELDS)[number];

/** How long each state keeps a request or its address (the privacy policy names them). */
export const ALERT_PERIODS = Object.freeze({
	/** An unconfirmed request is deleted after this many hours. */
	unconfirmedHours: 48,
	/** A closed, unsubscribed or expired request loses its e-mail address after this many days. */
	keepAddressDays: 7,
	/** A confirmed request that was told nothing expires after this many days. */
	expireDays: 90,
});

/** The states of a request. */
export const ALERT_STATUSES = ['unconfirmed', 'waiting', 'told', 'stopped', 'expired'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The Italian messages of the form, by field. */
export const ALERT_ERRORS: Readonly<Record<AlertField, string>> = Object.freeze({
	productId: 'Prodotto non trovato: ricarica la pagina del prodotto e riprova.',
	variantId: 'Variante non trovata: scegli una variante del prodotto e riprova.',
	shopId: 'Scegli un negozio, oppure «In uno qualsiasi dei negozi».',
	email: 'Inserisci un indirizzo email valido.',
	privacy: 'Devi accettare la Privacy Policy per continuare.',
});

/** The fields' names for the error page of a form posted without JavaScript. */
export const ALERT_LABELS: Readonly<Record<AlertField, string>> = Object.freeze({
	productId: 'Prodotto',
	variantId: 'Variante',
	shopId: 'Negozio',
	email: 'Email',
	privacy: 'Privacy',
});

/** A request as the visitor sent it, checked for shape (the catalogue is checked by the server). */
export interface AlertRequest {
	productId: string;
	variantId: string;
	/** A shop's id, or null for any shop. */
	shopId: string | null;
	/** Trimmed, as typed (the address is compared without regard to case). */
	email: string;
}

export type AlertErrors = Partial<Record<AlertField, string>>;

export type AlertParseResult =
	{ ok: true; request: AlertRequest; spam: boolean } | { ok: false; errors: AlertErrors };

const CHECKED = new Set([true, 'true', 'on', '1', 'yes', 'si', 'sì']);

function text(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

/** The client-side check of one field (the island shows it under the field). */
export function alertFieldError(field: AlertField, record: Record<string, unknown>): string | null {
	const value = record[field];
	switch (field) {
		case 'productId':
		case 'variantId':
			return isCatalogueId(text(value)) ? null : ALERT_ERRORS[field];
		case 'shopId': {
			const shop = text(value);
			return shop === ANY_SHOP || isCatalogueId(shop) ? null : ALERT_ERRORS.shopId;
		}
		case 'email': {
			const email = text(value);
			return email.length <= MAX_EMAIL_LENGTH && isValidEmail(email) ? null : ALERT_ERRORS.email;
		}
		case 'privacy':
			return CHECKED.has(typeof value === 'string' ? value.trim().toLowerCase() : (value as never))
				? null
				: ALERT_ERRORS.privacy;
	}
}

/** Checks a posted request's shape: ids well formed, the shared e-mail rule, consent given. */
export function parseAlertRequest(record: Record<string, unknown>): AlertParseResult {
	const errors: AlertErrors = {};
	for (const field of ALERT_FIELDS) {
		const error = alertFieldError(field, record);
		if (error) errors[field] = error;
	}
	if (Object.keys(errors).length > 0) return { ok: false, errors };
	const shop = text(record.shopId);
	return {
		ok: true,
		spam: isHoneypotFilled(record),
		request: {
			productId: text(record.productId),
			variantId: text(record.variantId),
			shopId: shop === ANY_SHOP ? null : shop,
			email: text(record.email),
		},
	};
}

/**
 * How many waiting requests a rise of the available pieces tells: the rise × `rate`, rounded
 * down (so at most `available × rate`), where the rise is the pieces available now less those
 * last seen. An arrival of 2 tells two people, a following one of 1 a third; a figure seen
 * again unchanged tells nobody, and a fall tells nobody. Never below 0.
 */
export function peopleToTell(rise: number, rate: number): number {
	if (!(rise > 0) || !(rate > 0)) return 0;
	return Math.floor(rise * rate + 1e-9);
}

/** '3 in attesa' (the stock list's column and the variant's page). */
export function waitingLabel(count: number): string {
	return `${count.toLocaleString('it-IT')} in attesa`;
}

export { ALERT_LINK_PATH, alertFormPath, alertLinkPath, variantPagePath } from './paths';
