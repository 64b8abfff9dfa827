/**
 * Module preloads for the pages' scripts (docs/navigation.md). Vite splits the code shared by the
 * page script and the islands (the stores, the open-now rule) into chunks that the page script
 * imports, and a browser only learns of them once that script has arrived: one more round trip
 * before the script runs. A `<link rel="modulepreload">` beside the script for each module it
 * imports, however deep, fetches them all at once. Pure: the build (src/integrations/
 * module-preload.ts) gives it the pages and the chunks.
 */

/**
 * The modules a built chunk imports statically, in order ("./toasts.C0D9JxD2.js"). Rollup
 * writes them at the start of the chunk, one statement each, so reading stops at the first
 * statement that is not an import: a dynamic `import("./x.js")` further on is not one of them.
 */
export function staticImportsOf(code: string): string[] {
	const statement = /^\s*import\s*(?:[\w$*{},\s]*?\s*from\s*)?(["'])([^"']+)\1\s*;?/;
	const imports: string[] = [];
	let rest = code;
	for (let match = statement.exec(rest); match; match = statement.exec(rest)) {
		imports.push(match[2] ?? '');
		rest = rest.slice(match[0].length);
	}
	return imports;
}

/** An address relative to another ("./b.js" from "/_astro/a.js" is "/_astro/b.js"). */
function resolveFrom(base: string, specifier: string): string | null {
	if (!specifier.startsWith('./') && !specifier.startsWith('../') && !specifier.startsWith('/')) {
		return null;
	}
	return new URL(specifier, `https://site.invalid${base}`).pathname;
}

/**
 * Every module a page script imports statically, directly or through another, each once, in the
 * order a browser would meet them. `read` gives a built file's code by its address
 * ("/_astro/x.js"), or null when the build has no such file (then it is not preloaded).
 */
export function importsOf(entry: string, read: (address: string) => string | null): string[] {
	const found: string[] = [];
	const seen = new Set([entry]);
	const queue = [entry];
	for (let address = queue.shift(); address !== undefined; address = queue.shift()) {
		const code = read(address);
		if (code === null) continue;
		for (const specifier of staticImportsOf(code)) {
			const dependency = resolveFrom(address, specifier);
			if (dependency === null || seen.has(dependency) || read(dependency) === null) continue;
			seen.add(dependency);
			found.push(dependency);
			queue.push(dependency);
		}
	}
	return found;
}

/** A page's module scripts: `<script type="module" src="…"></script>`, as Astro writes them. */
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/**
 * The page with a modulepreload link before each of its module scripts for every module that
 * script imports and the page does not preload yet. A page without module scripts is returned
 * as it is.
 */
export function withModulePreloads(html: string, read: (address: string) => string | null): string {
	const preloaded = new Set(
		[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]),
	);
	return html.replace(MODULE_SCRIPT, (script: string, entry: string) => {
		const links = importsOf(entry, read)
			.filter((address) => !preloaded.has(address))
			.map((address) => {
				preloaded.add(address);
				return `<link rel="modulepreload" href="${address}">`;
			});
		return `${links.join('')}${script}`;
	});
}
