/**
 * The import graph of the repository's own modules, read with TypeScript's own pre-processor
 * (`ts.preProcessFile`: the import and export specifiers of a file, type-only ones included,
 * without parsing or type checking) and resolved with the project's tsconfig, so `~/` and
 * extension-less paths point where the compiler points them. `.astro` files are read through
 * their frontmatter. About a second for src/ and tools/, where a whole-program checker or an
 * ESLint import rule takes tens.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The files whose imports are followed. */
const SOURCE = new Set(['.ts', '.tsx', '.mts', '.mjs', '.js', '.astro']);

/** Every source file under the folders, as absolute paths. */
function sourceFiles(folders: readonly string[]): string[] {
	return folders.flatMap((folder) =>
		readdirSync(folder, { recursive: true, withFileTypes: true })
			.filter((entry) => entry.isFile() && SOURCE.has(extname(entry.name)))
			.map((entry) => join(entry.parentPath, entry.name)),
	);
}

/** The script a file's imports are read from: an `.astro` file's frontmatter, or the file. */
function scriptOf(file: string): string {
	const text = readFileSync(file, 'utf8');
	if (!file.endsWith('.astro')) return text;
	const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
	return frontmatter?.[1] ?? '';
}

/** The compiler options of tsconfig.json at the root (its `paths` above all). */
function compilerOptions(root: string): ts.CompilerOptions {
	const file = join(root, 'tsconfig.json');
	const read = (name: string) => ts.sys.readFile(name);
	const { config } = ts.readConfigFile(file, read) as { config: { compilerOptions?: unknown } };
	return ts.convertCompilerOptionsFromJson(config.compilerOptions, root, file).options;
}

/**
 * The graph of the files under the folders (paths relative to the root, `/`-separated): per
 * file, the files of the same folders it imports. Imports that leave them (packages, `astro:`
 * modules, assets) are left out.
 */
export function importGraph(root: string, folders: readonly string[]): Map<string, string[]> {
	const options = compilerOptions(root);
	const files = sourceFiles(folders.map((folder) => resolve(root, folder)));
	const known = new Set(files);
	const host: ts.ModuleResolutionHost = {
		fileExists: (name) => known.has(name) || ts.sys.fileExists(name),
		readFile: (name) => ts.sys.readFile(name),
	};
	const name = (file: string) => relative(root, file).split('\\').join('/');
	const graph = new Map<string, string[]>();
	for (const file of files) {
		const { importedFiles } = ts.preProcessFile(scriptOf(file), true, true);
		const targets = new Set<string>();
		for (const { fileName: specifier } of importedFiles) {
			const target = specifier.endsWith('.astro')
				? resolveAstro(root, file, specifier)
				: ts.resolveModuleName(specifier, file, options, host).resolvedModule?.resolvedFileName;
			if (target && known.has(target)) targets.add(name(target));
		}
		graph.set(name(file), [...targets].sort());
	}
	return graph;
}

/** An `.astro` import: relative, or through `~/`; TypeScript does not resolve these itself. */
function resolveAstro(root: string, from: string, specifier: string): string | undefined {
	if (specifier.startsWith('~/')) return join(root, 'src', specifier.slice(2));
	if (specifier.startsWith('.')) return resolve(from, '..', specifier);
	return undefined;
}

/**
 * The graph of the folders just under a prefix (`src/lib/`): a file there stands for its folder,
 * a file directly under the prefix for itself; files outside the prefix and imports within one
 * folder are left out.
 */
export function folderGraph(
	graph: ReadonlyMap<string, readonly string[]>,
	prefix: string,
): Map<string, string[]> {
	const unit = (file: string) => {
		if (!file.startsWith(prefix)) return undefined;
		const [first, ...rest] = file.slice(prefix.length).split('/');
		return rest.length ? prefix + first : file;
	};
	const folders = new Map<string, Set<string>>();
	for (const [file, targets] of graph) {
		const from = unit(file);
		if (!from) continue;
		const set = folders.get(from) ?? new Set<string>();
		for (const target of targets) {
			const to = unit(target);
			if (to && to !== from) set.add(to);
		}
		folders.set(from, set);
	}
	return new Map([...folders].map(([folder, set]) => [folder, [...set].sort()]));
}

/**
 * The import cycles of a graph, one per strongly connected group of files (Tarjan's
 * algorithm): each is the group's files, sorted. A file that imports itself is a cycle too.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const cycles: string[][] = [];
	let next = 0;
	const visit = (file: string) => {
		index.set(file, next);
		low.set(file, next);
		next += 1;
		stack.push(file);
		onStack.add(file);
		for (const target of graph.get(file) ?? []) {
			if (!index.has(target)) {
				visit(target);
				low.set(file, Math.min(low.get(file)!, low.get(target)!));
			} else if (onStack.has(target)) {
				low.set(file, Math.min(low.get(file)!, index.get(target)!));
			}
		}
		if (low.get(file) !== index.get(file)) return;
		const group: string[] = [];
		let member: string | undefined;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			group.push(member);
		} while (member !== file);
		if (group.length > 1 || graph.get(file)?.includes(file)) cycles.push(group.sort());
	};
	for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
	return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
