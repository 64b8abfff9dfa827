/**
 * POST /api/contact over HTTP, with web-standard Request and Response (the Astro route in
 * src/pages/api/contact.ts only wires it). The shared steps (origin, type, size, encoding, rate
 * limit, answers) are src/server/core/submission.ts's; this file gives the contact form's: a JSON body or a
 * urlencoded form, the five rules (422 with `fields`), and the answer 201 `{ ok, id,
 * emailStatus }` (200 when the submission key was stored already), or 303 to the thank-you page
 * for a form posted without JavaScript, whose refusals come back as a small HTML page.
 */
import {
	CONTACT_LABELS,
	parseContact,
	submissionKeyOf,
	type ContactMessage,
} from '../../lib/messages/message-schema';
import { json, NO_STORE, refuse, wantsHtml, type PageWording } from '../core/submission-responses';
import type { KeyConflict, SubmitResult } from '../core/service';
import { handleSubmission, seconds, type RouteTexts } from '../core/submission';
import { submissionFingerprint } from '../core/submission-fingerprint';
import type { MessageService } from './service';

/** Where a form posted without JavaScript lands after success (a prerendered page). */
export const THANK_YOU_PATH = '/contatti/inviato';

/** The Italian texts of the contact form's refusals. */
export const CONTACT_TEXTS: RouteTexts = Object.freeze({
	unsupportedType:
		'Formato non supportato: invia i dati come JSON (application/json) o come modulo (application/x-www-form-urlencoded) in UTF-8.',
	tooLarge: 'Il messaggio è troppo lungo: il limite è di 32 KB.',
	notObject: 'Il contenuto deve essere un oggetto JSON con i campi del modulo.',
	invalid: 'Alcuni campi non sono validi: correggili e riprova.',
	notStored:
		'Non è stato possibile salvare il messaggio. Riprova tra qualche minuto oppure chiamaci.',
	keyReused:
		'Questo invio ha lo stesso codice di un messaggio già ricevuto, ma un contenuto diverso: ricarica la pagina e scrivi di nuovo il messaggio.',
	tooMany: (wait: number) =>
		`Hai inviato troppi messaggi in poco tempo: riprova tra ${seconds(wait)}.`,
});

/** The contact form's error page. */
export const CONTACT_PAGE: PageWording = Object.freeze({
	title: 'Messaggio non inviato',
	heading: 'Il messaggio non è stato inviato',
	backHref: '/contatti#modulo',
	backLabel: 'Torna al modulo di contatto',
	labels: CONTACT_LABELS,
});

/** What the route passes in. */
export interface ContactRequestContext {
	service: Pick<MessageService, 'takeRate' | 'submit' | 'findMessage'> & { companyName: string };
	/** The visitor's address, for the rate limit. */
	clientAddress: string;
	/** The public site's origin (https://www.vigorsport.it), also allowed as Origin. */
	siteOrigin: string | null;
	log?: Pick<Console, 'error'>;
}

/** A contact message that passed the five rules. */
interface CheckedMessage {
	message: ContactMessage;
	spam: boolean;
	submissionKey: string | undefined;
	fingerprint: string;
}

/** Handles POST /api/contact. */
export function handleContactPost(
	request: Request,
	{ service, clientAddress, siteOrigin, log }: ContactRequestContext,
): Promise<Response> {
	const page = { ...CONTACT_PAGE, companyName: service.companyName };
	/** The answer for a stored message (now or earlier), or the 409 of a reused key. */
	function answer(stored: SubmitResult | KeyConflict): Response {
		if ('conflict' in stored) {
			return refuse(request, { status: 409, error: CONTACT_TEXTS.keyReused }, page);
		}
		if (wantsHtml(request)) {
			return new Response(null, {
				status: 303,
				headers: { Location: THANK_YOU_PATH, ...NO_STORE },
			});
		}
		// 200 for a message sent again (same submission key): it was stored before, not now.
		return json(stored.duplicate ? 200 : 201, {
			ok: true,
			id: stored.id,
			emailStatus: stored.emailStatus,
		});
	}
	return handleSubmission<CheckedMessage>(request, {
		kinds: ['json', 'form'],
		texts: CONTACT_TEXTS,
		page,
		siteOrigin,
		repeat(record) {
			const key = submissionKeyOf(record);
			const stored = key && service.findMessage(key, submissionFingerprint(record));
			return stored ? answer(stored) : null;
		},
		check(record) {
			const result = parseContact(record);
			return result.ok
				? { ok: true, value: { ...result, fingerprint: submissionFingerprint(record) } }
				: { ok: false, fields: result.errors };
		},
		takeRate: () => service.takeRate(clientAddress),
		async store({ message, spam, submissionKey, fingerprint }) {
			return answer(
				await service.submit(message, { spam, submissionKey, fingerprint, clientAddress }),
			);
		},
		logLabel: 'Contact: message not stored:',
		log,
	});
}
