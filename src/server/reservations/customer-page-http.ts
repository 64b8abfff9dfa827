/**
 * The customer's page, /prenotazione/<token> (docs/reservations.md, 'The customer's link'), over HTTP
 * with web-standard Request and Response: the Astro page (src/pages/prenotazione/[token].astro)
 * renders what this decides.
 *
 * - GET shows the reservation; `?annulla` asks the customer to confirm the cancel, `?annullata`
 *   says it is done. A token that opens nothing answers the site's not-found page (Astro renders
 *   it for a 404 without a body), and counts against the sender's allowance of misses (429 past it).
 * - POST (a plain form, no JavaScript needed) cancels, from the version the customer saw: an
 *   Origin of another site 403; done 303 back to the page (so a reload sends nothing again);
 *   already final or changed meanwhile 409 with the page and an Italian message.
 * - Every answer is `no-store` (the state changes, and the address is a key), `noindex`, and
 *   `Referrer-Policy: no-referrer`, so the token never leaves in a Referer.
 */
import {
	CANCEL_REFUSALS,
	CANCELLED_NOTICE,
	canCancel,
	changedMeanwhile,
	CROSS_SITE_REFUSAL,
	statusWording,
	tooManyAttempts,
	type StatusWording,
} from '../../lib/reservations/customer-page';
import { customerLinkPath } from '../../lib/reservations/customer-link';
import {
	MAX_REASON_LENGTH,
	RESERVATION_LIFE,
	type ReservationStatus,
} from '../../lib/reservations/status';
import { isCrossSite, readBodyAtMost } from '../core/submission';
import type { CustomerLinks } from './customer-links';
import type { CustomerReservation } from './customer-store';

/** The headers of every answer of the page. */
export const PRIVATE_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
	'Cache-Control': 'no-store',
	'X-Robots-Tag': 'noindex, nofollow',
	'Referrer-Policy': 'no-referrer',
});

/** Longest body a cancel may have: the version and a reason of MAX_REASON_LENGTH, encoded. */
const MAX_BODY = 8192;

/** Said when the customer's reason is too long. */
export const REASON_TOO_LONG = `Il motivo può avere al massimo ${MAX_REASON_LENGTH} caratteri: accorcialo e riprova.`;

/** What the page shows. */
export interface CustomerPageView {
	reservation: CustomerReservation;
	status: ReservationStatus;
	/** How the customer reads the state. */
	wording: StatusWording;
	/** Whether the shop still keeps the pieces (the page says until when). */
	holding: boolean;
	/** The page's own path (the form posts to it). */
	path: string;
	/** The customer asked to cancel: the page asks to confirm. */
	confirming: boolean;
	canCancel: boolean;
	/** A note of success, or an error (role=alert). */
	notice?: string | undefined;
	error?: string | undefined;
}

/** What the Astro page does: render the view with a status, or send an answer as it is. */
export type CustomerPageResult =
	| { kind: 'page'; status: number; view: CustomerPageView }
	| { kind: 'response'; response: Response };

/** What the Astro page passes in. */
export interface CustomerPageContext {
	links: CustomerLinks | undefined;
	token: string;
	clientAddress: string;
	/** The public site's origin, also allowed as Origin. */
	siteOrigin: string | null;
}

function text(status: number, body: string, extra: Record<string, string> = {}): Response {
	return new Response(body, {
		status,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', ...PRIVATE_PAGE_HEADERS, ...extra },
	});
}

/**
 * The site's not-found page (Astro renders it for a 404 without a body, keeping these headers):
 * private like the found page, so a guessed address is kept by no cache and no search engine.
 */
function notFound(): CustomerPageResult {
	return {
		kind: 'response',
		response: new Response(null, { status: 404, headers: PRIVATE_PAGE_HEADERS }),
	};
}

function tooMany(seconds: number): CustomerPageResult {
	return {
		kind: 'response',
		response: text(429, tooManyAttempts(seconds), { 'Retry-After': String(seconds) }),
	};
}

function view(
	reservation: CustomerReservation,
	token: string,
	extra: Partial<CustomerPageView> = {},
): CustomerPageView {
	const { status } = reservation;
	return {
		reservation,
		status,
		wording: statusWording(status),
		holding: RESERVATION_LIFE[status].holdsPieces,
		path: customerLinkPath(token),
		confirming: false,
		canCancel: canCancel(status),
		...extra,
	};
}

/** What the cancel form sent. */
interface CancelForm {
	/** The version the page showed; null when missing or malformed (then: as it is now). */
	version: number | null;
	/** The customer's reason for the shop, if any (trimmed). */
	reason: string | null;
}

/** The fields of the cancel form, or why it could not be read. */
async function readForm(request: Request): Promise<CancelForm | 'too-large' | 'unreadable'> {
	const read = await readBodyAtMost(request, MAX_BODY);
	if (!read.ok) return read.why;
	const params = new URLSearchParams(new TextDecoder().decode(read.bytes));
	const raw = params.get('versione');
	const version = raw === null ? NaN : Number(raw);
	const reason = params.get('motivo')?.trim() ?? '';
	return {
		version: Number.isSafeInteger(version) && version >= 0 ? version : null,
		reason: reason === '' ? null : reason,
	};
}

/** Handles a request to the customer's page. */
export async function handleCustomerPage(
	request: Request,
	{ links, token, clientAddress, siteOrigin }: CustomerPageContext,
): Promise<CustomerPageResult> {
	if (!links) {
		return {
			kind: 'response',
			response: text(503, 'Il servizio prenotazioni non è disponibile. Riprova più tardi.'),
		};
	}
	const method = request.method;
	if (method === 'GET' || method === 'HEAD') {
		const opened = links.open(token, clientAddress);
		if (opened.kind === 'not-found') return notFound();
		if (opened.kind === 'too-many') return tooMany(opened.retryAfterSeconds);
		const query = new URL(request.url).searchParams;
		const shown = view(opened.reservation, token);
		return {
			kind: 'page',
			status: 200,
			view: {
				...shown,
				confirming: query.has('annulla') && shown.canCancel,
				notice:
					query.has('annullata') && shown.status === 'cancelled' ? CANCELLED_NOTICE : undefined,
			},
		};
	}
	if (method !== 'POST') {
		return {
			kind: 'response',
			response: text(405, 'Metodo non consentito.', { Allow: 'GET, HEAD, POST' }),
		};
	}
	if (isCrossSite(request, siteOrigin)) {
		return { kind: 'response', response: text(403, CROSS_SITE_REFUSAL) };
	}
	const form = await readForm(request);
	if (form === 'too-large') {
		return { kind: 'response', response: text(413, 'Richiesta troppo lunga.') };
	}
	if (form === 'unreadable') {
		return { kind: 'response', response: text(400, 'Richiesta non valida.') };
	}
	if (form.reason !== null && [...form.reason].length > MAX_REASON_LENGTH) {
		const opened = links.open(token, clientAddress);
		if (opened.kind === 'not-found') return notFound();
		if (opened.kind === 'too-many') return tooMany(opened.retryAfterSeconds);
		const shown = view(opened.reservation, token, { error: REASON_TOO_LONG });
		return { kind: 'page', status: 422, view: { ...shown, confirming: shown.canCancel } };
	}
	const result = links.cancel(token, clientAddress, form.version, form.reason);
	switch (result.kind) {
		case 'too-many':
			return tooMany(result.retryAfterSeconds);
		case 'not-found':
			return notFound();
		case 'cancelled':
			return {
				kind: 'response',
				response: new Response(null, {
					status: 303,
					headers: { Location: `${customerLinkPath(token)}?annullata`, ...PRIVATE_PAGE_HEADERS },
				}),
			};
		case 'not-allowed':
		case 'conflict': {
			const opened = links.open(token, clientAddress);
			if (opened.kind !== 'found') return notFound();
			const now = opened.reservation.status;
			const error =
				result.kind === 'conflict' || canCancel(now) ? changedMeanwhile(now) : CANCEL_REFUSALS[now];
			return { kind: 'page', status: 409, view: view(opened.reservation, token, { error }) };
		}
	}
}
