/**
 * The QR reader for browsers without a BarcodeDetector of their own (Safari on iPhone, Firefox,
 * Chromium on Linux): the `barcode-detector` ponyfill, ZXing-C++ compiled to WebAssembly. By
 * default it fetches its .wasm from a public CDN; here the build copies the file into the site
 * (Vite's `?url` import emits it under /_astro/ with a hash of its contents) and
 * `prepareZXingModule` points the library there, so nothing is fetched from another host and the
 * Content Security Policy's `'wasm-unsafe-eval'` and `connect-src 'self'` suffice. This module is
 * imported only when 'Scansiona il QR' is tapped on a browser that needs it, and the camera starts
 * while its WebAssembly loads.
 */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The ponyfill's BarcodeDetector, once its WebAssembly is loaded (rejects when it cannot be). */
export async function zxingDetector(): Promise<typeof BarcodeDetector> {
	await prepareZXingModule({
		overrides: {
			locateFile: (path: string, prefix: string) =>
				path.endsWith('.wasm') ? wasmUrl : prefix + path,
		},
		fireImmediately: true,
	});
	return BarcodeDetector;
}
