/**
 * The staff desk's page scripts. Everything works without them (plain links and forms); they
 * add what a counter with two tablets needs:
 *
 * - the list refreshes itself every 25 seconds and whenever the tab is shown again, reading the
 *   page anew with `no-store` (a plain GET, so it works through the CDN proxy too) and replacing
 *   the list, so a change made at another counter shows here;
 * - where the browser has BarcodeDetector, 'Scansiona il QR' reads the code on the customer's
 *   confirmation page with the camera and opens that reservation (the button stays hidden
 *   elsewhere);
 * - a reservation's page asks the API every 25 seconds whether it changed meanwhile, and says
 *   so; and asks for a confirmation before 'Ritirata' (cancelling confirms with its own box).
 */
import { pickupCodeOf } from '../lib/pickup/code';

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

/** The shape of BarcodeDetector, where the browser has it. */
interface Detector {
	detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The camera scanner: opens the reservation of the pickup code it reads. */
function startScanner(): void {
	const Barcode = (window as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
	const button = document.querySelector<HTMLButtonElement>('[data-desk-scan]');
	const dialog = document.querySelector<HTMLDialogElement>('[data-desk-scanner]');
	const video = document.querySelector<HTMLVideoElement>('[data-desk-video]');
	const status = document.querySelector<HTMLElement>('[data-desk-scan-status]');
	if (!Barcode || !button || !dialog || !video || !status || !navigator.mediaDevices) return;
	button.hidden = false;
	let stream: MediaStream | null = null;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const stop = () => {
		clearTimeout(timer);
		for (const track of stream?.getTracks() ?? []) track.stop();
		stream = null;
	};
	dialog.addEventListener('close', stop);
	button.addEventListener('click', () => {
		status.textContent = '';
		dialog.showModal();
		const detector = new Barcode({ formats: ['qr_code'] });
		navigator.mediaDevices
			.getUserMedia({ video: { facingMode: 'environment' }, audio: false })
			.then(async (camera) => {
				stream = camera;
				video.srcObject = camera;
				await video.play();
				const look = async () => {
					if (!stream) return;
					const [found] = await detector.detect(video).catch(() => []);
					const code = pickupCodeOf(found?.rawValue ?? '');
					if (code !== null) {
						stop();
						window.location.assign(`/gestione?codice=${encodeURIComponent(code)}`);
						return;
					}
					timer = setTimeout(() => void look(), 250);
				};
				await look();
			})
			.catch(() => {
				status.textContent =
					'Fotocamera non disponibile: consenti l’accesso alla fotocamera o scrivi il codice.';
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

/** A reservation's page: the notice when it changed meanwhile, the confirmation of 'Ritirata'. */
export function startDeskDetail(): void {
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
