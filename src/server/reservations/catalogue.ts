/**
 * What the server knows of the build it serves for reservations: the settings of
 * dist/client/api/ritiro.json (company name, hold days, shops), read once at start-up, and the
 * products of dist/client/api/product/<id>.json, for the item checks.
 *
 * Products are read on demand and kept: at start-up only the folder is listed (one readdir,
 * however large the catalogue), and a product id is looked up only when it passed the strict id
 * pattern and is one of the listed files, so no request can make the server read another file
 * or fill its memory with ids that do not exist; the cache holds at most the build's products,
 * each read once. Reading them all at start-up would cost a second or more for a catalogue of
 * thousands, for products that may never be reserved.
 *
 * Under `astro dev` the same data comes over HTTP from the dev server itself
 * (`httpPickupCatalogue`, used by src/integrations/dev-contact.ts), read from the content.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isCatalogueId, toPickupProduct, type PickupProduct } from '../../lib/reservations/product';
import { toPickupSettings } from '../../lib/reservations/settings';
import type { PickupSettings } from '../../lib/reservations/types';
import { readBodyAtMost } from '../core/submission';

/** The settings and products a reservation is checked against. */
export interface PickupCatalogue {
	readonly settings: PickupSettings;
	/** The product with this id, or undefined when the build has none. */
	product(id: string): Promise<PickupProduct | undefined>;
	/** Every product of the build, by id (the stock list shows every variant). */
	products(): Promise<PickupProduct[]>;
}

/** Where the build writes them, under its client folder. */
export const PICKUP_SETTINGS_FILE = 'api/ritiro.json';
export const PRODUCT_FOLDER = 'api/product';

/** The settings of the JSON text of /api/ritiro.json; throws naming `source` when unusable. */
export function parsePickupSettings(text: string, source: string): PickupSettings {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		throw new Error(`${source} is not JSON.`);
	}
	const settings = toPickupSettings(parsed);
	if (!settings) {
		throw new Error(`${source} is not the pickup settings the build writes.`);
	}
	return settings;
}

/** The product of the JSON text of /api/product/<id>.json; throws naming `source` when unusable. */
function parseProduct(text: string, source: string): PickupProduct {
	const product = toPickupProduct(JSON.parse(text));
	if (!product) throw new Error(`${source} is not a product resource of the build.`);
	return product;
}

/**
 * The catalogue of a build's client folder (dist/client). Throws at once when ritiro.json or the
 * product folder cannot be read, so the server stops at start-up with the reason.
 */
export function filePickupCatalogue(clientDir: string): PickupCatalogue {
	const settingsPath = join(clientDir, PICKUP_SETTINGS_FILE);
	const settings = parsePickupSettings(readFileSync(settingsPath, 'utf8'), settingsPath);
	const folder = join(clientDir, PRODUCT_FOLDER);
	// Only the JSON files themselves, not the .br and .gz copies beside them.
	const ids = new Set(
		readdirSync(folder)
			.filter((name) => name.endsWith('.json'))
			.map((name) => name.slice(0, -'.json'.length))
			.filter(isCatalogueId),
	);
	const cache = new Map<string, Promise<PickupProduct>>();
	const catalogue: PickupCatalogue = {
		settings,
		async products() {
			const found = await Promise.all([...ids].sort().map((id) => catalogue.product(id)));
			return found.filter((product) => product !== undefined);
		},
		product(id) {
			if (!isCatalogueId(id) || !ids.has(id)) return Promise.resolve(undefined);
			let product = cache.get(id);
			if (!product) {
				const path = join(folder, `${id}.json`);
				product = readFile(path, 'utf8').then((text) => parseProduct(text, path));
				// A failed read is tried again next time, not remembered.
				product.catch(() => cache.delete(id));
				cache.set(id, product);
			}
			return product;
		},
	};
	return catalogue;
}

/**
 * The catalogue served by a running dev server at `origin` (http://127.0.0.1:4321): the
 * settings once, products at each look-up (the content may change while it runs).
 */
/** Largest file of the build read over HTTP (a product's JSON is a few kilobytes). */
const MAX_FILE_BYTES = 1024 * 1024;

/** The text of a fetched file of the build, read through the server's bounded reader. */
async function textOf(answer: Response, url: string): Promise<string> {
	const read = await readBodyAtMost(answer, MAX_FILE_BYTES);
	if (!read.ok)
		throw new Error(`${url}: ${read.why === 'too-large' ? 'too large' : 'unreadable'}.`);
	return new TextDecoder().decode(read.bytes);
}

export async function httpPickupCatalogue(
	origin: string,
	fetchJson: (url: string) => Promise<Response> = fetch,
): Promise<PickupCatalogue> {
	const settingsUrl = new URL(`/${PICKUP_SETTINGS_FILE}`, origin).href;
	const answer = await fetchJson(settingsUrl);
	if (!answer.ok) throw new Error(`${settingsUrl} answered ${answer.status}.`);
	const settings = parsePickupSettings(await textOf(answer, settingsUrl), settingsUrl);
	const catalogue: PickupCatalogue = {
		settings,
		async products() {
			const url = new URL('/api/catalogue.json', origin).href;
			const answer = await fetchJson(url);
			if (!answer.ok) throw new Error(`${url} answered ${answer.status}.`);
			const body = JSON.parse(await textOf(answer, url)) as { products?: { id?: unknown }[] };
			const ids = (body.products ?? []).map((entry) => entry.id).filter(isCatalogueId);
			const found = await Promise.all(ids.map((id) => catalogue.product(id)));
			return found.filter((product) => product !== undefined);
		},
		async product(id) {
			if (!isCatalogueId(id)) return undefined;
			const url = new URL(`/${PRODUCT_FOLDER}/${id}.json`, origin).href;
			const product = await fetchJson(url);
			if (product.status === 404) return undefined;
			if (!product.ok) throw new Error(`${url} answered ${product.status}.`);
			return parseProduct(await textOf(product, url), url);
		},
	};
	return catalogue;
}
