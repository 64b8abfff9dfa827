// Which Chromium the end-to-end tests use: shared by scripts/ensure-browser.mjs (which installs
// one when none is found) and playwright.config.ts (which launches it). No side effects.
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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

/**
 * Chromium features the browser tests turn off, beside those Playwright turns off itself. Each
 * new browser context opens a window, for which Chromium prepares its own tab strip and side
 * panel pages (web pages of its interface, in a renderer of their own): the tests never show
 * them, and preparing them took a tenth of the browser tests' CPU on two cores.
 */
const TEST_DISABLED_FEATURES = Object.freeze(['PreloadTopChromeWebUI']);

/**
 * The features Playwright turns off in Chromium, read from its own code (its list changes with
 * its versions); null when they cannot be found there. Chromium reads one `--disable-features`
 * only, so a test run that turns off more must repeat Playwright's.
 */
export function playwrightDisabledFeatures() {
	try {
		const require = createRequire(import.meta.url);
		const core = path.dirname(require.resolve('playwright-core/package.json'));
		const bundle = readFileSync(path.join(core, 'lib/coreBundle.js'), 'utf8');
		const list = /\bdisabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
		const features = [...(list ?? '').matchAll(/^\s*"(\w+)",?\s*$/gm)].map((match) => match[1]);
		return features.length > 0 ? features : null;
	} catch {
		return null;
	}
}

/**
 * The flags of Chromium under Playwright: CHROMIUM_ARGS, and Playwright's features turned off
 * along with the tests' own. When Playwright's list cannot be read, its own flag stands alone.
 */
export function playwrightChromiumArgs() {
	const playwright = playwrightDisabledFeatures();
	if (!playwright) return [...CHROMIUM_ARGS];
	return [
		...CHROMIUM_ARGS,
		`--disable-features=${[...playwright, ...TEST_DISABLED_FEATURES].join(',')}`,
	];
}

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
