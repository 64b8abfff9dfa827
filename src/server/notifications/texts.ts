/** The Italian texts of Web Push's route (http.ts) and service (service.ts). Pure. */
export const PUSH_TEXTS = Object.freeze({
	badSubscription:
		'Iscrizione alle notifiche non valida: il browser deve inviare endpoint e chiavi (p256dh, auth).',
	badEndpoint:
		'Indirizzo del servizio di notifiche non valido: deve essere un indirizzo https del browser.',
	subscribed: 'Notifiche attivate su questo dispositivo.',
	unsubscribed: 'Notifiche disattivate su questo dispositivo.',
});
