// The site's TypeScript for plain Node scripts, which on Node 20 cannot load .ts files. The
// compiler is esbuild, the one Astro and Vite already use for TypeScript; it is resolved through
// astro, whose own dependency it is, so no package is added.
import { createRequire } from 'node:module';

const requireFromHere = createRequire(import.meta.url);
const requireFromAstro = createRequire(requireFromHere.resolve('astro/package.json'));

/** @type {typeof import('esbuild')} */
export const esbuild = requireFromAstro('esbuild');

/**
 * Compiles a TypeScript module and its imports into one ES module in memory and imports it.
 * @param {string} entry absolute path of the .ts file
 * @returns {Promise<any>} the module's exports
 */
export async function importTypeScript(entry) {
	const result = await esbuild.build({
		entryPoints: [entry],
		bundle: true,
		write: false,
		format: 'esm',
		platform: 'node',
		target: 'node20',
		legalComments: 'none',
		logLevel: 'warning',
		// CommonJS packages in the bundle (yaml) require Node's built-ins at run time.
		banner: {
			js: `import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(${JSON.stringify(entry)});`,
		},
	});
	const code = result.outputFiles[0]?.text ?? '';
	return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
