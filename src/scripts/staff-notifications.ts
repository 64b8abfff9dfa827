/**
 * 'Attiva le notifiche' on the staff desk (/gestione): this device gets a ping for each new
 * reservation of the member's shop (docs/push.md). The tap asks the browser's
 * permission, registers the site's service worker (which shows the pings: src/sw.ts), subscribes
 * with the server's public key (GET /api/gestione/notifiche) and posts the subscription there;
 * 'Disattiva' deletes it. On each visit, a device already subscribed posts its subscription
 * again, so it keeps its pings after signing in anew (an ended session ends its pings) or when
 * the server's key changed. Without Web Push (an iPhone's Safari outside the Home Screen, an old
 * browser) the box says why and shows no button.
 */

const API = '/api/gestione/notifiche';
const WORKER = '/sw.js';

const TEXTS = Object.freeze({
	on: 'Notifiche attive su questo dispositivo: ricevi un avviso per ogni nuova prenotazione del tuo negozio.',
	off: 'Notifiche non attive su questo dispositivo.',
	working: 'Attivazione in corso…',
	denied:
		'Le notifiche sono bloccate per questo sito: consentile nelle impostazioni del browser, poi riprova.',
	unsupported:
		'Questo browser non può ricevere notifiche. Su iPhone e iPad aggiungi prima il sito alla schermata Home (Condividi → Aggiungi alla schermata Home) e aprilo da lì.',
	failed: 'Non è stato possibile attivare le notifiche: riprova tra poco.',
	offline: 'Connessione assente: controlla la rete e riprova.',
});

/** A base64url string as the bytes pushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
	const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
	const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
	const bytes = new Uint8Array(new ArrayBuffer(text.length));
	for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
	return bytes;
}

/** The same bytes, as base64url. */
function base64url(buffer: ArrayBuffer | null): string {
	if (!buffer) return '';
	let text = '';
	for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
	return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Calls the route; the answer's body, or a thrown Error with the server's Italian text. */
async function call(method: string, body?: unknown): Promise<Record<string, unknown>> {
	let answer: Response;
	try {
		answer = await fetch(API, {
			method,
			headers: {
				Accept: 'application/json',
				...(body ? { 'Content-Type': 'application/json' } : {}),
			},
			...(body ? { body: JSON.stringify(body) } : {}),
			credentials: 'same-origin',
			cache: 'no-store',
		});
	} catch {
		throw new Error(TEXTS.offline);
	}
	const data = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
	if (!answer.ok) throw new Error(typeof data['error'] === 'string' ? data['error'] : TEXTS.failed);
	return data;
}

function supported(): boolean {
	return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This device's subscription under the server's key: made anew when missing or under another. */
async function subscribeHere(): Promise<PushSubscription> {
	const registration =
		(await navigator.serviceWorker.getRegistration('/')) ??
		(await navigator.serviceWorker.register(WORKER, { scope: '/' }));
	await navigator.serviceWorker.ready;
	const { publicKey } = await call('GET');
	if (typeof publicKey !== 'string') throw new Error(TEXTS.failed);
	const existing = await registration.pushManager.getSubscription();
	if (existing && base64url(existing.options.applicationServerKey) === publicKey) return existing;
	await existing?.unsubscribe();
	return registration.pushManager.subscribe({
		userVisibleOnly: true,
		applicationServerKey: keyBytes(publicKey),
	});
}

/** The box on the desk, with its button. */
export function startNotifications(): void {
	const box = document.querySelector<HTMLElement>('[data-push]');
	const status = box?.querySelector<HTMLElement>('[data-push-status]');
	const turnOn = box?.querySelector<HTMLButtonElement>('[data-push-on]');
	const turnOff = box?.querySelector<HTMLButtonElement>('[data-push-off]');
	if (!box || !status || !turnOn || !turnOff) return;

	const show = (state: 'on' | 'off' | 'working' | 'denied' | 'unsupported', error?: string) => {
		status.textContent = error ?? TEXTS[state];
		box.dataset['pushState'] = state;
		turnOn.hidden = state !== 'off';
		turnOff.hidden = state !== 'on';
		turnOn.disabled = false;
	};

	if (!supported()) {
		show('unsupported');
		return;
	}

	turnOn.addEventListener('click', () => {
		turnOn.disabled = true;
		status.textContent = TEXTS.working;
		// The permission is asked first, within the tap, as Safari requires.
		void Notification.requestPermission()
			.then(async (permission) => {
				if (permission !== 'granted') return show('denied');
				const subscription = await subscribeHere();
				await call('POST', subscription.toJSON());
				show('on');
			})
			.catch((error: unknown) => {
				show('off', error instanceof Error && error.message ? error.message : TEXTS.failed);
			});
	});

	turnOff.addEventListener('click', () => {
		turnOff.disabled = true;
		void (async () => {
			const registration = await navigator.serviceWorker.getRegistration('/');
			const subscription = await registration?.pushManager.getSubscription();
			if (subscription) {
				await call('DELETE', { endpoint: subscription.endpoint });
				await subscription.unsubscribe();
			}
			show('off');
		})()
			.catch((error: unknown) => {
				show('on', error instanceof Error && error.message ? error.message : TEXTS.failed);
			})
			.finally(() => {
				turnOff.disabled = false;
			});
	});

	// A device subscribed before keeps its pings: its subscription is posted again.
	if (Notification.permission === 'denied') return show('denied');
	if (Notification.permission !== 'granted') return show('off');
	void navigator.serviceWorker
		.getRegistration('/')
		.then(async (registration) => {
			if (!(await registration?.pushManager.getSubscription())) return show('off');
			const subscription = await subscribeHere();
			await call('POST', subscription.toJSON());
			show('on');
		})
		.catch(() => show('off'));
}
