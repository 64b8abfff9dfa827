import { writeFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { findChromium, playwrightChromiumArgs } from '../../../scripts/browser-path.mjs';

/**
 * A fake camera for the counter's scanner: the QR code a real confirmation page shows, read off
 * that page in Chromium, written as a Y4M video (a text header, then raw I420 frames: the
 * grey levels, and two planes of neutral colour), and a Chromium launched with that video as its
 * camera (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=…`), which
 * loops it for as long as the page reads it.
 */

/** A grey image, one byte a pixel, row by row. */
export interface GreyImage {
	width: number;
	height: number;
	pixels: number[];
}

/**
 * The QR code of the confirmation page of a reservation, as the customer's phone shows it:
 * the page's own `img[data-pickup-qr]` drawn on a canvas of `size` pixels and read back in grey.
 */
export async function confirmationQr(page: Page, address: string, size = 300): Promise<GreyImage> {
	await page.goto(address);
	const qr = page.locator('img[data-pickup-qr]');
	await qr.waitFor();
	const pixels = await qr.evaluate(async (img: HTMLImageElement, side: number) => {
		await img.decode();
		const canvas = document.createElement('canvas');
		canvas.width = side;
		canvas.height = side;
		const context = canvas.getContext('2d');
		if (!context) throw new Error('No 2D canvas.');
		context.fillStyle = '#fff';
		context.fillRect(0, 0, side, side);
		context.imageSmoothingEnabled = false;
		context.drawImage(img, 0, 0, side, side);
		const { data } = context.getImageData(0, 0, side, side);
		const grey: number[] = [];
		for (let i = 0; i < data.length; i += 4) {
			grey.push(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
		}
		return grey;
	}, size);
	return { width: size, height: size, pixels };
}

/**
 * Writes a Y4M video of `frames` frames, `width` × `height`, showing `image` in the middle of a
 * light grey background, as a phone held over the customer's screen would see it.
 */
export function writeY4m(
	file: string,
	image: GreyImage,
	{ width = 640, height = 480, frames = 10 } = {},
): void {
	const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
	const luma = Buffer.alloc(width * height, 200);
	const left = Math.floor((width - image.width) / 2);
	const top = Math.floor((height - image.height) / 2);
	for (let y = 0; y < image.height; y++) {
		for (let x = 0; x < image.width; x++) {
			luma[(top + y) * width + left + x] = image.pixels[y * image.width + x] ?? 255;
		}
	}
	const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
	const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
	writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/**
 * A Chromium whose camera is the video `file`; `grant` answers every camera prompt with yes
 * (`--use-fake-ui-for-media-stream`), otherwise with no (`--deny-permission-prompts`), as a
 * member of staff who refuses the camera.
 */
export async function launchWithCamera(file: string, { grant = true } = {}): Promise<Browser> {
	const found = findChromium();
	return chromium.launch({
		...(found ? { executablePath: found.path } : {}),
		args: [
			...playwrightChromiumArgs(),
			'--use-fake-device-for-media-stream',
			`--use-file-for-fake-video-capture=${file}`,
			grant ? '--use-fake-ui-for-media-stream' : '--deny-permission-prompts',
		],
	});
}
