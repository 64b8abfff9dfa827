/**
 * The two e-mails of a request 'Avvisami' (docs/alerts.md), in Italian, as plain text. Pure.
 *
 * - The confirmation asks the visitor to confirm with one link (double opt-in): only a
 *   confirmed request waits, so nobody is told about a product because someone else typed
 *   their address. It says the request is deleted unconfirmed after 48 hours.
 * - The notice says the pieces are free now and not held, links the product page with the
 *   variant chosen, and offers 'Non mi interessa più'.
 *
 * Both carry nothing the visitor typed but the address they go to: the names come from the
 * build, as they were when the request was made.
 */
import { ALERT_PERIODS, variantPagePath } from '../../lib/alerts/rules';
import { SITE_ORIGIN } from '../../lib/site-origin';
import type { EmailSettings } from '../core/kind';

/** A request, as its e-mails show it. */
export interface AlertForEmail {
	id: number;
	/** When the visitor last asked (the Message-ID's time, so a new ask is a new e-mail). */
	createdAt: Date;
	productName: string;
	variantLabel: string;
	productPath: string;
	variantId: string;
	/** The shop asked for, or null for any shop. */
	shopName: string | null;
	/** The shop whose pieces the notice is about (set when told). */
	toldShopName: string | null;
	/** True when it was already confirmed (a new ask of a waiting request renews it). */
	confirmed: boolean;
	/** The link of this e-mail (confirm, or stop), drawn just before each attempt. */
	link?: string | undefined;
}

function origin(settings: EmailSettings): string {
	return settings.linkOrigin ?? SITE_ORIGIN;
}

function where(shopName: string | null): string {
	return shopName ? `nel negozio: ${shopName}` : 'in uno qualsiasi dei nostri negozi';
}

/** The confirmation: one link to confirm, and what happens otherwise. */
export function confirmationText(alert: AlertForEmail, settings: EmailSettings) {
	const what = `${alert.productName} – ${alert.variantLabel}`;
	const lines = alert.confirmed
		? [
				'Ciao,',
				'',
				`ci hai chiesto di nuovo di avvisarti quando ${what} torna disponibile ${where(alert.shopName)}.`,
				`La tua richiesta era già attiva: l’abbiamo rinnovata per altri ${ALERT_PERIODS.expireDays} giorni e resti al tuo posto in coda.`,
				'',
				'Se non vuoi più ricevere l’avviso, apri questo link:',
				alert.link ?? '',
			]
		: [
				'Ciao,',
				'',
				`per ricevere un’email quando ${what} torna disponibile ${where(alert.shopName)}, conferma la richiesta da questo link:`,
				'',
				alert.link ?? '',
				'',
				`Se non l’hai chiesto tu, ignora questa email: senza conferma la richiesta viene cancellata entro ${ALERT_PERIODS.unconfirmedHours} ore.`,
				`Dopo la conferma ti scriviamo una volta sola, quando arrivano i pezzi; la richiesta scade dopo ${ALERT_PERIODS.expireDays} giorni.`,
			];
	return {
		subject: alert.confirmed
			? `Richiesta rinnovata: ${alert.productName}`
			: `Conferma l’avviso: ${alert.productName}`,
		text: [...lines, '', settings.companyName, origin(settings)].join('\n'),
	};
}

/** The notice: the pieces are free now, not held; the link opens the variant. */
export function noticeText(alert: AlertForEmail, settings: EmailSettings) {
	const shop = alert.toldShopName ?? alert.shopName;
	const page = `${origin(settings)}${variantPagePath(alert.productPath, alert.variantId)}`;
	return {
		subject: `È tornato disponibile: ${alert.productName}`,
		text: [
			'Ciao,',
			'',
			`${alert.productName} – ${alert.variantLabel} è di nuovo disponibile ${where(shop)}.`,
			'I pezzi sono liberi adesso ma non sono tenuti da parte per te: se lo vuoi, prenotalo per il ritiro o passa in negozio.',
			'',
			page,
			'',
			'Ti abbiamo avvisato una volta sola: la richiesta ora è chiusa.',
			'Non mi interessa più (cancella subito il tuo indirizzo):',
			alert.link ?? '',
			'',
			settings.companyName,
		].join('\n'),
	};
}
