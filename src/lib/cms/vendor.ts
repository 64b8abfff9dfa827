import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The editor's files, served from the site's own origin under /admin/cms/. Sveltia CMS's
 * prebuilt script (node_modules/@sveltia/cms/dist/sveltia-cms.js, pinned in package.json) would
 * fetch its three fonts from cdn.jsdelivr.net and its translations from unpkg.com at run time:
 * the copy served here points both at files served beside it, taken from the same package.
 * Each rewrite must match exactly as often as expected, or the build stops: an upgrade of the CMS
 * that moves them is noticed, never shipped half-rewritten. The rest of what the script could
 * fetch from a CDN belongs to widgets this site does not configure (code, map, PDF preview), and
 * /admin's own policy (ADMIN_CSP) blocks it anyway.
 */

/** Where the editor's files are served. */
export const CMS_BASE = '/admin/cms';

export interface VendorFile {
	/** Path under CMS_BASE, e.g. "sveltia-cms.js", "fonts/noto-mono-latin-400-normal.woff2". */
	path: string;
	contents: Buffer | string;
}

const FONT_URL =
	/https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(?::vf)?@[\d.]+\/([a-z0-9-]+)\.woff2/g;
const LOCALES_URL = /`\$\{[\w$]+\}@\$\{[\w$]+\}\/locales`/g;
/** The package's own address, from which it checks for a newer release (package.json). */
const PACKAGE_URL = /([\w$]+)=`https:\/\/unpkg\.com\/@sveltia\/cms`/g;

/** The script with its CDN addresses pointed at CMS_BASE, and the font files it then needs. */
export function rewriteScript(source: string): { script: string; fonts: string[] } {
	const fonts = new Set<string>();
	const fontCount = [...source.matchAll(FONT_URL)].length;
	const localeCount = [...source.matchAll(LOCALES_URL)].length;
	const packageCount = [...source.matchAll(PACKAGE_URL)].length;
	if (fontCount !== 3 || localeCount !== 1 || packageCount !== 1) {
		throw new Error(
			`Sveltia CMS: lo script non ha più gli indirizzi attesi (font: ${fontCount} invece di 3, ` +
				`traduzioni: ${localeCount} invece di 1, pacchetto: ${packageCount} invece di 1). ` +
				`Controllate src/lib/cms/vendor.ts dopo l'aggiornamento.`,
		);
	}
	const script = source
		.replace(FONT_URL, (_, family: string, subset: string) => {
			const file = `${family}-${subset}.woff2`;
			fonts.add(file);
			return `${CMS_BASE}/fonts/${file}`;
		})
		.replace(LOCALES_URL, '`' + CMS_BASE + '/locales`')
		// Its check for a newer release reads CMS_BASE/package.json: the pinned version, so none.
		.replace(PACKAGE_URL, (_, name: string) => `${name}=\`${CMS_BASE}\``)
		.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
	return { script, fonts: [...fonts].sort() };
}

/** Every file served under CMS_BASE, read from the installed package. */
export function vendorFiles(packageDir: string): VendorFile[] {
	const source = readFileSync(path.join(packageDir, 'dist/sveltia-cms.js'), 'utf8');
	const { script, fonts } = rewriteScript(source);
	const assets = readdirSync(path.join(packageDir, 'npm/assets'));
	const { name, version } = JSON.parse(
		readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
	) as { name: string; version: string };
	const files: VendorFile[] = [
		{ path: 'sveltia-cms.js', contents: script },
		{ path: 'package.json', contents: JSON.stringify({ name, version }) },
	];
	for (const font of fonts) {
		// The package names its copies with a hash: source-sans-3-latin-wght-normal-BqRLTx4X.woff2.
		const stem = font.replace(/\.woff2$/, '');
		const asset = assets.find((name) => name.startsWith(`${stem}-`) && name.endsWith('.woff2'));
		if (!asset) throw new Error(`Sveltia CMS: manca il font ${font} nel pacchetto.`);
		files.push({
			path: `fonts/${font}`,
			contents: readFileSync(path.join(packageDir, 'npm/assets', asset)),
		});
	}
	for (const name of readdirSync(path.join(packageDir, 'locales'))) {
		if (!name.endsWith('.json')) continue;
		files.push({
			path: `locales/${name}`,
			contents: readFileSync(path.join(packageDir, 'locales', name)),
		});
	}
	return files;
}

/** The policy of /admin: the editor's own files, GitHub's API for saving, nothing else. */
export const ADMIN_CSP = [
	"default-src 'self'",
	"script-src 'self'",
	// Svelte sets styles on elements as it draws them.
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
	"media-src 'self' blob:",
	"font-src 'self'",
	// data: and blob: for the pictures it draws and the photos it uploads; GitHub's API and
	// status page for saving.
	"connect-src 'self' data: blob: https://api.github.com https://www.githubstatus.com",
	"worker-src 'self' blob:",
	"frame-src 'self' blob:",
	"object-src 'none'",
	"base-uri 'self'",
	"form-action 'self'",
	"frame-ancestors 'none'",
].join('; ');
