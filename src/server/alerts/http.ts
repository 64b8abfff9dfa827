/**
 * POST /api/avvisi, the form 'Avvisami quando torna disponibile', over HTTP with web-standard
 * Request and Response (src/pages/api/avvisi.ts only wires it). The shared steps (origin, type,
 * bounded body, encoding, rate limit per visitor, answers in Italian) are the core's
 * (src/server/core/submission.ts); this file gives the form's own: the shape checks of
 * src/lib/alerts/rules.ts (the shared e-mail rule, consent, the honeypot), then the build's
 * product, variant and shop (422 by field), and the answer: 201 `{ ok, emailStatus }`, or for
 * a form posted without JavaScript 303 to the page that says to look at the e-mail.
 */
import {
	ALERT_LABELS,
	ALERT_LINK_PATH,
	parseAlertRequest,
	type AlertRequest,
} from '../../lib/alerts/rules';
import { json, NO_STORE, refuse, wantsHtml, type PageWording } from '../core/submission-responses';
import { handleSubmission, seconds, type RouteTexts } from '../core/submission';
import type { AlertsService } from './service';

/** Where a form posted without JavaScript lands once stored. */
export const ALERT_SENT_PATH = `${ALERT_LINK_PATH}?inviata`;

/** The Italian texts of the form's refusals. */
export const ALERT_TEXTS: RouteTexts = Object.freeze({
	unsupportedType:
		'Formato non supportato: invia i dati come JSON (application/json) o come modulo (application/x-www-form-urlencoded) in UTF-8.',
	tooLarge: 'La richiesta è troppo grande: il limite è di 32 KB.',
	notObject: 'Il contenuto deve essere un oggetto JSON con i campi del modulo.',
	invalid: 'Alcuni campi non sono validi: correggili e riprova.',
	notStored:
		'Non è stato possibile salvare la richiesta. Riprova tra qualche minuto oppure chiamaci.',
	keyReused: 'Richiesta già ricevuta con un contenuto diverso: ricarica la pagina e riprova.',
	tooMany: (wait: number) =>
		`Hai inviato troppe richieste in poco tempo: riprova tra ${seconds(wait)}.`,
});

/** The form's error page, for a browser without JavaScript. */
export const ALERT_PAGE: PageWording = Object.freeze({
	title: 'Richiesta non inviata',
	heading: 'La richiesta di avviso non è stata inviata',
	backHref: '/',
	backLabel: 'Torna al sito',
	labels: ALERT_LABELS,
});

/** What the route passes in. */
export interface AlertRequestContext {
	service: Pick<AlertsService, 'takeRate' | 'ask' | 'companyName'>;
	clientAddress: string;
	siteOrigin: string | null;
	log?: Pick<Console, 'error'>;
}

/** Handles POST /api/avvisi. */
export function handleAlertPost(
	request: Request,
	{ service, clientAddress, siteOrigin, log }: AlertRequestContext,
): Promise<Response> {
	const referer = request.headers.get('referer');
	const back = referer && URL.canParse(referer) ? new URL(referer) : null;
	const page = {
		...ALERT_PAGE,
		// Back to the product page the form was on, when the browser says which.
		...(back && back.origin === new URL(request.url).origin
			? { backHref: back.pathname + back.search, backLabel: 'Torna al prodotto' }
			: {}),
		companyName: service.companyName,
	};
	return handleSubmission<{ request: AlertRequest; spam: boolean }>(request, {
		kinds: ['json', 'form'],
		texts: ALERT_TEXTS,
		page,
		siteOrigin,
		repeat: () => null,
		check(record) {
			const parsed = parseAlertRequest(record);
			return parsed.ok
				? { ok: true, value: { request: parsed.request, spam: parsed.spam } }
				: { ok: false, fields: parsed.errors };
		},
		takeRate: () => service.takeRate(clientAddress),
		async store({ request: alert, spam }) {
			const outcome = await service.ask(alert, { spam, clientAddress });
			if (!outcome.ok) {
				return refuse(
					request,
					{ status: 422, error: ALERT_TEXTS.invalid, fields: outcome.fields },
					page,
				);
			}
			if (wantsHtml(request)) {
				return new Response(null, {
					status: 303,
					headers: { Location: ALERT_SENT_PATH, ...NO_STORE },
				});
			}
			return json(201, { ok: true, emailStatus: outcome.emailStatus });
		},
		logLabel: 'Alerts: request not stored:',
		log,
	});
}
