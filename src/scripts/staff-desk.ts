/**
 * The staff desk's page scripts. Everything works without them (plain links and forms); they
 * add what a counter with two tablets needs:
 *
 * - the list refreshes itself every 25 seconds and whenever the tab is shown again, reading the
 *   page anew with `no-store` (a plain GET, so it works through the CDN proxy too) and replacing
 *   the list, so a change made at another counter shows here;
 * - 'Scansiona il QR' reads the code on the customer's confirmation page with the camera and
 *   opens that reservation: with the browser's own BarcodeDetector, or ZXing's WebAssembly
 *   where there is none (./scan/scanner.ts, loaded on the first tap);
 * - a reservation's page asks the API every 25 seconds whether it changed meanwhile, and says
 *   so; and asks for a confirmation before 'Ritirata' (cancelling confirms with its own box).
 */
import { secondsLeft } from '../lib/reservations/undo';

const REFRESH_MS = 25_000;

/** "10:32", Rome time. */
function clock(date: Date): string {
	return new Intl.DateTimeFormat('it-IT', {
		hour: '2-digit',
		minute: '2-digit',
		timeZone: 'Europe/Rome',
	}).format(date);
}

/** Runs `refresh` every REFRESH_MS and when the tab is shown again; never two at once. */
function everyFewSeconds(refresh: () => Promise<void>): void {
	let running = false;
	const run = () => {
		if (running || document.visibilityState !== 'visible') return;
		running = true;
		void refresh().finally(() => {
			running = false;
		});
	};
	setInterval(run, REFRESH_MS);
	document.addEventListener('visibilitychange', run);
}

/**
 * 'Scansiona il QR' on every browser with a camera: the scanner (./scan/scanner.ts, with the
 * QR reader it needs) is loaded only when the button is tapped, and a second tap while it loads
 * is ignored.
 */
function startScanner(): void {
	const button = document.querySelector<HTMLButtonElement>('[data-desk-scan]');
	const dialog = document.querySelector<HTMLDialogElement>('[data-desk-scanner]');
	const video = document.querySelector<HTMLVideoElement>('[data-desk-video]');
	const status = document.querySelector<HTMLElement>('[data-desk-scan-status]');
	const fieldError = document.querySelector<HTMLElement>('[data-desk-scan-error]');
	const field = document.querySelector<HTMLInputElement>('#codice');
	if (!button || !dialog || !video || !status || !fieldError || !field) return;
	if (!navigator.mediaDevices?.getUserMedia) return;
	button.hidden = false;
	let opening = false;
	button.addEventListener('click', () => {
		if (opening || dialog.open) return;
		opening = true;
		void import('./scan/scanner')
			.then(({ openScanner }) => openScanner({ dialog, video, status, fieldError, field }))
			.catch(() => {
				fieldError.textContent =
					'Lo scanner non si è caricato: controlla la connessione, o scrivi il codice nel campo.';
				fieldError.hidden = false;
			})
			.finally(() => {
				opening = false;
			});
	});
}

/** The list page: refreshing list, scanner. */
export function startDeskList(): void {
	startScanner();
	everyFewSeconds(async () => {
		const list = document.querySelector<HTMLElement>('[data-desk-list]');
		if (!list) return;
		try {
			const answer = await fetch('/gestione', {
				cache: 'no-store',
				credentials: 'same-origin',
				headers: { Accept: 'text/html' },
			});
			// Signed out meanwhile (a redirect to the sign-in page): the next reload says so.
			if (!answer.ok || answer.redirected) return;
			const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
			const fresh = page.querySelector<HTMLElement>('[data-desk-list]');
			if (!fresh) return;
			// Focus stays where it was when the row it was on is still there.
			const focused = document.activeElement?.getAttribute('data-desk-row');
			list.replaceChildren(...[...fresh.childNodes].map((node) => document.importNode(node, true)));
			if (focused) {
				list.querySelector<HTMLElement>(`[data-desk-row="${CSS.escape(focused)}"]`)?.focus();
			}
			const note = list.querySelector<HTMLElement>('[data-desk-updated]');
			if (note) note.textContent = `Aggiornato alle ${clock(new Date())}`;
		} catch {
			const note = document.querySelector<HTMLElement>('[data-desk-updated]');
			if (note) note.textContent = 'Aggiornamento non riuscito: riprovo tra poco.';
		}
	});
}

/**
 * The undo of 'Pronta': counts the seconds left down, and once they are over takes the button
 * away (the server would refuse it: the e-mail has left), saying so.
 */
function startUndoCountdown(): void {
	const form = document.querySelector<HTMLFormElement>('form[data-desk-undo]');
	const left = document.querySelector<HTMLElement>('[data-desk-undo-left]');
	const note = left?.closest('p');
	const until = Date.parse(form?.dataset['deskUndo'] ?? '');
	if (!form || !left || !note || !Number.isFinite(until)) return;
	const tick = () => {
		const seconds = secondsLeft(new Date(until), new Date());
		if (seconds > 0) {
			left.textContent = String(seconds);
			return;
		}
		clearInterval(timer);
		note.textContent = 'Segnata come pronta: l’e-mail al cliente è partita.';
		form.remove();
	};
	const timer = setInterval(tick, 1000);
	tick();
}

/** The pick list: the undo's countdown, and 'Stampa'. */
export function startPickList(): void {
	startUndoCountdown();
	const print = document.querySelector<HTMLButtonElement>('[data-pick-print]');
	if (!print) return;
	print.hidden = false;
	print.addEventListener('click', () => window.print());
}

/** A reservation's page: the notice when it changed meanwhile, the confirmation of 'Ritirata'. */
export function startDeskDetail(): void {
	startUndoCountdown();
	for (const form of document.querySelectorAll<HTMLFormElement>('form[data-confirm]')) {
		form.addEventListener('submit', (event) => {
			if (!window.confirm(form.dataset['confirm'] ?? 'Confermi?')) event.preventDefault();
		});
	}
	const page = document.querySelector<HTMLElement>('[data-desk-reservation]');
	const notice = document.querySelector<HTMLElement>('[data-desk-changed]');
	const id = page?.dataset['deskReservation'];
	const version = Number(page?.dataset['version']);
	if (!page || !notice || !id) return;
	everyFewSeconds(async () => {
		const answer = await fetch(`/api/gestione/prenotazioni/${encodeURIComponent(id)}`, {
			cache: 'no-store',
			credentials: 'same-origin',
		}).catch(() => null);
		if (!answer?.ok) return;
		const now = (await answer.json()) as { version?: unknown; statusLabel?: unknown };
		if (typeof now.version === 'number' && now.version !== version) {
			notice.hidden = false;
			const label = notice.querySelector<HTMLElement>('[data-desk-changed-status]');
			if (label && typeof now.statusLabel === 'string') label.textContent = now.statusLabel;
		}
	});
}
