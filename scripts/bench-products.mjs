// @ts-check
// The synthetic catalogue of the stock and report benches: products of four variants written as
// the build's product files (api/product/<id>.json), as many as a bench asks for.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The four flavours of every synthetic product; each variant is `<flavour>-900-g`. */
export const FLAVOURS = ['Cioccolato', 'Vaniglia', 'Fragola', 'Neutro'];

/**
 * Writes `count` synthetic products (`prodotto-prova-0` …) into a client folder's api/product.
 * @param {string} clientDir
 * @param {number} count
 */
export function writeProducts(clientDir, count) {
	mkdirSync(join(clientDir, 'api/product'), { recursive: true });
	for (let n = 0; n < count; n++) {
		const id = `prodotto-prova-${n}`;
		writeFileSync(
			join(clientDir, 'api/product', `${id}.json`),
			JSON.stringify({
				id,
				name: `Prodotto di prova ${n}`,
				brand: `Marca ${n % 17}`,
				variants: FLAVOURS.map((flavour) => ({
					id: `${flavour.toLowerCase()}-900-g`,
					flavour,
					size: '900 g',
					priceCents: 2990,
				})),
			}),
		);
	}
}
