/**
 * The service of 'Avvisami' (docs/alerts.md; `Astro.locals.services.alerts`, put together in
 * src/server/services/): the form's requests (checked against the build, stored, their
 * confirmation sent through the outbox), the link's page (confirm, stop), the rises the stock
 * reports (`stockChanged`) and the loop's pass (rises the stock could not report, such as a
 * reservation whose hold ended, and the periods of the privacy policy), and what staff read.
 */
import { variantLabel } from '../../lib/catalogue/variants';
import type { AlertRequest, AlertErrors } from '../../lib/alerts/rules';
import { ALERT_ERRORS } from '../../lib/alerts/rules';
import type { EmailStatus } from '../../lib/messages/outcome';
import { isCatalogueId, type PickupProduct } from '../../lib/reservations/product';
import type { RateDecision } from '../core/rate-limit';
import type { SubmissionDesk } from '../core/service';
import { describeError, type ConsoleLog } from '../core/outbox';
import { timeSlices } from '../core/slices';
import {
	alertsOfAddress,
	arrivalsOf,
	eraseAddress,
	waitingCounts,
	type AlertArrival,
} from './reads';
import {
	applyAlertPeriods,
	noteRise,
	tellSlice,
	watchedKeys,
	watchedRefs,
	watchKey,
} from './rises';
import {
	alertByToken,
	askAlert,
	confirmAlert,
	stopAlert,
	type AlertRef,
	type AlertView,
} from './store';
import { hashAlertToken, isAlertToken } from './token';

/** What the service reads of the build: the shops and the products with their variants. */
export interface AlertCatalogue {
	readonly settings: { readonly shops: readonly { id: string; name: string }[] };
	product(id: string): Promise<PickupProduct | undefined>;
}

/** The available pieces of a variant at a shop now (the ledger less the holds). */
export type AvailableNow = (ref: AlertRef, at: Date) => number;

/** A request the form sent, checked against the build: stored, or refused by field. */
export type AskOutcome =
	{ ok: true; id: number; emailStatus: EmailStatus } | { ok: false; fields: AlertErrors };

/** A variant of the build, as the form's page names it. */
export interface AlertSubject {
	productId: string;
	variantId: string;
	productName: string;
	variantLabel: string;
	productPath: string;
}

/** The service. */
export interface AlertsService {
	readonly companyName: string;
	/** The shops, for the form's choice and the staff's pages. */
	readonly shops: readonly { id: string; name: string }[];
	/** Counts a request from `address` against the form's own rate limit. */
	takeRate(address: string): RateDecision;
	/** The names of a variant of the build (the form's page), or null when there is none. */
	describe(productId: string, variantId: string): Promise<AlertSubject | null>;
	/** Checks a request against the build (product, variant, shop) and stores it. */
	ask(
		request: AlertRequest,
		options: { spam: boolean; clientAddress: string },
	): Promise<AskOutcome>;
	/** The request a link opens, or null. */
	byToken(token: string): AlertView | null;
	/** Confirms (or renews) the request of a link; null when it is unknown or closed. */
	confirm(token: string): AlertView | null;
	/** 'Non mi interessa più': closes it and drops the address at once; null when unknown. */
	stop(token: string): AlertView | null;
	/**
	 * The stock's hook: movements were committed on these variants at these shops. Right after
	 * (the caller does not wait), a rise is noted (one row), and whoever it tells is chosen in
	 * small slices after that; their e-mails leave through the outbox.
	 */
	stockChanged(refs: readonly AlertRef[]): void;
	/** One pass of the loop: every watched variant, then the periods. */
	pass(): Promise<void>;
	/** How many wait, per `${productId}\n${variantId}` and shop id (or 'qualsiasi'). */
	waitingCounts(): Map<string, Map<string, number>>;
	/** The rises of a variant that told people, newest first. */
	arrivals(productId: string, variantId: string): AlertArrival[];
	/** One address's requests (access requests). */
	ofAddress(email: string): AlertView[];
	/** Deletes one address's requests (erasure requests); how many there were. */
	erase(email: string): number;
}

/** What the service is made of. */
export interface AlertsServiceOptions {
	desk: SubmissionDesk;
	catalogue: AlertCatalogue;
	available: AvailableNow;
	/** People told per piece of a rise (ALERT_RATE, 1 by default). */
	rate: number;
	log: ConsoleLog;
}

const PERIODS_EVERY_MS = 10 * 60_000;
/** People told per slice of a rise: a few milliseconds of work between two turns of the loop. */
const SLICE = 20;

/** The service of 'Avvisami', on the core's desk. */
export function createAlertsService({
	desk,
	catalogue,
	available,
	rate,
	log,
}: AlertsServiceOptions): AlertsService {
	const { db } = desk.store;
	const limiter = desk.rateLimiter();
	const shops = catalogue.settings.shops.map(({ id, name }) => ({ id, name }));
	const shopName = (id: string) => shops.find((shop) => shop.id === id)?.name ?? id;
	let periodsAt = -Infinity;

	function hashOf(token: string): string | null {
		return isAlertToken(token) ? hashAlertToken(token) : null;
	}

	/** Whether a chain of slices is under way in this process (one at a time is enough). */
	let telling = false;
	let toldInChain = 0;

	/**
	 * Tells the rises noted, one slice per turn of the event loop: each slice a transaction of
	 * its own (`tellSlice`), then the loop is given back, so the requests that come meanwhile
	 * (the staff's answer, a visitor's page) wait for one slice at most, never for all the
	 * people of an arrival. The outbox is woken after each slice that told someone.
	 */
	function tellNoted(): void {
		if (telling) return;
		telling = true;
		toldInChain = 0;
		const step = () => {
			let told: number | null = null;
			try {
				told = db.open ? tellSlice(db, { now: desk.now(), size: SLICE, shopName }) : null;
			} catch (error) {
				// The rise stays noted: the loop's next pass tells it.
				log.error('Alerts: telling a rise failed:', describeError(error));
			}
			if (told !== null && told > 0) {
				toldInChain += told;
				desk.sendWhenDue(desk.now());
			}
			if (told !== null) {
				setImmediate(step);
				return;
			}
			telling = false;
			if (toldInChain > 0) log.log(`Alerts: ${toldInChain} request(s) told of available pieces.`);
		};
		setImmediate(step);
	}

	/**
	 * Notes the rises of these variants at these shops, then tells them after. Only the watched
	 * ones are looked at (one read of the watch), a slice at a time with the event loop handed
	 * back between slices: a count of thousands of rows reports every variant it touched.
	 */
	async function noteAndTell(refs: readonly AlertRef[]): Promise<void> {
		const now = desk.now();
		const pause = timeSlices();
		const watched = watchedKeys(db);
		for (const ref of refs.filter((candidate) => watched.has(watchKey(candidate)))) {
			await pause();
			// Closed while this waited for its turn: the next start's pass sees the rise.
			if (!db.open) return;
			noteRise(db, ref, { now, rate, available: () => available(ref, new Date(now)) });
		}
		tellNoted();
	}

	return {
		companyName: desk.config.companyName,
		shops,
		takeRate: (address) => limiter.take(address),

		async describe(productId, variantId) {
			if (!isCatalogueId(productId) || !isCatalogueId(variantId)) return null;
			const product = await catalogue.product(productId);
			const variant = product?.variants.find((candidate) => candidate.id === variantId);
			if (!product || !variant) return null;
			return {
				productId,
				variantId,
				productName: product.name,
				variantLabel: variantLabel(variant.flavour, variant.size),
				productPath: product.url ?? `/prodotti/${product.id}`,
			};
		},

		async ask(request, { spam, clientAddress }) {
			const product = await catalogue.product(request.productId);
			if (!product) return { ok: false, fields: { productId: ALERT_ERRORS.productId } };
			const variant = product.variants.find((candidate) => candidate.id === request.variantId);
			if (!variant) return { ok: false, fields: { variantId: ALERT_ERRORS.variantId } };
			if (request.shopId !== null && !shops.some((shop) => shop.id === request.shopId)) {
				return { ok: false, fields: { shopId: ALERT_ERRORS.shopId } };
			}
			// A bot filled the hidden field: answered as stored, nothing kept.
			if (spam) {
				return {
					ok: true,
					id: 0,
					emailStatus: {
						adminNotified: false,
						userConfirmationSent: desk.sendsEmail,
						simulationMode: !desk.sendsEmail,
					},
				};
			}
			const stored = askAlert(
				db,
				{
					...request,
					productName: product.name,
					variantLabel: variantLabel(variant.flavour, variant.size),
					productPath: product.url ?? `/prodotti/${product.id}`,
					shopName: request.shopId === null ? null : shopName(request.shopId),
					clientAddress,
				},
				{
					now: desk.now(),
					claimedBy: desk.instance,
					sendsEmail: desk.sendsEmail,
					confirmationsPerDay: desk.config.confirmationsPerDay,
				},
			);
			return { ok: true, id: stored.id, emailStatus: await desk.send(stored.jobs) };
		},

		byToken(token) {
			const hash = hashOf(token);
			return hash ? alertByToken(db, hash) : null;
		},

		confirm(token) {
			const hash = hashOf(token);
			if (!hash) return null;
			const now = desk.now();
			return confirmAlert(
				db,
				hash,
				now,
				shops.map((shop) => shop.id),
				(ref) => available(ref, new Date(now)),
			);
		},

		stop(token) {
			const hash = hashOf(token);
			return hash ? stopAlert(db, hash, desk.now()) : null;
		},

		stockChanged(refs) {
			// After the staff's request: noting a rise is one row whatever the number waiting, and
			// the people it tells are chosen in slices after that.
			setImmediate(() => {
				noteAndTell(refs).catch((error: unknown) => {
					// The movement is committed; the loop's next pass sees the rise.
					log.error('Alerts: noting a rise failed:', describeError(error));
				});
			});
		},

		async pass() {
			// Also the first pass after a start: rises noted and not told in full before a stop.
			await noteAndTell(watchedRefs(db));
			if (desk.now() - periodsAt < PERIODS_EVERY_MS) return;
			periodsAt = desk.now();
			const changed = applyAlertPeriods(db, desk.now());
			if (changed > 0) log.log(`Alerts: ${changed} request(s) deleted, expired or forgotten.`);
		},

		waitingCounts: () => waitingCounts(db),
		arrivals: (productId, variantId) => arrivalsOf(db, productId, variantId),
		ofAddress: (email) => alertsOfAddress(db, email),
		erase: (email) => eraseAddress(db, email),
	};
}
