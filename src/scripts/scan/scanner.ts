/**
 * The counter's camera scanner, loaded when 'Scansiona il QR' is first tapped: the rear camera
 * (facingMode 'environment') in a dialog with a frame to aim at, read continuously until a
 * pickup code turns up, which opens its reservation (src/lib/reservations/scan.ts decides what a read
 * value is and where it leads). The browser's own BarcodeDetector reads it where it has one that
 * knows QR codes; elsewhere the ZXing ponyfill (./zxing.ts) is loaded from the site. A camera that
 * cannot start (permission refused, none there) closes the dialog with an Italian message next to
 * the code field, which keeps working.
 */
import {
	cameraErrorText,
	scannedValueOf,
	scanOutcomeOf,
	SCAN_TEXTS,
} from '../../lib/reservations/scan';

/** The part of BarcodeDetector the scanner uses. */
interface Detector {
	detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
	new (options: { formats: string[] }): Detector;
	getSupportedFormats?: () => Promise<readonly string[]>;
}

/** Which reader runs: the browser's own, or the ponyfill. */
export type ScanEngine = 'native' | 'zxing';

/** Pause between two reads of the video, in ms: about six a second. */
const READ_EVERY_MS = 160;
/** How long a code just answered is not looked up again, in ms. */
const SAME_CODE_MS = 4000;

/** The browser's own BarcodeDetector when it reads QR codes, else null. */
async function nativeDetector(): Promise<DetectorClass | null> {
	const native = (window as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
	if (!native) return null;
	try {
		const formats = (await native.getSupportedFormats?.()) ?? ['qr_code'];
		return formats.includes('qr_code') ? native : null;
	} catch {
		return null;
	}
}

/** The reader to use, and which one it is. */
async function loadDetector(): Promise<{ Detector: DetectorClass; engine: ScanEngine }> {
	const native = await nativeDetector();
	if (native) return { Detector: native, engine: 'native' };
	const { zxingDetector } = await import('./zxing');
	return { Detector: (await zxingDetector()) as unknown as DetectorClass, engine: 'zxing' };
}

/** The elements of the desk's page the scanner works with. */
export interface ScannerParts {
	dialog: HTMLDialogElement;
	video: HTMLVideoElement;
	status: HTMLElement;
	/** The message next to the code field, for a camera that would not start. */
	fieldError: HTMLElement;
	field: HTMLInputElement;
}

/** Opens the scanner; resolves once the camera runs or has failed. */
export async function openScanner(parts: ScannerParts): Promise<void> {
	const { dialog, video, status, fieldError, field } = parts;
	let stream: MediaStream | null = null;
	let timer: ReturnType<typeof setTimeout> | undefined;
	let lastCode = '';
	let lastAt = 0;
	const stop = () => {
		clearTimeout(timer);
		for (const track of stream?.getTracks() ?? []) track.stop();
		stream = null;
		video.srcObject = null;
	};
	dialog.addEventListener('close', stop, { once: true });
	status.textContent = 'Avvio la fotocamera…';
	fieldError.hidden = true;
	dialog.showModal();

	const failed = (text: string) => {
		stop();
		if (dialog.open) dialog.close();
		fieldError.textContent = text;
		fieldError.hidden = false;
		field.focus();
	};

	let detector: Detector;
	try {
		const [{ Detector, engine }, camera] = await Promise.all([
			loadDetector(),
			navigator.mediaDevices.getUserMedia({
				video: { facingMode: { ideal: 'environment' } },
				audio: false,
			}),
		]);
		stream = camera;
		dialog.dataset['scanEngine'] = engine;
		detector = new Detector({ formats: ['qr_code'] });
		if (!dialog.open) {
			stop();
			return;
		}
		video.srcObject = camera;
		await video.play();
	} catch (error) {
		const name = error instanceof DOMException ? error.name : undefined;
		failed(name ? cameraErrorText(name) : SCAN_TEXTS.noDecoder);
		return;
	}
	status.textContent = 'Inquadra il codice QR nel riquadro.';

	const look = async (): Promise<void> => {
		if (!stream) return;
		const found = await detector.detect(video).catch(() => []);
		for (const { rawValue } of found) {
			const value = scannedValueOf(rawValue);
			if (value.kind === 'other') {
				status.textContent = SCAN_TEXTS.notOurs;
				continue;
			}
			if (value.code === lastCode && Date.now() - lastAt < SAME_CODE_MS) continue;
			lastCode = value.code;
			lastAt = Date.now();
			status.textContent = `Letto ${value.code}: cerco la prenotazione…`;
			const answer = await fetch(
				`/api/gestione/prenotazioni?codice=${encodeURIComponent(value.code)}`,
				{ cache: 'no-store', credentials: 'same-origin', headers: { Accept: 'application/json' } },
			).catch(() => null);
			const body: unknown = answer ? await answer.json().catch(() => null) : null;
			const outcome = scanOutcomeOf(value.code, answer?.status ?? 0, body);
			if (outcome.kind === 'open') {
				stop();
				window.location.assign(outcome.href);
				return;
			}
			status.textContent = outcome.text;
		}
		if (stream) timer = setTimeout(() => void look(), READ_EVERY_MS);
	};
	await look();
}
