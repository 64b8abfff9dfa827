/**
 * The pickup list's contract (docs/reservations.md) between the browser (the list, /lista-ritiro, the
 * service worker's queue) and the server (POST /api/prenotazioni). Types only: no code ships.
 */
import type { EmailStatus } from '../messages/outcome';
import type { Closure, Opening } from '../shops/calendar';
import type { Weekday } from '../shops/weekdays';

/** One line of a reservation: a variant of a product, in a quantity. */
export interface PickupItemInput {
	/** The product's id (its slug, as in /api/product/<id>.json). */
	productId: string;
	/** The variant's id ("cioccolato-2-kg", or "700-ml" without a flavour). */
	variantId: string;
	/** Pieces, from 1 up to the stock of the chosen shop. */
	quantity: number;
}

/**
 * The JSON body of POST /api/prenotazioni. Prices are never sent: the server reads them from the
 * build it serves. `extra_info` is the contact form's honeypot, `submissionKey` its
 * once-only key (src/lib/messages/message-schema.ts).
 */
export interface PickupRequestBody {
	shopId: string;
	/** The pickup day, "YYYY-MM-DD" in Rome (src/lib/reservations/days.ts). */
	day: string;
	items: PickupItemInput[];
	name: string;
	email: string;
	phone: string;
	privacy: boolean;
	submissionKey?: string;
	extra_info?: string;
}

/** The fields a 422 can name, besides the items. */
export type PickupField = 'shopId' | 'day' | 'items' | 'name' | 'email' | 'phone' | 'privacy';

/** 201: the reservation is stored (or was, under the same submission key). */
export interface PickupAccepted {
	ok: true;
	id: number;
	/** The 6-character pickup code shown at the counter. */
	code: string;
	emailStatus: EmailStatus;
	duplicate: boolean;
	/**
	 * The customer's link, `/prenotazione/<token>`: the reservation's state and its cancelling,
	 * without an account. Only in the first answer: a repeat under the same key has none.
	 */
	link?: string;
}

/** A 4xx answer: an Italian `error`, with the fields and items at fault for a 422. */
export interface PickupRefused {
	error: string;
	fields?: Partial<Record<PickupField, string>>;
	/** Items refused against the catalogue: their position in `items` and an Italian reason. */
	items?: { index: number; productId: string; variantId: string; error: string }[];
}

/** A shop as a reservation needs it. */
export interface PickupShop {
	id: string;
	name: string;
	shortName: string;
	/** "Corso Torino 85, 10090 Buttigliera Alta (TO)". */
	address: string;
	phone: string;
	email: string;
	hours: Partial<Record<Weekday, readonly string[]>>;
	/** Its closures, from the build's day on: no pickup on those days. */
	closures?: readonly Closure[] | undefined;
	/** Its extraordinary openings, from the build's day on (a national holiday it opens). */
	openings?: readonly Opening[] | undefined;
	/** Its store code in Google Business Profile, for the local inventory feed; none: not in it. */
	googleStoreCode?: string | undefined;
}

/**
 * What the build publishes at /api/ritiro.json for reservations: read by the server at
 * start-up (shops, company name, how long items are held) and by /lista-ritiro.
 */
export interface PickupSettings {
	companyName: string;
	/** Days a reservation is held at the counter (content/settings/sito.yaml). */
	holdDays: number;
	shops: PickupShop[];
}
