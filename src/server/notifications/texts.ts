/** The Italian texts of Web Push's route (http.ts) and service (service.ts). Pure. */
export const PUSH_TEXTS = Object.freeze({
	badSubscription:
		'Iscrizione alle notifiche non valida: il browser deve inviare endpoint e chiavi (p256dh, auth).',
	badEndpoint:
		'Indirizzo del servizio di notifiche non accettato: le notifiche vanno solo ai servizi dei browser (Google, Mozilla, Apple, Microsoft), in https.',
	deviceTaken:
		'Questo dispositivo riceve già le notifiche di un altro account: per spostarle qui, disattivale prima da quell’account.',
	subscribed: 'Notifiche attivate su questo dispositivo.',
	unsubscribed: 'Notifiche disattivate su questo dispositivo.',
});
