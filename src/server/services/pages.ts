/**
 * What each on-demand page of the staff area, the customer's link and the 'Avvisami' link
 * renders, one function a page: `const page = await deskPage(Astro); if (page instanceof
 * Response) return page;` and the page lays out `page.view` (and, in the staff area, signs
 * `page.staff`). The function does everything else: the staff guard (303 to the sign-in), the
 * request read and acted on, the redirect after a change (303), the status and the private
 * headers set on `Astro.response`; what to show is the things' views, put together here when a
 * page shows two things (the desk: reservations and stock). Every service comes from
 * `locals.services`, so Astro's build bundles these functions and no service.
 */
import type { AstroGlobal } from 'astro';
import {
	ALERT_PAGE_HEADERS,
	alertsVariantView,
	handleAlertPage,
	type AlertPageView,
	type AlertsVariantView,
} from '../alerts';
import { messagesPageView, type MessagesPageView } from '../messages';
import { reportPageView, type ReportPageView } from '../reports';
import {
	deskListView,
	handleCustomerPage,
	pickListPageView,
	PRIVATE_PAGE_HEADERS,
	reservationPageView,
	type CustomerPageView,
	type DeskListPage,
	type PageAnswer,
	type PickListPage,
	type ReservationPage,
} from '../reservations';
import { requireStaff, sessionToken, staffService, type StaffMember } from '../staff';
import {
	belowMinimumTotal,
	missingPiecesIds,
	STOCK_PAGE_TEXTS,
	stockListView,
	stockVariantView,
	type StockListView,
	type StockVariantView,
} from '../stock';
import type { RequestServices } from './index';

/** What a page function reads and sets of the page's `Astro`. */
export type PageContext = Pick<
	AstroGlobal,
	'request' | 'url' | 'params' | 'locals' | 'response' | 'redirect' | 'site'
>;

/** What a page renders (its view), or the answer to send instead (a redirect, a 404, a 429). */
export type Page<View> = Response | { view: View };

/** A staff page's: the view and who is signed in, or the answer to send instead. */
export type StaffPage<View> = Response | { staff: StaffMember; view: View };

/** A staff page: the guard first, then its view (or the answer to send instead). */
async function staffPage<View>(
	context: PageContext,
	make: (staff: StaffMember, services: RequestServices) => Promise<View | Response> | View,
): Promise<StaffPage<View>> {
	const staff = requireStaff(context);
	if (staff instanceof Response) return staff;
	const view = await make(staff, context.locals.services ?? {});
	return view instanceof Response ? view : { staff, view };
}

/** A thing's answer applied: a redirect (303) to send, or the status set and the view. */
function settle<View>(context: PageContext, answer: PageAnswer<View>): View | Response {
	if (answer.kind === 'redirect') return context.redirect(answer.location, 303);
	context.response.status = answer.status;
	return answer.view;
}

function setHeaders(context: PageContext, headers: Readonly<Record<string, string>>): void {
	for (const [name, value] of Object.entries(headers)) context.response.headers.set(name, value);
}

/** The counter's list, with what the stock adds to it. */
export interface DeskPageView extends DeskListPage {
	/** Variants below their minimum at the member's shops; null without the stock. */
	belowMinimum: number | null;
	/** The reservations the shelf can no longer serve in full ('Pezzi mancanti'). */
	missing: ReadonlySet<number>;
}

/** /gestione[?codice=…]: the counter's list; a code found goes to its reservation. */
export const deskPage = (context: PageContext) =>
	staffPage<DeskPageView>(context, async (staff, { reservations, stock }) => {
		const list = settle(context, deskListView(reservations, staff, context.url));
		if (list instanceof Response) return list;
		return {
			...list,
			belowMinimum: stock ? await belowMinimumTotal(stock, staff) : null,
			missing: stock ? missingPiecesIds(stock, staff) : new Set<number>(),
		};
	});

/** /gestione/preparazione[?giorno=…]: the day's pick list; a tick posted, then back to it. */
export const pickListPage = (context: PageContext) =>
	staffPage<PickListPage>(context, async (staff, { reservations }) =>
		settle(context, await pickListPageView(reservations, staff, context.request, context.url)),
	);

/** One reservation at the counter, with whether the shelf still holds all its pieces. */
export interface ReservationPageView extends ReservationPage {
	shortOfPieces: boolean;
}

/** /gestione/prenotazioni/<id>: one reservation; an action posted, then back to it. */
export const reservationPage = (context: PageContext) =>
	staffPage<ReservationPageView>(context, async (staff, { reservations, stock }) => {
		const page = settle(
			context,
			await reservationPageView(
				reservations,
				staff,
				context.request,
				context.params['id'],
				context.url,
			),
		);
		if (page instanceof Response) return page;
		const { reservation } = page;
		return {
			...page,
			shortOfPieces:
				reservation !== null &&
				stock !== undefined &&
				missingPiecesIds(stock, staff).has(reservation.id),
		};
	});

/** /gestione/messaggi: the contact messages (none without the service). */
export const messagesPage = (context: PageContext) =>
	staffPage<MessagesPageView>(context, (_, { messages }) =>
		messagesPageView(messages, context.url),
	);

/** /gestione/magazzino: the list; null without the stock (the page says it is unavailable). */
export const stockListPage = (context: PageContext) =>
	staffPage<StockListView | null>(context, async (staff, { stock }) =>
		stock ? await stockListView(stock, staff, context.url) : null,
	);

/** One variant's page: its detail, or why there is none; and who waits for it ('Avvisami'). */
export interface StockVariantPage {
	detail: StockVariantView | null;
	/** Why there is no detail: unavailable, or (an alert) not found or another shop's. */
	missing: { text: string; alert: boolean } | null;
	alerts: AlertsVariantView | null;
}

/** /gestione/magazzino/variante?negozio=…&prodotto=…&variante=…: 404 unknown, 403 not theirs. */
export const stockVariantPage = (context: PageContext) =>
	staffPage<StockVariantPage>(context, async (staff, { stock, alerts }) => {
		const found = stock ? await stockVariantView(stock, staff, context.url) : null;
		if (typeof found === 'number') context.response.status = found;
		const detail = found !== null && typeof found === 'object' ? found : null;
		return {
			detail,
			missing:
				found === null
					? { text: STOCK_PAGE_TEXTS.unavailable, alert: false }
					: found === 404
						? { text: STOCK_PAGE_TEXTS.notFound, alert: true }
						: found === 403
							? { text: STOCK_PAGE_TEXTS.otherShop, alert: true }
							: null,
			alerts:
				alerts && detail ? alertsVariantView(alerts, detail.row, detail.row.waiting ?? 0) : null,
		};
	});

/**
 * /gestione/andamento[?negozio=…&periodo=…]: the figures of the member's shops; null another
 * shop's (404), undefined without the service.
 */
export const reportPage = (context: PageContext) =>
	staffPage<ReportPageView | null | undefined>(context, async (staff, { reports }) => {
		const report = reports ? await reportPageView(reports, staff, context.url) : undefined;
		if (report === null) context.response.status = 404;
		return report;
	});

/** Any other address under /gestione: the staff area's own 'not found' (404), once signed in. */
export const staffNotFoundPage = (context: PageContext) =>
	staffPage<null>(context, () => {
		context.response.status = 404;
		return null;
	});

/** /gestione/accesso: a member already signed in goes straight to /gestione. */
export function signInPage(
	context: PageContext,
): Promise<Page<{ linkSent: boolean; signedOut: boolean }>> {
	if (staffService(context)?.member(sessionToken(context))) {
		return Promise.resolve(context.redirect('/gestione', 303));
	}
	const asked = context.url.searchParams;
	return Promise.resolve({
		view: { linkSent: asked.get('link') === 'inviato', signedOut: asked.get('uscito') === '1' },
	});
}

/** /prenotazione/<token>: the customer's reservation, private (src/server/reservations/). */
export async function customerReservationPage(
	context: PageContext,
): Promise<Page<CustomerPageView>> {
	const result = await handleCustomerPage(context.request, {
		links: context.locals.services?.reservations?.customer,
		token: context.params['token'] ?? '',
		clientAddress: context.locals.clientAddress ?? 'unknown',
		siteOrigin: context.locals.publicOrigin ?? context.site?.origin ?? null,
	});
	if (result.kind === 'response') return result.response;
	context.response.status = result.status;
	setHeaders(context, PRIVATE_PAGE_HEADERS);
	return { view: result.view };
}

/** /avviso?token=…: an 'Avvisami' request, private (src/server/alerts/page.ts). */
export async function alertPage(context: PageContext): Promise<Page<AlertPageView>> {
	const result = await handleAlertPage(context.request, {
		service: context.locals.services?.alerts,
		siteOrigin: context.locals.publicOrigin ?? context.site?.origin ?? null,
	});
	context.response.status = result.status;
	setHeaders(context, ALERT_PAGE_HEADERS);
	return { view: result.view };
}
