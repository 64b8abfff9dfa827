/**
 * POST /api/prenotazioni over HTTP (docs/reservations.md), with web-standard Request and Response (the
 * Astro route in src/pages/api/prenotazioni.ts only wires it). The steps every kind shares are
 * src/server/core/submission.ts's: cross-site Origin 403, content type 415, size
 * 413, UTF-8 and JSON 400, rate limit 429, 503 when not stored. Its own:
 *
 * - JSON only: the list page needs JavaScript. A form post gets a 415 saying so (a small
 *   Italian page for a browser).
 * - The checks of src/lib/reservations/request.ts against the build the server serves (the shops of
 *   /api/ritiro.json, the products of /api/product/<id>.json): 422 `{ error, fields, items }`.
 * - 422 too when a line asks more pieces than the shop has free (its shelf stock from the build
 *   less what other reservations hold there), checked and stored under one write lock.
 * - 201 `PickupAccepted` `{ ok, id, code, emailStatus, duplicate, link }`, also for a submission key
 *   stored already with the same contents (then `duplicate: true`, with the first
 *   reservation's id and code, before the rate limit and the checks); 409 for other contents.
 */
import { CONTACT_LABELS, submissionKeyOf } from '../../lib/messages/message-schema';
import {
	pickupItemErrors,
	pickupProductIds,
	type PickupItemError,
} from '../../lib/reservations/items';
import type { PickupProduct } from '../../lib/reservations/product';
import { parsePickupRequest, type PickupReservation } from '../../lib/reservations/request';
import type { PickupAccepted, PickupField } from '../../lib/reservations/types';
import { json, refuse, type PageWording } from '../core/submission-responses';
import type { KeyConflict } from '../core/service';
import { handleSubmission, seconds, type RouteTexts } from '../core/submission';
import { submissionFingerprint } from '../core/submission-fingerprint';
import type { PickupService, ReserveResult } from './service';
import type { HeldShortage } from './store';

/** The Italian texts of the refusals of a reservation. */
export const PICKUP_TEXTS: RouteTexts = Object.freeze({
	unsupportedType:
		'Formato non supportato: la prenotazione si invia come JSON (application/json) in UTF-8, dalla pagina Lista ritiro con JavaScript attivo.',
	tooLarge: 'La prenotazione è troppo lunga: il limite è di 32 KB.',
	notObject: 'Il contenuto deve essere un oggetto JSON con i dati della prenotazione.',
	invalid: 'Alcuni dati della prenotazione non sono validi: correggili e riprova.',
	notStored:
		'Non è stato possibile salvare la prenotazione. Riprova tra qualche minuto oppure chiamaci.',
	keyReused:
		'Questo invio ha lo stesso codice di una prenotazione già ricevuta, ma un contenuto diverso: ricarica la pagina Lista ritiro e invia di nuovo la prenotazione.',
	tooMany: (wait: number) =>
		`Hai inviato troppe prenotazioni in poco tempo: riprova tra ${seconds(wait)}.`,
});

/** The labels of the fields a refusal can name, in the page's order. */
const PICKUP_LABELS: Readonly<Record<PickupField, string>> = Object.freeze({
	shopId: 'Negozio',
	day: 'Giorno di ritiro',
	items: 'Prodotti',
	name: CONTACT_LABELS.name,
	email: CONTACT_LABELS.email,
	phone: CONTACT_LABELS.phone,
	privacy: CONTACT_LABELS.privacy,
});

/** The error page of a reservation refused to a browser. */
export const PICKUP_PAGE: PageWording = Object.freeze({
	title: 'Prenotazione non inviata',
	heading: 'La prenotazione non è stata inviata',
	backHref: '/lista-ritiro',
	backLabel: 'Torna alla lista ritiro',
	labels: PICKUP_LABELS,
});

/** What the route passes in. */
export interface PickupRequestContext {
	service: Pick<PickupService, 'takeReservationRate' | 'reserve' | 'findReservation' | 'pickup'> & {
		companyName: string;
	};
	/** The visitor's address, for the rate limit. */
	clientAddress: string;
	/** The public site's origin (https://www.vigorsport.it), also allowed as Origin. */
	siteOrigin: string | null;
	/** The time of the day checks (tests pass another). */
	now?: () => Date;
	log?: Pick<Console, 'error'>;
}

/** A reservation that passed every check. */
interface CheckedReservation {
	reservation: PickupReservation;
	spam: boolean;
	submissionKey: string | undefined;
	fingerprint: string;
}

/** The items of a 422 for lines the shop cannot hold: each named, with the pieces still free. */
export function shortageItems(
	reservation: PickupReservation,
	shortages: readonly HeldShortage[],
): PickupItemError[] {
	return shortages.flatMap(({ line, free, held }) => {
		const stored = reservation.lines[line];
		if (!stored) return [];
		const name = `${stored.productName} – ${stored.variantLabel}`;
		return [
			{
				index: reservation.indexes[line] ?? line,
				productId: stored.productId,
				variantId: stored.variantId,
				error:
					held > 0
						? pickupItemErrors.held(name, reservation.shop, free)
						: free === 0
							? pickupItemErrors.outOfStock(name, reservation.shop)
							: pickupItemErrors.tooMany(name, reservation.shop, free),
			},
		];
	});
}

/** Handles POST /api/prenotazioni. */
export function handlePickupPost(
	request: Request,
	{ service, clientAddress, siteOrigin, now = () => new Date(), log }: PickupRequestContext,
): Promise<Response> {
	const { pickup } = service;
	const page = { ...PICKUP_PAGE, companyName: service.companyName };
	/** The answer for a stored reservation (now or earlier), or the 409 of a reused key. */
	function answer(stored: ReserveResult | KeyConflict): Response {
		if ('conflict' in stored) {
			return refuse(request, { status: 409, error: PICKUP_TEXTS.keyReused }, page);
		}
		const body: PickupAccepted = {
			ok: true,
			id: stored.id,
			code: stored.code,
			emailStatus: stored.emailStatus,
			duplicate: stored.duplicate,
			...(stored.link ? { link: stored.link } : {}),
		};
		return json(201, body);
	}
	return handleSubmission<CheckedReservation>(request, {
		kinds: ['json'],
		texts: PICKUP_TEXTS,
		page,
		siteOrigin,
		repeat(record) {
			const key = submissionKeyOf(record);
			const stored = key && service.findReservation(key, submissionFingerprint(record));
			return stored ? answer(stored) : null;
		},
		async check(record) {
			// The products named (at most 30 distinct ids), looked up before the pure checks.
			const ids = pickupProductIds(record['items']);
			const found = await Promise.all(ids.map((id) => pickup.product(id)));
			const products = new Map<string, PickupProduct>();
			for (const product of found) if (product) products.set(product.id, product);
			const result = parsePickupRequest(record, {
				shops: pickup.settings.shops,
				product: (id) => products.get(id),
				now: now(),
			});
			return result.ok
				? { ok: true, value: { ...result, fingerprint: submissionFingerprint(record) } }
				: { ok: false, fields: result.fields, items: result.items };
		},
		takeRate: () => service.takeReservationRate(clientAddress),
		async store({ reservation, spam, submissionKey, fingerprint }) {
			const stored = await service.reserve(reservation, {
				spam,
				submissionKey,
				fingerprint,
				clientAddress,
			});
			if ('shortages' in stored) {
				return refuse(
					request,
					{
						status: 422,
						error: PICKUP_TEXTS.invalid,
						fields: {},
						items: shortageItems(reservation, stored.shortages),
					},
					page,
				);
			}
			return answer(stored);
		},
		logLabel: 'Pickup: reservation not stored:',
		log,
	});
}
