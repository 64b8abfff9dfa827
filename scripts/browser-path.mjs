// Which Chromium the end-to-end tests use: shared by scripts/ensure-browser.mjs (which installs
// one when none is found) and playwright.config.ts (which launches it). No side effects.
import { accessSync, constants, statSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** System locations of Chromium, in order of preference. */
/**
 * Flags Chromium needs on these machines (no sandbox as root, no GPU, no internet): used by the
 * end-to-end tests (playwright.config.ts) and by the Lighthouse bench (scripts/bench.mjs).
 */
export const CHROMIUM_ARGS = Object.freeze([
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
]);

export const SYSTEM_CHROMIUM_PATHS = Object.freeze([
	'/usr/bin/chromium',
	'/usr/bin/chromium-browser',
]);

/** True when `path` is an executable file. */
export function isExecutableFile(path) {
	try {
		accessSync(path, constants.X_OK);
		return statSync(path).isFile();
	} catch {
		return false;
	}
}

/** Playwright's own downloaded Chromium, whether or not it has been downloaded. */
export function playwrightChromiumPath() {
	try {
		return chromium.executablePath();
	} catch {
		return '';
	}
}

/**
 * The Chromium to use and where it was found: env CHROMIUM_PATH, /usr/bin/chromium,
 * /usr/bin/chromium-browser, then Playwright's download; null when none exists.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ path: string, source: string } | null}
 */
export function findChromium(env = process.env) {
	/** @type {{ path: string, source: string }[]} */
	const candidates = [];
	if (env.CHROMIUM_PATH) candidates.push({ path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' });
	for (const path of SYSTEM_CHROMIUM_PATHS) candidates.push({ path, source: 'system' });
	const downloaded = playwrightChromiumPath();
	if (downloaded) candidates.push({ path: downloaded, source: 'Playwright download' });
	return candidates.find(({ path }) => isExecutableFile(path)) ?? null;
}
