// Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible
// file of dist/client, for the server (src/server/static-files.ts, sirv) and CDNs to send without compressing on every
// request. Files under 1 KB are skipped, and a compressed copy is kept only when it is smaller
// than the original. Safe to run again: stale copies of a file are rewritten or removed.
//
// Usage: node scripts/precompress.mjs   (DIST_DIR overrides <repo>/dist)
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set([
	'.html',
	'.css',
	'.js',
	'.mjs',
	'.json',
	'.svg',
	'.xml',
	'.txt',
	'.webmanifest',
	'.ico',
]);
const MIN_SIZE = 1024;
const PARALLEL = 8;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = join(resolve(process.env.DIST_DIR ?? join(root, 'dist')), 'client');

/** Every file under `dir`, depth first. */
function* walk(dir) {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) yield* walk(path);
		else if (entry.isFile()) yield path;
	}
}

/** The extension of `path` with its dot, lower case ('' when none). */
const extensionOf = (path) => extname(path).toLowerCase();

/** Writes `target` when `data` is smaller than the original, else removes any stale copy. */
function keepIfSmaller(target, data, originalSize) {
	if (data.length < originalSize) {
		writeFileSync(target, data);
		return data.length;
	}
	rmSync(target, { force: true });
	return originalSize;
}

async function compress(path) {
	const original = readFileSync(path);
	const isText = extensionOf(path) !== '.ico';
	const [br, gz] = await Promise.all([
		brotli(original, {
			params: {
				[constants.BROTLI_PARAM_MODE]: isText
					? constants.BROTLI_MODE_TEXT
					: constants.BROTLI_MODE_GENERIC,
				[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
				[constants.BROTLI_PARAM_SIZE_HINT]: original.length,
			},
		}),
		gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
	]);
	return {
		original: original.length,
		br: keepIfSmaller(`${path}.br`, br, original.length),
		gz: keepIfSmaller(`${path}.gz`, gz, original.length),
	};
}

let files;
try {
	files = [...walk(clientDir)].filter(
		(path) => COMPRESSIBLE.has(extensionOf(path)) && statSync(path).size >= MIN_SIZE,
	);
} catch (error) {
	console.error(`precompress: cannot read ${clientDir} (run astro build first).`);
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
}

const totals = { original: 0, br: 0, gz: 0 };
for (let i = 0; i < files.length; i += PARALLEL) {
	for (const sizes of await Promise.all(files.slice(i, i + PARALLEL).map(compress))) {
		totals.original += sizes.original;
		totals.br += sizes.br;
		totals.gz += sizes.gz;
	}
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
	`precompress: ${files.length} files in ${clientDir}, ${kb(totals.original)} -> br ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
);
