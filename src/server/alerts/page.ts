/**
 * The page of a request's link, /avviso?token=… (src/pages/avviso.astro renders what this
 * decides). GET shows the request and one button; only a POST of that button (a plain form,
 * same origin) confirms or stops it: mail scanners open every link of an e-mail, and a GET that
 * acted would confirm requests nobody confirmed and stop ones nobody stopped. `?inviata` is
 * where a form posted without JavaScript lands; `?prodotto=…&variante=…` is the form itself,
 * for a visitor whose product page has not hydrated (or runs no JavaScript), with `&negozio=…`
 * choosing the shop (the pickup list's); an unknown shop is ignored. Every answer is `no-store`, `noindex` and
 * `Referrer-Policy: no-referrer` (the address is a key).
 */
import { isCrossSite, readBodyAtMost } from '../core/submission';
import type { AlertsService, AlertSubject } from './service';
import type { AlertView } from './store';

/** The headers of every answer of the page. */
export const ALERT_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
	'Cache-Control': 'no-store',
	'X-Robots-Tag': 'noindex, nofollow',
	'Referrer-Policy': 'no-referrer',
});

/** What the page shows. */
export type AlertPageView =
	| { state: 'sent' }
	| {
			state: 'form';
			subject: AlertSubject;
			shops: readonly { id: string; name: string }[];
			/** The shop the linking page chose (`?negozio=`, one of `shops`), or null. */
			shopId: string | null;
	  }
	| { state: 'unknown' }
	| { state: 'refused'; error: string }
	| {
			state: 'open' | 'confirmed' | 'stopped';
			alert: AlertView;
			token: string;
	  };

/** The page's answer: its status and view. */
export interface AlertPageResult {
	status: number;
	view: AlertPageView;
}

/** The Italian texts of the page. */
export const ALERT_PAGE_TEXTS = Object.freeze({
	crossSite: 'Richiesta non consentita: usa il pulsante di questa pagina.',
	unreadable: 'Richiesta non valida: apri di nuovo il link dell’email.',
	closed: 'Questa richiesta è già chiusa: non c’è niente da confermare.',
});

/** What the Astro page passes in. */
export interface AlertPageContext {
	service: Pick<AlertsService, 'byToken' | 'confirm' | 'stop' | 'describe' | 'shops'> | undefined;
	siteOrigin: string | null;
}

/** Handles a request to /avviso. */
export async function handleAlertPage(
	request: Request,
	{ service, siteOrigin }: AlertPageContext,
): Promise<AlertPageResult> {
	const url = new URL(request.url);
	const token = url.searchParams.get('token') ?? '';
	if (request.method !== 'POST') {
		if (url.searchParams.has('inviata') && !token) return { status: 200, view: { state: 'sent' } };
		const productId = url.searchParams.get('prodotto');
		if (productId !== null && !token) {
			const subject = await service?.describe(productId, url.searchParams.get('variante') ?? '');
			if (!subject || !service) return { status: 404, view: { state: 'unknown' } };
			const asked = url.searchParams.get('negozio');
			const shopId = service.shops.find((shop) => shop.id === asked)?.id ?? null;
			return { status: 200, view: { state: 'form', subject, shops: service.shops, shopId } };
		}
		const alert = service?.byToken(token) ?? null;
		if (!alert) return { status: 404, view: { state: 'unknown' } };
		return { status: 200, view: { state: 'open', alert, token } };
	}
	if (isCrossSite(request, siteOrigin)) {
		return { status: 403, view: { state: 'refused', error: ALERT_PAGE_TEXTS.crossSite } };
	}
	const body = await readBodyAtMost(request, 1024);
	if (!body.ok || !service) {
		return { status: 400, view: { state: 'refused', error: ALERT_PAGE_TEXTS.unreadable } };
	}
	const action = new URLSearchParams(new TextDecoder().decode(body.bytes)).get('azione');
	if (action === 'conferma') {
		const alert = service.confirm(token);
		if (alert) return { status: 200, view: { state: 'confirmed', alert, token } };
		const known = service.byToken(token);
		return known
			? { status: 409, view: { state: 'refused', error: ALERT_PAGE_TEXTS.closed } }
			: { status: 404, view: { state: 'unknown' } };
	}
	if (action === 'basta') {
		const alert = service.stop(token);
		return alert
			? { status: 200, view: { state: 'stopped', alert, token: '' } }
			: { status: 404, view: { state: 'unknown' } };
	}
	return { status: 400, view: { state: 'refused', error: ALERT_PAGE_TEXTS.unreadable } };
}
