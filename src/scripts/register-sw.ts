/**
 * Registers the service worker (/sw.js, scope /) after the first paint, as the last of the page's
 * late parts (src/scripts/late/parts.ts, which load this module only where browsers have service
 * workers), and offers 'Aggiorna' when a new version of the site is waiting.
 */
import { HYDRATING_ATTRIBUTE, whenQuiet } from '../lib/hydration/loading';
import { showToast } from '../stores/toasts';

/** How long the update offer stays on screen, in milliseconds. */
const UPDATE_TOAST_MS = 10 * 60 * 1000;

function offerUpdate(worker: ServiceWorker) {
	showToast({
		title: 'Nuova versione disponibile',
		description: 'Aggiorna per vedere i contenuti più recenti.',
		duration: UPDATE_TOAST_MS,
		action: {
			label: 'Aggiorna',
			onClick: () => {
				// Reload once the new worker controls the page.
				navigator.serviceWorker.addEventListener(
					'controllerchange',
					() => window.location.reload(),
					{
						once: true,
					},
				);
				// The tap on 'Aggiorna' can be the visitor's first use of the page, which loads the
				// islands' scripts through the current worker. Chromium swaps workers once the current
				// one has stopped: asked while those requests were still coming, it stopped, was
				// started again by the next one and then waited out its 30-second idle time. So the new
				// worker is asked to take over once the islands have loaded.
				void whenQuiet(() => document.querySelector(`[${HYDRATING_ATTRIBUTE}]`) !== null).then(() =>
					worker.postMessage({ type: 'SKIP_WAITING' }),
				);
			},
		},
	});
}

async function register() {
	const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
	// A first install has no controller: there is nothing to update yet.
	if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
	registration.addEventListener('updatefound', () => {
		const installing = registration.installing;
		installing?.addEventListener('statechange', () => {
			if (installing.state === 'installed' && navigator.serviceWorker.controller) {
				offerUpdate(installing);
			}
		});
	});
}

/** Registers the worker; the page has loaded by now. */
function registerLate(): void {
	void register().catch((error: unknown) => console.warn('Service worker non registrato', error));
}

/** The late part's one step (src/scripts/late/parts.ts). */
export const steps = [registerLate];
